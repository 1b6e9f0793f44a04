/**
 * `sameJson(a, b)`: whether two parsed JSON values are the same value, key order included — when true,
 * `JSON.stringify` gives both the same text. The prompt store (./prompt-store.ts) interns each header's tool
 * catalog and config by their JSON; dsh repeats the same catalog in every `request/header` (7,000 headers of
 * ~3 KB in a 100 MB log), and comparing a header's catalog with the last one interned costs a walk instead of
 * a string the size of the catalog per header. The walk is iterative (nothing from a log is recursed on).
 * It may answer false for values whose JSON is equal (a non-plain object, NaN); the caller then falls back to
 * the JSON, so a false answer only costs time.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const left: unknown[] = [a]
  const right: unknown[] = [b]
  while (left.length > 0) {
    const x = left.pop()
    const y = right.pop()
    if (x === y) continue
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false
      for (let i = 0; i < x.length; i++) {
        left.push(x[i])
        right.push(y[i])
      }
      continue
    }
    if (Array.isArray(y) || Object.getPrototypeOf(x) !== Object.prototype || Object.getPrototypeOf(y) !== Object.prototype) return false
    const xKeys = Object.keys(x)
    const yKeys = Object.keys(y)
    if (xKeys.length !== yKeys.length) return false
    for (let i = 0; i < xKeys.length; i++) {
      const key = xKeys[i] as string
      if (key !== yKeys[i]) return false
      left.push((x as Record<string, unknown>)[key])
      right.push((y as Record<string, unknown>)[key])
    }
  }
  return true
}
