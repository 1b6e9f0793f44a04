/**
 * `JsonPieceParser` against `JSON.parse`: the same value (key order, -0, `__proto__` as an own key, lone
 * surrogates) or an error on the same inputs, for generated JSON texts and their mutations cut into pieces
 * at random places — inside escapes, surrogate pairs, numbers and literals — plus a table of edge cases.
 * With the depth and node caps, the value is what `capDepth` then `capWidth` make of JSON.parse's.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JsonPieceParser } from './piece-parser'
import { capDepth } from './depth'
import { capWidth, widthNote, WIDTH_NOTE_KEY } from './width'

/** Parses `text` cut at `cuts` (indices, any order); `maxDepth`: levels built (the depth cap); `maxNodes`: the node cap. */
function parsePieces(text: string, cuts: readonly number[], skipBom = false, maxDepth?: number, maxNodes?: number) {
  const parser = new JsonPieceParser({
    skipBom,
    ...(maxDepth === undefined ? {} : { maxDepth, deepNote: `… nested deeper than ${maxDepth} levels` }),
    ...(maxNodes === undefined ? {} : { maxNodes, wideNote: widthNote(maxNodes), wideKey: WIDTH_NOTE_KEY }),
  })
  let from = 0
  for (const cut of [...new Set(cuts)].filter(c => c > 0 && c < text.length).sort((a, b) => a - b)) {
    parser.push(text.slice(from, cut))
    from = cut
  }
  parser.push(text.slice(from))
  return parser.end()
}

/** What JSON.parse says, in the parser's result shape. */
function reference(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** Deep equality that tells -0 from 0 and checks own keys in order and prototypes (iterative). */
function same(a: unknown, b: unknown): boolean {
  const jobs: [unknown, unknown][] = [[a, b]]
  while (jobs.length > 0) {
    const [x, y] = jobs.pop() as [unknown, unknown]
    if (typeof x !== 'object' || x === null || typeof y !== 'object' || y === null) {
      if (!Object.is(x, y)) return false
      continue
    }
    if (Array.isArray(x) !== Array.isArray(y) || Object.getPrototypeOf(x) !== Object.getPrototypeOf(y)) return false
    const kx = Reflect.ownKeys(x)
    const ky = Reflect.ownKeys(y)
    if (kx.length !== ky.length || kx.some((k, i) => k !== ky[i])) return false
    for (const k of kx) {
      const dx = Object.getOwnPropertyDescriptor(x, k)
      const dy = Object.getOwnPropertyDescriptor(y, k)
      if (dx?.enumerable !== dy?.enumerable || dx?.writable !== dy?.writable) return false
      jobs.push([dx?.value, dy?.value])
    }
  }
  return true
}

/** Nodes in a value, its notes aside (iterative). */
function nodesOf(value: unknown, note: string): number {
  let n = 0
  const jobs = [value]
  while (jobs.length > 0) {
    const v = jobs.pop()
    if (typeof v !== 'object' || v === null) continue
    for (const c of Object.values(v)) {
      if (c !== note) n++
      jobs.push(c)
    }
  }
  return n
}

function agrees(text: string, cuts: readonly number[], maxDepth?: number, maxNodes?: number): boolean {
  const parsed = reference(text)
  let want = parsed
  if (want.ok && maxDepth !== undefined) want = { ok: true, value: capDepth(want.value, maxDepth) }
  if (want.ok && maxNodes !== undefined) want = { ok: true, value: capWidth(want.value, maxNodes) }
  const got = parsePieces(text, cuts, false, maxDepth, maxNodes)
  if (want.ok !== got.ok) return false
  return !want.ok || (got.ok && same(got.value, want.value))
}

// JSON text built from pieces that stress the parser: escapes of every kind, surrogates (paired, lone, raw),
// control characters, odd numbers, `__proto__` and duplicate keys, all JSON whitespace and some that is not.
const ws = fc.constantFrom('', '', ' ', '\t', '\n', '\r', '  \n ', '\u00a0', '\ufeff')
const stringChar = fc.oneof(
  fc.constantFrom('a', 'é', '中', '😀', '\ud800', '\udc00', '\u2028', '"', '\\', '/', '\u0000', '\u001f', '\u007f'),
  fc.constantFrom('\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0041', '\\ud83d\\ude00', '\\ud800', '\\udc00x', '\\uDBFF', '\\u00e9', '\\x', '\\u12', '\\u12g4', '\\'),
  fc.string({ maxLength: 6 }),
)
const stringLit = fc.array(stringChar, { maxLength: 12 }).map(cs => `"${cs.join('')}"`)
const numberLit = fc.oneof(
  fc.constantFrom('0', '-0', '1', '-1', '01', '1.', '.5', '1.5', '1e5', '1E+5', '1e-5', '-', '+1', '1e400', '-1e400', '123456789012345678901234567890', '0.1e-400', '1.7976931348623157e308', '5e-324', '2.5e-324', '1ee5', '0x10', '1-2'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(d => String(d)),
  fc.integer().map(String),
)
const literal = fc.constantFrom('true', 'false', 'null', 'tru', 'nul', 'True', 'nulll', 'undefined', 'NaN')
const key = fc.oneof(stringLit, fc.constantFrom('"__proto__"', '"a"', '"1"', '"constructor"', '"toString"', '""'))
const { value: jsonText } = fc.letrec<{ value: string; object: string; array: string }>(tie => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, stringLit, numberLit, literal, tie('object'), tie('array')),
  object: fc.array(fc.tuple(ws, key, ws, tie('value'), ws), { maxLength: 5 }).map(es => `{${es.map(([a, k, b, v, c]) => `${a}${k}${b}:${v}${c}`).join(',')}}`),
  array: fc.array(fc.tuple(ws, tie('value'), ws), { maxLength: 5 }).map(es => `[${es.map(([a, v, b]) => `${a}${v}${b}`).join(',')}]`),
}))
const documentText = fc.tuple(ws, jsonText, ws).map(([a, v, b]) => `${a}${v}${b}`)

