/**
 * JSON values from a log nest as deep as the writer liked; `JSON.parse` copes with thousands of levels, but
 * every recursive walk after it (`JSON.stringify`, structured clone, React, the redactor) runs out of stack
 * long before. So a value is capped once, where it enters: `capDepth` replaces whatever sits deeper than
 * `MAX_JSON_DEPTH` levels with a note string, and everything downstream may walk values recursively.
 * Both walks here are iterative (an explicit stack), and a value within the cap is returned as it is.
 * `capJson` adds the size cap (./width.ts: at most `MAX_JSON_NODES` values a line), depth first.
 */
import { capWidth, MAX_JSON_NODES } from './width'
import { defineOwnKey } from './own-key'

/** Levels of arrays/objects kept; the 101st level becomes `DEPTH_NOTE`. */
export const MAX_JSON_DEPTH = 100

/** What stands in for a subtree below the cap (shown wherever the value is shown). */
export const DEPTH_NOTE = `… nested deeper than ${MAX_JSON_DEPTH} levels`

const isContainer = (v: unknown): v is object => typeof v === 'object' && v !== null

/**
 * Whether `value` has arrays/objects nested more than `max` levels (a scalar is level 0). Recursive, but
 * never deeper than `max + 1` calls: it stops at the first container below the cap (the fastest walk, run
 * on every long log line).
 */
export function deeperThan(value: unknown, max: number): boolean {
  if (!isContainer(value)) return false
  return max <= 0 || containerDeeper(value, max - 1)
}

function containerDeeper(v: object, left: number): boolean {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const c: unknown = v[i]
      if (typeof c === 'object' && c !== null && (left <= 0 || containerDeeper(c, left - 1))) return true
    }
    return false
  }
  const o = v as Record<string, unknown>
  for (const k in o) {
    const c = o[k]
    if (typeof c === 'object' && c !== null && (left <= 0 || containerDeeper(c, left - 1))) return true
  }
  return false
}

/** `value` unchanged when within `max` levels, else a copy whose deeper containers are `DEPTH_NOTE`. */
export function capDepth<T>(value: T, max = MAX_JSON_DEPTH): T | unknown {
  if (!deeperThan(value, max)) return value
  const note = max === MAX_JSON_DEPTH ? DEPTH_NOTE : `… nested deeper than ${max} levels`
  const root: { v: unknown } = { v: undefined }
  // Each job copies `from` into `into[key]` at depth `d`.
  const jobs: { from: unknown; into: Record<string | number, unknown>; key: string | number; d: number }[] = [{ from: value, into: root, key: 'v', d: 1 }]
  while (jobs.length > 0) {
    const { from, into, key, d } = jobs.pop() as (typeof jobs)[number]
    if (!isContainer(from)) {
      into[key] = from
      continue
    }
    if (d > max) {
      into[key] = note
      continue
    }
    if (Array.isArray(from)) {
      const copy: unknown[] = new Array(from.length)
      into[key] = copy
      from.forEach((c, i) => jobs.push({ from: c, into: copy as unknown as Record<number, unknown>, key: i, d: d + 1 }))
    } else {
      // Keys are defined, not assigned: a `__proto__` key stays a plain own key, as JSON.parse makes it.
      const copy: Record<string, unknown> = {}
      for (const [k, c] of Object.entries(from)) {
        // Defined now, filled by its job: the key order stays the source's whatever order the jobs run in.
        defineOwnKey(copy, k, undefined)
        jobs.push({ from: c, into: copy, key: k, d: d + 1 })
      }
      into[key] = copy
    }
  }
  return root.v
}

/**
 * Both caps on a value parsed from `length` characters of JSON: the depth cap, then the node cap. Each walk
 * runs only when the text is long enough to pass its cap (a level takes at least 2 characters, and so does a
 * node: its own and a comma or bracket), so a short line costs nothing here.
 */
export function capJson(value: unknown, length = Infinity): unknown {
  const shallow = length > 2 * MAX_JSON_DEPTH ? capDepth(value) : value
  return length > 2 * MAX_JSON_NODES ? capWidth(shallow) : shallow
}

/** `JSON.parse` with the depth and node caps; throws as `JSON.parse` does. */
export function parseCapped(text: string): unknown {
  return capJson(JSON.parse(text) as unknown, text.length)
}
