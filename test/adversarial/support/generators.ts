/**
 * Generators of hostile session logs, one per class of issue 17: values nested thousands of levels deep
 * (in tool arguments, results, metadata), keys and names that are `Object.prototype` members, session ids
 * that look like the build's own page names, non-regular files among the logs, and a cwd longer than a
 * RegExp may hold; export ZIPs that are damaged or inflate to hundreds of MB. Each returns the stored
 * log text (or writes the files) so the tests can feed them to build, export, snapshot and live alike.
 */
import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { Zip, ZipDeflate, zipSync } from 'fflate'
import { join } from 'node:path'
import { session, type SessionBuilder } from '../../../src/log/testing/session'
import { joined, wideResultSession } from '../../../src/log/testing/shapes'

/** JSON text nested `depth` levels: arrays, objects, or both alternating. */
export function deepJson(depth: number, shape: 'array' | 'object' | 'mixed' = 'mixed'): string {
  let open = ''
  let close = ''
  for (let i = 0; i < depth; i++) {
    const object = shape === 'object' || (shape === 'mixed' && i % 2 === 0)
    open += object ? '{"k":' : '['
    close = (object ? '}' : ']') + close
  }
  return `${open}"leaf"${close}`
}

/** Replaces `"<marker>"` string values with raw JSON text (values too deep for JSON.stringify to write). */
const MARK = '__ADVERSARIAL_DEEP__'
function spliceDeep(jsonl: string, deep: string): string {
  return jsonl.split(`"${MARK}"`).join(deep)
}

function turnWith(b: SessionBuilder, fill: (b: SessionBuilder) => void): void {
  b.turnStart()
  b.user('go')
  b.stepStart()
  fill(b)
  b.stepEnd()
  b.turnEnd()
}

/** A session whose tool arguments, results and metadata nest `depth` levels deep. */
export function deepSession(id: string, depth = 5000): string {
  const deep = deepJson(depth)
  const b = session({ id, version: 4 })
  turnWith(b, b => {
    b.assistant([{ type: 'tool-call', id: 'call-1', name: 'bash', arguments: deep }])
    b.call('bash', deep, 'call-1')
    b.result('call-1', deep, { meta: MARK })
    b.assistant([{ type: 'tool-call', id: 'call-2', name: 'some_mcp_tool', arguments: deep }])
    b.call('some_mcp_tool', deep, 'call-2')
    b.result('call-2', deep, { meta: MARK, isError: true, error: { name: 'E', code: 'x', reason: deep } })
    b.call('run_code', { code: 'x' }, 'call-3')
    b.dispatchStart('call-3', 'fetch', MARK)
    b.dispatchEnd('call-3', 'fetch', MARK, deep)
    b.result('call-3', 'done')
    b.assistant(deep)
  })
  return spliceDeep(b.jsonl(), deep)
}

/**
 * A session with one tool result whose metadata nests `depth` levels in one line: past the reader's long-line
 * size (4 MB) when `depth` is in the millions, so it is parsed piece by piece (src/log/json/piece-parser.ts).
 */
export function deepLineSession(id: string, depth: number): string {
  const b = session({ id, version: 4 })
  turnWith(b, b => {
    b.call('bash', { command: 'ls' }, 'deep-line')
    b.result('deep-line', 'done', { meta: MARK })
    b.assistant('After the deep line.')
  })
  return spliceDeep(b.jsonl(), deepJson(depth))
}

/**
 * A session with one tool result whose output is one JSON array of `items` small objects (`[{"a":1},…]`, 8
 * bytes of log each): millions of containers side by side in one line, which the model would keep as
 * millions of objects (the issue 32 fuzz pass: 16 MB of it peaked at 464 MB) but for the node cap
 * (src/log/json/width.ts).
 */
export function wideLineSession(id: string, items: number): string {
  return joined(wideResultSession(items, { id }))
}

/** Names that reach `Object.prototype` when used as plain-object keys. */
export const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'] as const

/** A session whose tool names, call ids, argument keys and ids are prototype member names. */
export function protoSession(id = '__proto__'): string {
  const b = session({ id, version: 4, header: { parentSession: 'constructor' } })
  turnWith(b, b => {
    for (const name of PROTO_NAMES) {
      const args = `{${PROTO_NAMES.map(k => `${JSON.stringify(k)}:{${JSON.stringify(k)}:1}`).join(',')},"path":"a","command":"ls","todos":{"__proto__":[]}}`
      b.assistant([{ type: 'tool-call', id: name, name, arguments: args }])
      b.call(name, args, name)
      b.result(name, name, { meta: { __proto__: null, constructor: name, toString: 1 } })
    }
    b.call('run_code', '{"code":"x"}', 'toString')
    b.dispatchStart('toString', 'constructor', { __proto__: 1 }, 1, 'constructor')
    b.dispatchEnd('toString', '__proto__', { constructor: 1 }, 'x', { rootCallId: 'valueOf' })
    b.assistant('done')
  })
  // JSON.stringify drops a literal `__proto__` key built with `{ __proto__: … }` (it sets the prototype):
  // write the raw key into the text instead.
  return b.jsonl().split('"constructor":"__proto__"').join('"__proto__":{"constructor":1}')
}