// The same with each object's keys distinct and none integer-like: the text's order is then the parsed
// object's order, the one both caps count members in (./width.ts says where they would differ).
const namedKey = fc.constantFrom('"__proto__"', '"alpha"', '"beta"', '"gamma"', '"delta"', '"…"', '""')
const { value: namedText } = fc.letrec<{ value: string; object: string; array: string }>(tie => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, stringLit, numberLit, literal, tie('object'), tie('array')),
  object: fc
    .uniqueArray(fc.tuple(ws, namedKey, ws, tie('value'), ws), { maxLength: 5, selector: ([, k]) => k })
    .map(es => `{${es.map(([a, k, b, v, c]) => `${a}${k}${b}:${v}${c}`).join(',')}}`),
  array: fc.array(fc.tuple(ws, tie('value'), ws), { maxLength: 6 }).map(es => `[${es.map(([a, v, b]) => `${a}${v}${b}`).join(',')}]`),
}))

/** A mutation of a text: a character dropped, doubled, or replaced by a JSON-significant one. */
const mutationOf = (texts: fc.Arbitrary<string>) =>
  fc.tuple(texts, fc.nat(), fc.constantFrom('drop', 'double', ',', ']', '}', '"', '\\', ':', ' ', 'x', '[', '{')).map(([text, n, how]) => {
    if (text.length === 0) return text
    const at = n % text.length
    if (how === 'drop') return text.slice(0, at) + text.slice(at + 1)
    if (how === 'double') return text.slice(0, at + 1) + text.slice(at)
    return text.slice(0, at) + how + text.slice(at + 1)
  })
const mutated = mutationOf(documentText)
const cutsFor = (text: string) => fc.array(fc.nat({ max: Math.max(0, text.length) }), { maxLength: 12 })
const everyCut = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => i)

