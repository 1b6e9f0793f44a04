/**
 * The node cap's pass over a parsed value (`capWidth`), as a table: which nodes stay, where the note goes
 * (an array's last element, an object's `…` key), that a value within the cap is returned as it is, and that
 * `capJson` applies both caps, depth first. The long-line parser's agreement with it is in
 * json/piece-parser.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { capJson, DEPTH_NOTE, MAX_JSON_DEPTH } from './depth'
import { capWidth, MAX_JSON_NODES, WIDTH_NOTE, WIDTH_NOTE_KEY, widthNote } from './width'

const K = WIDTH_NOTE_KEY

describe('capWidth', () => {
  const n = (max: number) => widthNote(max)
  it.each<[string, string, number, unknown]>([
    ['a scalar', '7', 0, 7],
    ['an empty array at cap 0', '[]', 0, []],
    ['an array at cap 0', '[1]', 0, [n(0)]],
    ['an object at cap 0', '{"a":1}', 0, { [K]: n(0) }],
    ['an array that fits exactly', '[1,2,3]', 3, [1, 2, 3]],
    ['an array one past', '[1,2,3,4]', 3, [1, 2, 3, n(3)]],
    ['an object one past', '{"a":1,"b":2,"c":3}', 2, { a: 1, b: 2, [K]: n(2) }],
    ['a container counts, then its members', '[[1,2],3]', 2, [[1, n(2)], n(2)]],
    ['a finished container is kept whole', '[[1,2],3]', 3, [[1, 2], n(3)]],
    ['only containers with members left get the note', '[1,[2,[3]]]', 5, [1, [2, [3]]]],
    ['the cut on the last member of inner containers', '[1,[2,[3]],4]', 5, [1, [2, [3]], n(5)]],
    ['nested objects', '{"a":{"b":{"c":1,"d":2}},"e":3}', 3, { a: { b: { c: 1, [K]: n(3) } }, [K]: n(3) }],
    ['an object cut at a key', '{"a":[1],"b":2}', 2, { a: [1], [K]: n(2) }],
    ['a kept `…` key takes the note in its place', '{"…":1,"z":2}', 1, { '…': n(1) }],
    ['small objects side by side', '[{"a":1},{"a":1},{"a":1}]', 3, [{ a: 1 }, { [K]: n(3) }, n(3)]],
  ])('%s: %s at cap %i', (_, text, max, want) => {
    expect(capWidth(JSON.parse(text), max)).toEqual(want)
  })

  it('returns a value within the cap as it is, and shares containers finished before the cut', () => {
    const v = JSON.parse('[[1,2],{"a":[3]},4,5]') as unknown[]
    // 8 nodes: [1,2], 1, 2, {…}, [3], 3, 4, 5.
    expect(capWidth(v, 8)).toBe(v)
    const cut = capWidth(v, 7) as unknown[]
    expect(cut).toEqual([[1, 2], { a: [3] }, 4, n(7)])
    expect(cut[0]).toBe(v[0])
    expect(cut[1]).toBe(v[1])
  })

  it('keeps key order and `__proto__` as an own key', () => {
    const v = capWidth(JSON.parse('{"b":1,"__proto__":{"x":2},"a":3,"c":4}'), 4) as Record<string, unknown>
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype)
    expect(Object.keys(v)).toEqual(['b', '__proto__', 'a', K])
    expect(Object.getOwnPropertyDescriptor(v, '__proto__')?.value).toEqual({ x: 2 })
  })

  it('walks millions of members and a deep value without recursion', () => {
    const wide = JSON.parse(`[${'{"a":1},'.repeat(1_000_000)}0]`) as unknown
    const got = capWidth(wide) as unknown[]
    // Two nodes an object: half the cap's count of objects, then the note.
    expect(got.length).toBe(MAX_JSON_NODES / 2 + 1)
    expect(got[got.length - 1]).toBe(WIDTH_NOTE)
    // A nesting within the node cap (each level is a node) but far past any call stack.
    const depth = MAX_JSON_NODES / 2
    const deep = JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown
    expect(capWidth(deep) === deep).toBe(true)
  })
})

describe('capJson', () => {
  it('caps depth first, then nodes (a note in place of a deep container counts as one node)', () => {
    const text = `[${'['.repeat(MAX_JSON_DEPTH + 5)}${']'.repeat(MAX_JSON_DEPTH + 5)},${'0,'.repeat(MAX_JSON_NODES)}0]`
    const got = capJson(JSON.parse(text), text.length) as unknown[]
    // The first member is MAX_JSON_DEPTH nodes once depth-capped (99 levels of arrays and the note), not 105.
    expect(got.length).toBe(1 + (MAX_JSON_NODES - MAX_JSON_DEPTH) + 1)
    expect(got[got.length - 1]).toBe(WIDTH_NOTE)
    expect(JSON.stringify(got[0])).toContain(JSON.stringify(DEPTH_NOTE))
  })

  it('leaves a value from a text too short to pass a cap unwalked', () => {
    // 2 × MAX_JSON_NODES characters hold at most MAX_JSON_NODES nodes; a shorter length is taken on trust.
    const v = JSON.parse(`[${'0,'.repeat(MAX_JSON_NODES + 1)}0]`) as unknown
    expect(capJson(v, 2 * MAX_JSON_NODES)).toBe(v)
    expect(capJson(v)).not.toBe(v)
  })
})
