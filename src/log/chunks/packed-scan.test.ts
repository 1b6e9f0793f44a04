/**
 * packed-scan.ts must never change what a line means: whenever it accepts a row's bytes, decoding them and
 * `JSON.parse` + `readPackedRow` accept it too and rebuild the same members; and it must accept the rows
 * dsh actually writes (else skip-superseded mode gains nothing). Checked on generated rows, on every
 * single-character mutation class of them, on byte mutations (invalid UTF-8 included), and on the cases
 * JSON is picky about.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { textDecoderTextOf } from '../bytes/line-splitter'
import { readPackedRow, rowEvent, type PackedRow, type PackedRowType } from './packed'
import { ByteStore } from '../bytes/byte-store'
import { packedRowType, scanPackedRow } from './packed-scan'

const enc = new TextEncoder()
const textOf = textDecoderTextOf()

/** The scanner on a line given as text (its UTF-8 bytes, inside a larger buffer as the reader has it). */
function packedRowPrefix(text: string): PackedRowType | null {
  const bytes = enc.encode(`x\n${text}\n{}`)
  return packedRowType(bytes, 2, bytes.length - 3)
}

function scanText(text: string, type: PackedRowType) {
  const bytes = enc.encode(`x\n${text}\n{}`)
  return scanPackedRow(bytes, 2, bytes.length - 3, type, null, textOf)
}

function members(row: PackedRow) {
  const out = []
  let time = row.time0
  for (let k = 0; k < row.count; k++) {
    if (k > 0 && time !== null) time += row.dt[k - 1] ?? 0
    out.push(rowEvent(row, k, time))
  }
  return out
}

/** What the JSON.parse path makes of a line: the members, or null when it is not a valid row. */
function viaJson(text: string, type: PackedRowType) {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const read = readPackedRow(type, Object.fromEntries(Object.entries(value)), 0)
  return read.ok && !read.synthesized ? members(read.row) : null
}

function viaScan(text: string) {
  const type = packedRowPrefix(text)
  if (type === null) return { type, row: null }
  const row = scanText(text, type)
  return { type, row: row === null ? null : members(row) }
}

const piece = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('', '"', '\\', '\u0000', '\u001f', '\u2028', '🙂', '\ud800'))
const int = fc.oneof(fc.integer({ min: -1000, max: 100_000 }), fc.constantFrom(0, 999_999_999_999_999, 1_796_000_000_000))
const row = fc
  .record({
    type: fc.constantFrom<PackedRowType>('text-chunks', 'reasoning-chunks', 'tool-call-chunks'),
    seq0: fc.nat({ max: 1_000_000 }),
    time0: int,
    turn: fc.nat({ max: 500 }),
    step: fc.nat({ max: 50 }),
    index: fc.nat({ max: 9 }),
    pieces: fc.array(piece, { minLength: 1, maxLength: 8 }),
    gaps: fc.array(fc.integer({ min: -50, max: 500 }), { maxLength: 8 }),
    id: fc.string({ maxLength: 6 }),
    name: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
    dtFirst: fc.boolean(),
  })
  .map((r) => {
    const dt = r.pieces.slice(1).map((_, k) => r.gaps[k] ?? 1)
    const tool = r.type === 'tool-call-chunks'
    // Both data key orders: dsh's (dt before id/name) and the one its tests use.
    const data = tool
      ? r.dtFirst
        ? { turn: r.turn, step: r.step, index: r.index, dt, id: r.id, ...(r.name === undefined ? {} : { name: r.name }), args: r.pieces }
        : { turn: r.turn, step: r.step, index: r.index, id: r.id, ...(r.name === undefined ? {} : { name: r.name }), dt, args: r.pieces }
      : { turn: r.turn, step: r.step, index: r.index, dt, texts: r.pieces }
    return JSON.stringify({ type: r.type, seq0: r.seq0, time0: r.time0, data })
  })

