/**
 * Lookup tables and maps that log strings index: a plain object literal answers `table['constructor']` or
 * `table['__proto__']` from `Object.prototype`, so a tool named `toString` would find a function where a
 * string was expected. `ownTable` gives the same literal without a prototype (only its own keys answer);
 * `ownRecord` is an empty prototype-free object to fill from log keys (a `__proto__` key stays a key).
 */

/** `entries` as a frozen object without prototype: unknown keys, `__proto__` included, read `undefined`. */
export function ownTable<T>(entries: { readonly [key: string]: T }): Readonly<Record<string, T | undefined>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries))
}

/** An empty object without prototype, to fill with keys from a log. */
export function ownRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>
}