describe('JsonPieceParser agrees with JSON.parse', () => {
  it('on generated JSON texts cut anywhere', () => {
    fc.assert(fc.property(documentText.chain(t => fc.tuple(fc.constant(t), cutsFor(t))), ([text, cuts]) => agrees(text, cuts)), { numRuns: 3000 })
  })

  it('on mutated texts cut anywhere', () => {
    fc.assert(fc.property(mutated.chain(t => fc.tuple(fc.constant(t), cutsFor(t))), ([text, cuts]) => agrees(text, cuts)), { numRuns: 3000 })
  })

  // With a depth cap, the value is what capDepth makes of JSON.parse's, and the errors are the same: what
  // lies below the cap is read and checked, only never built.
  it('with a depth cap: capDepth of JSON.parse, on generated and mutated texts cut anywhere', () => {
    fc.assert(fc.property(fc.oneof(documentText, mutated).chain(t => fc.tuple(fc.constant(t), cutsFor(t), fc.integer({ min: 0, max: 3 }))), ([text, cuts, max]) => agrees(text, cuts, max)), { numRuns: 3000 })
  })

  // With a node cap (and the depth cap), the value is capWidth of capDepth of JSON.parse's and the errors are
  // the same: what lies past the cap is read and checked, only never built.
  it('with a node cap: capWidth of JSON.parse, on generated and mutated texts cut anywhere', () => {
    const texts = fc.oneof(namedText, mutationOf(namedText))
    const caps = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }))
    fc.assert(fc.property(texts.chain(t => fc.tuple(fc.constant(t), cutsFor(t), caps)), ([text, cuts, [nodes, depth]]) => agrees(text, cuts, depth, nodes)), { numRuns: 4000 })
  })

  // Whatever the keys (integer-like ones listed first, a key twice), the node cap keeps errors JSON.parse's
  // and never builds more than its nodes.
  it('with a node cap: the same errors, and at most that many nodes, whatever the keys', () => {
    fc.assert(
      fc.property(fc.oneof(documentText, mutated).chain(t => fc.tuple(fc.constant(t), cutsFor(t), fc.integer({ min: 0, max: 6 }))), ([text, cuts, max]) => {
        const got = parsePieces(text, cuts, false, undefined, max)
        return got.ok === reference(text).ok && (!got.ok || nodesOf(got.value, widthNote(max)) <= max)
      }),
      { numRuns: 3000 },
    )
  })

  it('on texts cut between every pair of characters and into one-character pieces', () => {
    fc.assert(
      fc.property(fc.oneof(documentText, mutated), text => {
        if (!agrees(text, everyCut(text))) return false
        const n = text.length
        return [1, 2, 3].every(k => agrees(text, Array.from({ length: n }, (_, i) => Math.floor((i * n) / k))))
      }),
      { numRuns: 1000 },
    )
  })

  it.each([
    ['', false],
    [' ', false],
    ['\ufeff{}', false],
    ['{}', true],
    ['[]', true],
    ['"\\ud800"', true],
    ['"\\ud83d\\ude00"', true],
    ['"\\uD83D\\uDE00"', true],
    ['"a\u0001"', false],
    ['"\\u00"', false],
    ['"\\u00g0"', false],
    ['"\\a"', false],
    ['"abc', false],
    ['"abc\\"', false],
    ['"abc\\\\"', true],
    ['-0', true],
    ['01', false],
    ['1.', false],
    ['.1', false],
    ['+1', false],
    ['1e', false],
    ['1e+', false],
    ['1e400', true],
    ['[1,]', false],
    ['{"a":1,}', false],
    ['{"a" 1}', false],
    ['{a:1}', false],
    ["{'a':1}", false],
    ['[1 2]', false],
    ['{} {}', false],
    ['nul', false],
    ['true false', false],
    ['{"__proto__":{"x":1},"a":2,"__proto__":3}', true],
    ['{"a":1,"b":2,"a":3}', true],
    ['{"2":1,"1":2,"b":3,"a":4}', true],
    ['\t\n\r [ 1 , { "x" : [ ] } ] \n', true],
    ['\u00a0[]', false],
    ['[]\u2028', false],
    ['"\u2028\u2029"', true],
  ])('%j → ok %s, like JSON.parse, whatever the cuts', (text, ok) => {
    expect(reference(text).ok).toBe(ok)
    expect(agrees(text, [])).toBe(true)
    expect(agrees(text, everyCut(text))).toBe(true)
  })
})

