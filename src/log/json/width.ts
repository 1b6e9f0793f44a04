/**
 * The size twin of the depth cap (./depth.ts): a log line's JSON value may hold millions of small containers
 * side by side (`[{"a":1},{"a":1},…]`: 8 bytes of log each, ~40 bytes of heap each once parsed), and the
 * model keeps that value, so 16 MB of it took 464 MB. A line's value keeps at most `MAX_JSON_NODES` nodes
 * (values inside containers, counted in order, depth first: a container's members before its next sibling);
 * past that, each container with members left gets `widthNote` in place of them — an extra last element in
 * an array, a last `WIDTH_NOTE_KEY` key in an object — so every card, the inspector, search and export show
 * the cut as they show the depth note. `capWidth` is the pass over a parsed value (an explicit stack, no
 * recursion) and returns a value within the cap as it is; the long-line parser (./piece-parser.ts)
 * applies the same rule as it reads, building nothing past the cap. Both count an object's members in the
 * order they are listed: the parsed object's own order here, the text's there. The two can differ only for a
 * value that reaches the cap and holds an object with integer-like keys (JavaScript lists them first) or a
 * key twice (the text has a member more); either way the line keeps at most the cap, deterministically.
 */
import { defineOwnKey } from './own-key'

/**
 * Nodes a line's value keeps. The corpus's fullest line (a request header: system prompt and tool schemas)
 * holds 496; 100,000 is 200× that, and at worst (`{}` or `{"a":1}` per node, ~40 bytes) costs ~4 MB, under
 * the 4 MiB the shortest line that reaches the cap through the long-line parser already is.
 */
export const MAX_JSON_NODES = 100_000

/** The key an object's note sits under (after its kept keys). */
export const WIDTH_NOTE_KEY = '…'

/** What stands in for a container's members past the cap (an array's last element, an object's last key). */
export const widthNote = (max: number): string => `… more than ${max} values in one line: the rest left out`

/** `widthNote(MAX_JSON_NODES)`. */
export const WIDTH_NOTE = widthNote(MAX_JSON_NODES)

/** Where the cap pass is inside one container: its members (keys for an object) and the next one's index. */
type Frame = { from: object; keys: string[] | null; length: number; next: number }

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null

function frameOf(from: object): Frame {
  if (Array.isArray(from)) return { from, keys: null, length: from.length, next: 0 }
  const keys = Object.keys(from)
  return { from, keys, length: keys.length, next: 0 }
}

/**
 * `value` unchanged when it holds at most `max` nodes, else a copy that keeps the first `max` (containers
 * finished before the cut are shared, not copied) with the note in every container cut short.
 */
export function capWidth<T>(value: T, max = MAX_JSON_NODES): T | unknown {
  if (!isContainer(value)) return value
  const stack: Frame[] = [frameOf(value)]
  let nodes = 0
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame
    if (frame.next === frame.length) {
      stack.pop()
      continue
    }
    if (nodes === max) return cutAt(stack, max === MAX_JSON_NODES ? WIDTH_NOTE : widthNote(max))
    nodes++
    const at = frame.next++
    const member: unknown = frame.keys === null ? (frame.from as unknown[])[at] : (frame.from as Record<string, unknown>)[frame.keys[at] as string]
    if (isContainer(member)) stack.push(frameOf(member))
  }
  return value
}

/**
 * The cut copy, built from the innermost open container out: each keeps the members before its `next` (the
 * outer ones: before the member being read, which is the copy just made), and the note if any are left.
 */
function cutAt(stack: Frame[], note: string): unknown {
  let inner: unknown = undefined
  for (let d = stack.length - 1; d >= 0; d--) {
    const { from, keys, length, next } = stack[d] as Frame
    const innermost = d === stack.length - 1
    const whole = innermost ? next : next - 1
    const cut = next < length
    if (keys === null) {
      const copy = (from as unknown[]).slice(0, whole)
      if (!innermost) copy.push(inner)
      if (cut) copy.push(note)
      inner = copy
      continue
    }
    const copy: Record<string, unknown> = {}
    const source = from as Record<string, unknown>
    // Defined, not assigned: a `__proto__` key stays an own data key, as JSON.parse makes it.
    for (let i = 0; i < whole; i++) defineOwnKey(copy, keys[i] as string, source[keys[i] as string])
    if (!innermost) defineOwnKey(copy, keys[next - 1] as string, inner)
    if (cut) defineOwnKey(copy, WIDTH_NOTE_KEY, note)
    inner = copy
  }
  return inner
}