describe('scanPackedRow', () => {
  it('accepts every row as dsh writes it, with the members JSON.parse gives', () => {
    fc.assert(
      fc.property(row, (text) => {
        const scan = viaScan(text)
        expect(scan.row).not.toBeNull()
        expect(scan.row).toEqual(viaJson(text, scan.type ?? 'text-chunks'))
      }),
      { numRuns: 500 },
    )
  })

  it('never accepts what the JSON.parse path would read differently (mutated rows)', () => {
    const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('delete', 'insert', 'replace'), ch: fc.constantFrom(' ', '"', '\\', ',', ']', '}', '0', '-', '.', 'e', 'u', '\t', 'x', '[', ':', '9') })
    fc.assert(
      fc.property(row, fc.array(edit, { minLength: 1, maxLength: 3 }), (text, edits) => {
        let t = text
        for (const e of edits) {
          const at = e.at % (t.length + 1)
          t = e.kind === 'delete' ? t.slice(0, at) + t.slice(at + 1) : e.kind === 'insert' ? t.slice(0, at) + e.ch + t.slice(at) : t.slice(0, at) + e.ch + t.slice(at + 1)
        }
        // Lines reach the scanner as UTF-8 bytes: a surrogate half left by an edit reads as U+FFFD either way.
        t = textOf(enc.encode(t), 0, enc.encode(t).length)
        const scan = viaScan(t)
        if (scan.type === null || scan.row === null) return
        expect(scan.row).toEqual(viaJson(t, scan.type))
      }),
      { numRuns: 2000 },
    )
  })

  const base = '{"type":"text-chunks","seq0":3,"time0":100,"data":{"turn":1,"step":2,"index":0,"dt":[5],"texts":["a","b"]}}'
  it.each<[string, string]>([
    ['a raw tab inside a text (JSON.parse rejects it)', base.replace('"a"', '"a\tb"')],
    ['whitespace between tokens (valid JSON, not what dsh writes)', base.replace('"dt":[5]', '"dt": [5]')],
    ['a leading zero', base.replace('"seq0":3', '"seq0":03')],
    ['a fraction', base.replace('"dt":[5]', '"dt":[5.0]')],
    ['an exponent', base.replace('"time0":100', '"time0":1e2')],
    ['16 digits (may not be a safe integer)', base.replace('"time0":100', '"time0":1000000000000000')],
    ['a duplicate key', base.replace('"turn":1,', '"turn":1,"turn":1,')],
    ['an unknown key', base.replace('"turn":1,', '"turn":1,"extra":1,')],
    ['an empty texts array', base.replace('"dt":[5],"texts":["a","b"]', '"dt":[],"texts":[]')],
    ['dt one short', base.replace('"dt":[5]', '"dt":[]')],
    ['a bad escape', base.replace('"a"', '"\\x"')],
    ['a short unicode escape', base.replace('"a"', '"\\u12"')],
    ['trailing text', `${base} `],
    ['a negative seq0', base.replace('"seq0":3', '"seq0":-3')],
    ['args in a text row', base.replace('"texts"', '"args"')],
  ])('leaves %s to JSON.parse', (_name, text) => {
    expect(packedRowPrefix(text)).toBe('text-chunks')
    expect(scanText(text, 'text-chunks')).toBeNull()
  })

  it('decodes escapes in member text exactly as JSON.parse does', () => {
    const text = base.replace('"a"', '"q\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude42"')
    const scanned = scanText(text, 'text-chunks')
    expect(scanned?.piece(0)).toBe('q"\\/\b\f\n\r\té🙂')
    expect(members(scanned ?? fail())).toEqual(viaJson(text, 'text-chunks'))
  })

  it('reads bytes exactly as decoding them first would: invalid UTF-8 anywhere (property)', () => {
    // Random bytes spliced into a row, also inside its texts: a byte ≥ 0x80 is content to the scanner and
    // U+FFFD (or a character) to the decoder; either way the members must come out the same.
    const splice = fc.record({ at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 4 }), replace: fc.boolean() })
    fc.assert(
      fc.property(row, fc.array(splice, { minLength: 1, maxLength: 3 }), (text, edits) => {
        let bytes = enc.encode(text)
        for (const e of edits) {
          const at = e.at % (bytes.length + 1)
          const next = new Uint8Array(bytes.length + e.bytes.length - (e.replace ? Math.min(e.bytes.length, bytes.length - at) : 0))
          next.set(bytes.subarray(0, at))
          next.set(e.bytes, at)
          next.set(bytes.subarray(e.replace ? Math.min(bytes.length, at + e.bytes.length) : at), at + e.bytes.length)
          bytes = next
        }
        const type = packedRowType(bytes, 0, bytes.length)
        if (type === null) return
        const scanned = scanPackedRow(bytes, 0, bytes.length, type, null, textOf)
        if (scanned === null) return
        expect(members(scanned)).toEqual(viaJson(textOf(bytes, 0, bytes.length), type))
      }),
      { numRuns: 2000 },
    )
    const withBad = enc.encode(base.replace('"a"', '"a?b"'))
    withBad[withBad.indexOf(0x3f)] = 0xff
    const scanned = scanPackedRow(withBad, 0, withBad.length, 'text-chunks', null, textOf)
    expect(scanned?.piece(0)).toBe('a\ufffdb')
  })

  it('counts a member\'s UTF-16 units on its bytes: escapes, surrogate pairs, multi-byte text (property)', () => {
    const text = base.replace('"a"', '"q\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude42é🙂中"')
    const scanned = scanText(text, 'text-chunks') ?? fail()
    expect(scanned.pieceUnits(0)).toBe(scanned.piece(0).length)
    let accepted = 0
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), (pieces) => {
        const line = JSON.stringify({ type: 'text-chunks', seq0: 1, time0: 5, data: { turn: 1, step: 1, index: 0, dt: pieces.slice(1).map(() => 1), texts: pieces } })
        const bytes = enc.encode(line)
        const row = scanPackedRow(bytes, 0, bytes.length, 'text-chunks', null, textOf)
        if (row === null) return
        accepted++
        pieces.forEach((piece, k) => expect(row.pieceUnits(k)).toBe(piece.length))
      }),
      { numRuns: 500 },
    )
    expect(accepted).toBeGreaterThan(400)
  })

  it('gives any member in any order, and tells empty members without decoding them', () => {
    const text = base.replace('"texts":["a","b"]', '"texts":["x\\"y","","z"]').replace('"dt":[5]', '"dt":[5,6]')
    const scanned = scanText(text, 'text-chunks') ?? fail()
    expect([2, 0, 1, 2, 1].map((k) => scanned.piece(k))).toEqual(['z', 'x"y', '', 'z', ''])
    expect([1, 0, 2].map((k) => scanned.pieceEmpty(k))).toEqual([true, false, false])
    expect(scanned.count).toBe(3)
  })

  it('with a store, keeps its own copy: the read buffer may be reused at once', () => {
    const bytes = enc.encode(base)
    const scanned = scanPackedRow(bytes, 0, bytes.length, 'text-chunks', new ByteStore(() => true), textOf) ?? fail()
    bytes.fill(0x20)
    expect([scanned.piece(0), scanned.piece(1)]).toEqual(['a', 'b'])
  })

  it('does not read past the line it was given', () => {
    const bytes = enc.encode(`${base}\n${base}`)
    const cut = base.length - 1 // the row without its final brace; the next line starts with one
    expect(scanPackedRow(bytes, 0, cut, 'text-chunks', null, textOf)).toBeNull()
    expect(packedRowType(bytes, 0, 9)).toBeNull()
    expect(scanPackedRow(bytes, 0, base.length, 'text-chunks', null, textOf)?.count).toBe(2)
  })

  it('the prefix check picks only the three row types', () => {
    expect(packedRowPrefix(base)).toBe('text-chunks')
    expect(packedRowPrefix('{"type":"tool/call","seq":1}')).toBeNull()
    expect(packedRowPrefix('{"type":"text-chunks","data":{}}')).toBeNull() // stripped rows take the JSON path
    expect(packedRowPrefix('')).toBeNull()
  })
})

function fail(): never {
  throw new Error('row did not scan')
}