describe('JsonPieceParser', () => {
  it('makes `__proto__` an own data property, last value in the first place', () => {
    const got = parsePieces('{"__proto__":{"polluted":1},"a":1,"__proto__":[2]}', [3, 14])
    expect(got.ok).toBe(true)
    const value = (got as { value: Record<string, unknown> }).value
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__', 'a'])
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual([2])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('drops a leading byte-order mark only when asked (the reader does for line 1)', () => {
    expect(parsePieces('\ufeff{"a":1}', [1], true)).toEqual({ ok: true, value: { a: 1 } })
    expect(parsePieces('\ufeff{"a":1}', [], false).ok).toBe(false)
  })

  it('tells a blank text as String#trim does, whatever is JSON whitespace', () => {
    for (const [text, blank] of [['  \n\t', true], ['\u00a0\u3000\ufeff', true], [' x ', false]] as const) {
      const parser = new JsonPieceParser()
      for (const c of text) parser.push(c)
      expect(parser.isBlank).toBe(blank)
      expect(parser.end().ok).toBe(false)
    }
  })

  it('with a depth cap, builds nothing below it: millions of levels are one note', () => {
    const depth = 3_000_000
    const text = `{"a":${'[{"k":'.repeat(depth)}1${'}]'.repeat(depth)},"b":2}`
    const got = parsePieces(text, [10, depth, 3 * depth], false, 2)
    expect(got).toEqual({ ok: true, value: { a: ['… nested deeper than 2 levels'], b: 2 } })
    expect(parsePieces(`[[[[1 2]]]]`, [], false, 1)).toMatchObject({ ok: false })
    expect(parsePieces(`[[[[1]]]}`, [], false, 1)).toMatchObject({ ok: false })
  })

  it('with a node cap, builds nothing past it: millions of members side by side are one note', () => {
    const items = 3_000_000
    const text = `{"a":[${'{"k":[1],"j":{}},'.repeat(items)}2],"b":{"c":3}}`
    const got = parsePieces(text, [10, items, 7 * items], false, 100, 4)
    const note = widthNote(4)
    expect(got).toEqual({ ok: true, value: { a: [{ k: [1], [WIDTH_NOTE_KEY]: note }, note], [WIDTH_NOTE_KEY]: note } })
    expect(parsePieces(`[1,2,[3,4 5]]`, [], false, undefined, 1)).toMatchObject({ ok: false })
    expect(parsePieces(`{"a":1,"b":{"c":2]}`, [], false, undefined, 1)).toMatchObject({ ok: false })
  })

  it('reads a deep nesting without recursion', () => {
    const depth = 200_000
    const text = `${'['.repeat(depth)}1${']'.repeat(depth)}`
    const got = parsePieces(text, [depth, depth + 1])
    expect(got.ok).toBe(true)
    let v = (got as { value: unknown }).value
    let levels = 0
    while (Array.isArray(v)) {
      v = v[0]
      levels++
    }
    expect([levels, v]).toEqual([depth, 1])
  })

  it('decodes a long string of escapes across many pieces like JSON.parse', () => {
    const body = 'line\\n\\t\\u00e9\\ud83d\\ude00\\\\'.repeat(20_000)
    const text = `{"output":"${body}","n":1}`
    const cuts = Array.from({ length: 400 }, (_, i) => Math.floor((i * text.length) / 400) + (i % 7))
    const got = parsePieces(text, cuts)
    expect(got.ok && same(got.value, JSON.parse(text))).toBe(true)
  })

  it('says where the text stops being JSON', () => {
    expect(parsePieces('[1,2,x]', [2, 5])).toEqual({ ok: false, message: "Unexpected token 'x' in JSON at position 5" })
    expect(parsePieces('{"a":"b\\q"}', [8])).toEqual({ ok: false, message: 'Bad escaped character in JSON at position 7' })
    expect(parsePieces('[1', [1])).toEqual({ ok: false, message: 'Unexpected end of JSON input' })
    expect(parsePieces('"ab', [1])).toEqual({ ok: false, message: 'Unterminated string in JSON at position 3' })
  })
})