/** Sessions whose ids look like the build's page names beside another session's id. */
export function collidingSessions(): { id: string; text: string }[] {
  const ids = ['x', 'x.p2', 'x.p3', 'x.files', 'index', 'index.p2', 'X', 'x~2', 'assets', '..', '.', 'con', 'a/b']
  return ids.map(id => {
    const b = session({ id, version: 4 })
    turnWith(b, b => b.assistant(`I am session ${id}`))
    // Long enough that "x" paginates only if pages are tiny; the marker proves which page is whose.
    return { id, text: b.jsonl() }
  })
}

/** A plain, small session (for roots next to the hostile ones). */
export function plainSession(id: string, turns = 2): string {
  const b = session({ id, version: 4 })
  for (let t = 0; t < turns; t++) {
    turnWith(b, b => {
      b.assistant([{ type: 'tool-call', id: `c${t}`, name: 'bash', arguments: '{"command":"ls"}' }])
      b.call('bash', { command: 'ls' }, `c${t}`)
      b.result(`c${t}`, `file-${t}.txt`)
      b.assistant(`Turn ${t} of ${id} done.`)
    })
  }
  return b.jsonl()
}

/**
 * `text` whose header `cwd` is a path of `length` characters, used in its own tool call too. A cwd is log
 * text: anything built from it (a pattern that masks it in snapshots) must take any length.
 */
export function withLongCwd(text: string, length: number): string {
  const cwd = `/home/dev/${'d'.repeat(Math.max(0, length - 10))}`
  const lines = text.split('\n')
  const header = (lines[0] ?? '').replace(/"cwd":"(?:[^"\\]|\\.)*"/, `"cwd":"${cwd}"`)
  const withCwd = header.includes(`"cwd":"${cwd}"`) ? header : header.replace(/^\{/, `{"cwd":"${cwd}",`)
  return [withCwd, ...lines.slice(1).map(l => l.replace(/\{\{cwd\}\}/g, cwd))].join('\n')
}

