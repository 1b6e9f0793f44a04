/**
 * A key set on an object the way `JSON.parse` sets it: an own, enumerable, writable data property, `__proto__`
 * included (an assignment would set the object's prototype instead). The caps that copy a parsed value
 * (./depth.ts, ./width.ts), the long-line parser (./piece-parser.ts) and the parser's record copies keep
 * log keys with it.
 */
export function defineOwnKey(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true })
}
