/**
 * Hostile input *shapes* (issue 32, point 3), generated as the stored log text in pieces so that a bench
 * can stream hundreds of MB to disk and a test can join a few KB: one tool result of millions of short
 * lines, one tool result of one huge flat line, one tool result of millions of small JSON objects side by
 * side, runs of blank lines and runs of unparsable lines between events. Each is a real session around the shape (header, a turn with a prompt, a `bash` call and its
 * result, a closing answer), written by the typed builder, so everything but the shape is a log dsh could
 * have written. Pure (no node:*): the adversarial suite and the memory bench write the pieces themselves.
 * Same arguments, same bytes.
 */
import { session } from './session'

/** The marker the builder writes where a shape's bytes go (replaced, never seen in the output). */
const MARK = '__SHAPE_BODY__'

export interface ShapeOptions {
  id?: string
  /** Header `version`; default 4 (what dsh writes today). */
  version?: number
}

/**
 * A session whose one `bash` result is `body` (JSON-string content, already escaped, in pieces; with `raw`,
 * JSON text that is the whole result value), followed by a closing answer. Returns the log's pieces in order.
 */
function* withResultBody(options: ShapeOptions, command: string, body: Iterable<string>, raw = false): Generator<string> {
  const b = session({ id: options.id ?? 'shape', version: options.version ?? 4 })
  b.turnStart()
  b.user(`run ${command}`)
  b.stepStart()
  b.assistant([{ type: 'tool-call', id: 'call-1', name: 'bash', arguments: JSON.stringify({ command }) }])
  b.call('bash', { command }, 'call-1')
  b.result('call-1', MARK)
  b.stepEnd()
  b.stepStart()
  b.assistant('Done: the output is above.')
  b.stepEnd()
  b.turnEnd()
  const text = b.jsonl()
  // The marker sits in a JSON string: a raw body takes the place of its quotes too.
  const at = text.indexOf(MARK) - (raw ? 1 : 0)
  yield text.slice(0, at)
  yield* body
  yield text.slice(at + MARK.length + (raw ? 2 : 0))
}

/** Pieces of about `size` characters from `count` repetitions of `unit` (no piece is one giant string). */
function* repeated(unit: string, count: number, size = 1 << 20): Generator<string> {
  const per = Math.max(1, Math.floor(size / Math.max(1, unit.length)))
  const full = unit.repeat(Math.min(per, count))
  let left = count
  while (left >= per) {
    yield full
    left -= per
  }
  if (left > 0) yield unit.repeat(left)
}

/**
 * One `bash` result of `lines` short lines (`"0\n1\n…"`, one digit each: 3 bytes of log per line, so 7 M
 * lines are ~21 MB of log — issue 32's shape).
 */
export function* shortLinesSession(lines: number, options: ShapeOptions = {}): Generator<string> {
  const ten = Array.from({ length: 10 }, (_, i) => `${i}\\n`).join('')
  yield* withResultBody(options, 'seq 1 9999999 | cut -c1', (function* () {
    yield* repeated(ten, Math.floor(lines / 10))
    for (let i = 0; i < lines % 10; i++) yield `${i}\\n`
  })())
}

/** One `bash` result that is a single line of `chars` characters (words, no newline). */
export function* flatLineSession(chars: number, options: ShapeOptions = {}): Generator<string> {
  const unit = 'lorem ipsum dolor sit amet, consectetur adipiscing elit; '
  yield* withResultBody(options, 'cat minified.js', (function* () {
    yield* repeated(unit, Math.floor(chars / unit.length))
    yield unit.slice(0, chars % unit.length)
  })())
}

/**
 * One `bash` result whose value is one JSON array of `items` small objects (`[{"a":1},…]`: 8 bytes of log
 * each, two JSON nodes; the issue 32 fuzz pass's shape, kept by the node cap of ../json/width.ts).
 */
export function* wideResultSession(items: number, options: ShapeOptions = {}): Generator<string> {
  yield* withResultBody(options, 'jq -c "[.[] | {a}]" data.json', (function* () {
    yield '['
    yield* repeated('{"a":1},', Math.max(0, items - 1))
    yield '{"a":1}]'
  })(), true)
}

/** Kinds of lines a run of unreadable lines is made of. */
export type BadLine = 'blank' | 'spaces' | 'garbage' | 'cut-json' | 'not-object' | 'no-envelope'

const BAD_LINES: Record<BadLine, (i: number) => string> = {
  blank: () => '',
  spaces: () => '  \t ',
  garbage: (i) => `garbage ${i} \u0007\u001b[31m<b>`,
  'cut-json': (i) => `{"type":"tool/result","seq":${i},"data":{"turn":1,"ste`,
  'not-object': (i) => `[${i}, "array"]`,
  'no-envelope': (i) => `{"kind":"x","n":${i}}`,
}

/**
 * A two-turn session with a run of `count` unreadable lines between the turns (the kinds in `kinds`, in
 * turn), so the run sits inside committed history. With `tail: true` the run ends the log instead.
 */
export function* badRunSession(count: number, kinds: readonly BadLine[] = ['blank'], options: ShapeOptions & { tail?: boolean } = {}): Generator<string> {
  const b = session({ id: options.id ?? 'shape', version: options.version ?? 4 })
  for (let t = 1; t <= 2; t++) {
    b.turnStart()
    b.user(`prompt ${t}`)
    b.stepStart()
    b.assistant(`answer ${t}`)
    b.stepEnd()
    b.turnEnd()
  }
  const lines = b.jsonl().split('\n')
  // header + turn 1 (6 events); the run goes after them, or after everything.
  const cut = options.tail === true ? lines.length - 1 : 7
  yield `${lines.slice(0, cut).join('\n')}\n`
  if (kinds.length === 1 && kinds[0] === 'blank') {
    yield* repeated('\n', count)
  } else {
    let piece = ''
    for (let i = 0; i < count; i++) {
      piece += `${BAD_LINES[kinds[i % kinds.length] as BadLine](i)}\n`
      if (piece.length >= 1 << 20) {
        yield piece
        piece = ''
      }
    }
    if (piece !== '') yield piece
  }
  if (options.tail !== true) yield `${lines.slice(cut).join('\n')}`
}

/** The pieces joined (for test sizes). */
export const joined = (pieces: Iterable<string>): string => {
  let out = ''
  for (const piece of pieces) out += piece
  return out
}
