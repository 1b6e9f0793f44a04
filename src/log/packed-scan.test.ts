/**
 * packed-scan.ts must never change what a line means: whenever it accepts a row, `JSON.parse` +
 * `readPackedRow` accept it too and rebuild the same members; and it must accept the rows dsh actually
 * writes (else skip-superseded mode gains nothing). Checked on generated rows, on every single-character
 * mutation class of them, and on the cases JSON is picky about.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readPackedRow, rowEvent, type PackedRow, type PackedRowType } from './packed'
import { packedRowPrefix, scanPackedRow } from './packed-scan'

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
  const row = scanPackedRow(text, type)
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
    expect(scanPackedRow(text, 'text-chunks')).toBeNull()
  })

  it('decodes escapes in member text exactly as JSON.parse does', () => {
    const text = base.replace('"a"', '"q\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude42"')
    const scanned = scanPackedRow(text, 'text-chunks')
    expect(scanned?.piece(0)).toBe('q"\\/\b\f\n\r\té🙂')
    expect(members(scanned ?? fail())).toEqual(viaJson(text, 'text-chunks'))
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