/** Writes `logs` as a sessions root (`<root>/--proj--/<id-ish>/session.jsonl`); returns the root. */
export function writeRoot(root: string, logs: readonly { name: string; text: string }[]): string {
  for (const [i, log] of logs.entries()) {
    const dir = join(root, '--home-dev-proj--', `s${String(i).padStart(3, '0')}-${log.name.replace(/[^A-Za-z0-9_-]/g, '_')}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), log.text)
  }
  return root
}

/**
 * Logs that open but cannot be read at all — nothing names them but their folder: empty, blank, a first
 * line that is not a header, bytes that are not text, a zstd stream cut short of its first block or with
 * flipped bytes. `zstd` makes the valid frame the cut and flipped ones start from (zstd-encode.ts).
 */
export function unreadableLogs(zstd: (text: string) => Uint8Array): { name: string; file: string; bytes: Uint8Array; reason: RegExp }[] {
  const text = plainSession('fine-inside')
  const frame = zstd(text)
  const flipped = Uint8Array.from(frame, (b, i) => (i >= 4 && i % 7 === 0 ? b ^ 0xff : b))
  const noise = Uint8Array.from({ length: 600 }, (_, i) => (i * 151 + 7) % 256)
  const utf8 = (t: string) => new TextEncoder().encode(t)
  return [
    { name: 'empty', file: 'session.jsonl', bytes: new Uint8Array(0), reason: /empty file/ },
    { name: 'blank', file: 'session.jsonl', bytes: utf8('\n\n  \n'), reason: /missing session header: line 1 is empty/ },
    { name: 'headless', file: 'session.jsonl', bytes: utf8(text.split('\n').slice(1).join('\n')), reason: /missing session header: line 1 is a/ },
    { name: 'noise', file: 'session.jsonl', bytes: noise, reason: /./ },
    { name: 'zstd-cut', file: 'session.jsonl.zstd', bytes: frame.subarray(0, 6), reason: /./ },
    { name: 'zstd-flipped', file: 'session.jsonl.zstd', bytes: flipped, reason: /zstd/ },
  ]
}

/** A FIFO where a session log would be (nobody ever writes it: reading it blocks forever). */
export function writeFifo(path: string): void {
  execFileSync('mkfifo', [path])
}

/**
 * Writes a ZIP archive piece by piece with fflate's streaming `Zip` (deflated entries carry data descriptors,
 * as streaming writers make them), so an entry can inflate to hundreds of MB while neither it nor the
 * archive is ever held whole.
 */
export function writeZipStream(path: string, entries: readonly { name: string; pieces: Iterable<Uint8Array> }[]): void {
  const fd = openSync(path, 'w')
  try {
    const zip = new Zip((err, data) => {
      if (err) throw err
      writeSync(fd, data)
    })
    for (const entry of entries) {
      const file = new ZipDeflate(entry.name, { level: 1 })
      zip.add(file)
      for (const piece of entry.pieces) file.push(piece)
      file.push(new Uint8Array(0), true)
    }
    zip.end()
  } finally {
    closeSync(fd)
  }
}

/**
 * A zip bomb's `session.jsonl`: a readable session whose middle line is `mb` MiB of one byte (a few hundred
 * KB deflated). Past the reader's longest line (256 MiB) the line is reported and skipped without being
 * held, so what the archive's reading holds is all that can grow.
 */
export function* zipBombPieces(id: string, mb: number): Generator<Uint8Array> {
  const utf8 = new TextEncoder()
  const b = session({ id, version: 4 })
  turnWith(b, b => {
    b.call('bash', { command: 'yes' }, 'bomb')
    b.result('bomb', MARK)
    b.assistant('After the bomb.')
  })
  const [before = '', after = ''] = b.jsonl().split(`"${MARK}"`)
  const cut = before.lastIndexOf('\n') + 1
  yield utf8.encode(before.slice(0, cut))
  const piece = new Uint8Array(1024 * 1024).fill(0x78)
  for (let i = 0; i < mb; i++) yield piece
  yield utf8.encode(`\n${before.slice(cut)}"x"${after}`)
}

/**
 * Export ZIPs (`session.jsonl` of `text`, deflated) damaged one way each. `page`: the archive still lists the
 * entry, so the session gets its damaged-session page with `reason`; otherwise the archive itself is
 * unreadable and `reason` is the build's problem for it.
 */
export function damagedZips(text: string): { name: string; bytes: Uint8Array; page: boolean; reason: RegExp }[] {
  const good = zipSync({ 'session.jsonl': new TextEncoder().encode(text) })
  const eocd = good.length - 22 // zipSync writes no archive comment
  const central = view(good).getUint32(eocd + 16, true)
  const local = 0
  const dataAt = local + 30 + view(good).getUint16(26, true) + view(good).getUint16(28, true)
  const edit = (change: (bytes: Uint8Array, v: DataView) => void): Uint8Array => {
    const bytes = good.slice()
    change(bytes, view(bytes))
    return bytes
  }
  return [
    { name: 'crc', page: true, reason: /CRC-32 is 0x[0-9a-f]{8}, the directory says/, bytes: edit((_, v) => v.setUint32(central + 16, v.getUint32(central + 16, true) ^ 0xffff, true)) },
    { name: 'garbage', page: true, reason: /deflate data is damaged|CRC-32|inflates/, bytes: edit(b => { for (let i = dataAt + 40; i < central - 40; i += 3) b[i] = (b[i] ?? 0) ^ 0x5a }) },
    { name: 'size', page: true, reason: /inflates past the \d+ bytes/, bytes: edit((_, v) => v.setUint32(central + 24, v.getUint32(central + 24, true) - 10, true)) },
    { name: 'runs-past', page: true, reason: /runs past where the archive's entries end/, bytes: edit((_, v) => v.setUint32(central + 20, v.getUint32(central + 20, true) + 1_000_000, true)) },
    { name: 'encrypted', page: true, reason: /encrypted/, bytes: edit((_, v) => v.setUint16(central + 8, v.getUint16(central + 8, true) | 1, true)) },
    { name: 'method', page: true, reason: /compression method 12/, bytes: edit((_, v) => v.setUint16(central + 10, 12, true)) },
    { name: 'cut', page: false, reason: /not a readable ZIP archive \(no end-of-central-directory record/, bytes: good.slice(0, Math.floor(good.length * 0.6)) },
    { name: 'count', page: false, reason: /not a readable ZIP archive \(65000 entries cannot fit/, bytes: edit((_, v) => { v.setUint16(eocd + 8, 65000, true); v.setUint16(eocd + 10, 65000, true) }) },
  ]
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
