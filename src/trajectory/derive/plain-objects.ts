/**
 * Why the snapshot's records, results and requests are made by constructors and not written as literals.
 * V8 gives the objects of a constructor room for the properties its first objects are seen to get
 * (in-object slack tracking). A literal's object has room for its own fields only, so every optional field
 * set later goes to a separate property array: most records get four to eight, most results a preview,
 * most requests their usage, cumulative usage, options and result. That array grows three fields at a time
 * and is promoted with the snapshot. A constructor made here has Object.prototype as its prototype, so
 * what it makes is the same plain object a literal made, with its keys in the order the constructor sets
 * them (./plain-objects.test.ts holds it).
 */

/** `init` (which sets an object's first fields on `this`) as a constructor of plain objects. */
export function plainConstructor<T extends object, A extends unknown[]>(init: (this: T, ...args: A) => void): new (...args: A) => T {
  init.prototype = Object.prototype
  return init as unknown as new (...args: A) => T
}
