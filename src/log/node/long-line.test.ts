/**
 * A line parsed as its text arrives (`textLinesAbove`, issue 32: past 4 MiB in real use, a few bytes here)
 * gives the reader the same entries as the same line joined and read by `JSON.parse`: headers with a
 * byte-order mark, records, packed rows, `__proto__` and duplicate keys, values past the depth cap, and
 * every kind of unreadable line (not JSON, blank, not an object, bad envelope, seq gap) — in both reader
 * modes, both encodings and any read size. An unreadable line longer than `LONG_LINE_KEPT` characters keeps
 * its head and a note of what was left out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEPTH_NOTE } from '../json/depth'
import { LONG_LINE_KEPT } from '../json/long-line'
import type { ParsedLine } from '../parsed-line'
import { readSession, type ReadOptions } from './read'
import { initZstdEncoder, zstdFrame } from './testing/zstd-encode'

await initZstdEncoder()
const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-long-line-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const enc = new TextEncoder()
const header = '{"type":"session","version":0,"id":"long-line","createdAt":1760000000000,"cwd":"/w","delegationDepth":0}'
const turn = (seq: number) => `{"type":"turn/start","seq":${seq},"time":1760000000000,"data":{"turn":1}}`
const user = (seq: number, text: string) =>
  `{"type":"user/message","seq":${seq},"time":1760000001000,"data":{"id":"u${seq}","role":"user","content":[{"type":"text","text":${JSON.stringify(text)}}],"source":{"kind":"user"}},"surfaceOp":"append"}`
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

async function entries(path: string, options: ReadOptions) {
  const reader = readSession(path, options)
  const lines: ParsedLine[] = []
  for await (const batch of reader) lines.push(...batch)
  const { parser: _parser, source: _source, ...summary } = reader.summary
  return { lines, summary }
}

/** Reads `text` as a raw and a zstd log, joined and parsed as it arrives, and expects the same entries. */
async function expectSameAsJoined(name: string, text: string) {
  const bytes = enc.encode(text)
  for (const [file, data] of [[`${name}.jsonl`, bytes], [`${name}.jsonl.zstd`, zstdFrame(bytes)]] as const) {
    const path = join(tmp, file)
    writeFileSync(path, data)
    for (const chunks of ['expand', 'skip-superseded'] as const) {
      for (const chunkSize of [3, 61, 4096]) {
        const joined = await entries(path, { chunks, chunkSize, batchBytes: 16 })
        const streamed = await entries(path, { chunks, chunkSize, batchBytes: 16, textLinesAbove: 8 })
        expect(streamed).toEqual(joined)
      }
    }
  }
  return entries(join(tmp, `${name}.jsonl`), { textLinesAbove: 8 })
}

describe('a long line parsed as it arrives', () => {
  it.each<[string, string[]]>([
    ['records, an escaped and a non-BMP text', [header, turn(0), user(1, 'a "quoted" \\ line\nwith é 中 😀 \ud800 and \u2028')]],
    ['a header after a byte-order mark', [`\ufeff${header}`, turn(0)]],
    ['a header with JSON whitespace around it', [` \t${header}\r`, turn(0)]],
    ['duplicate and __proto__ keys in data', [header, turn(0), user(1, 'x').replace('"data":{', '"data":{"__proto__":{"polluted":true},"id":"dup",')]],
    ['a value nested past the depth cap', [header, turn(0), user(1, 'x').replace('"source":{"kind":"user"}', `"source":{"kind":"user"},"extra":${deep(150)}`)]],
    ['a packed row', [header, turn(0), '{"type":"text-chunks","seq0":1,"time0":1760000002000,"data":{"turn":1,"step":1,"index":0,"dt":[5,6],"texts":["long ","text"]}}']],
    ['a line that is not JSON', [header, turn(0), '{"type":"user/message","seq":1,"time":1,"data":{"id":"u1",} trailing']],
    ['a line of whitespace only, some of it not JSON whitespace', [header, turn(0), ' \t\u00a0\u3000          ', user(1, 'after')]],
    ['a JSON array', [header, turn(0), '[1,2,3,4,5,6,7,8,9,10]']],
    ['a bad envelope', [header, turn(0), '{"type":"user/message","seq":"one","time":1760000001000,"data":{}}']],
    ['a seq gap', [header, turn(0), user(5, 'gap')]],
    ['a misplaced header', [header, turn(0), header]],
    ['line 1 not a header', [turn(0), user(1, 'no header')]],
    ['numbers of every form', [header, turn(0), user(1, 'n').replace('"surfaceOp"', '"nums":[-0,1e400,0.1,-1.5E-7,123456789012345678901234567890],"surfaceOp"')]],
  ])('%s: the same entries as the joined line', async (name, lines) => {
    const got = await expectSameAsJoined(name.replace(/\W+/g, '-'), `${lines.join('\n')}\n`)
    expect(got.lines.length > 0 || got.summary.unreadable !== null).toBe(true)
  })

  it('keeps the depth cap of JSON.parse values', async () => {
    const got = await expectSameAsJoined('deep-cap', `${header}\n${turn(0)}\n{"type":"future/event","seq":1,"time":1760000001000,"data":${deep(150)}}\n`)
    expect(JSON.stringify(got.lines)).toContain(JSON.stringify(DEPTH_NOTE))
  })

  it('keeps the head of a long unreadable line and says how much was left out', async () => {
    const bad = `{"broken": ${'x'.repeat(LONG_LINE_KEPT + 5000)}`
    const path = join(tmp, 'kept.jsonl')
    writeFileSync(path, `${header}\n${turn(0)}\n${bad}\n${user(1, 'after')}\n`)
    const { lines, summary } = await entries(path, { textLinesAbove: 1024, chunkSize: 4096 })
    const entry = lines.find((l) => l.kind === 'invalid')
    expect(entry).toMatchObject({ kind: 'invalid', line: 3, code: 'json', offset: header.length + turn(0).length + 2 })
    const text = entry?.kind === 'invalid' ? entry.text : ''
    expect(text).toBe(`${bad.slice(0, LONG_LINE_KEPT)}\n[… ${bad.length - LONG_LINE_KEPT} more characters of this line are not kept]`)
    expect(entry?.kind === 'invalid' && entry.reason).toMatch(/^not valid JSON \(.+ at position 11\)$/)
    // The lines after it read as usual.
    expect(lines.filter((l) => l.kind === 'event').map((l) => (l.kind === 'event' ? l.event.type : ''))).toEqual(['turn/start', 'user/message'])
    expect(summary.lineCount).toBe(4)
  })

  it('never keeps half a surrogate pair in the head', async () => {
    const bad = `[${'a'.repeat(LONG_LINE_KEPT - 2)}😀${'b'.repeat(2000)}`
    const path = join(tmp, 'kept-pair.jsonl')
    writeFileSync(path, `${header}\n${bad}\n`)
    const { lines } = await entries(path, { textLinesAbove: 1024 })
    const text = lines.find((l) => l.kind === 'invalid')?.kind === 'invalid' ? (lines.find((l) => l.kind === 'invalid') as { text: string }).text : ''
    expect(text.startsWith(`[${'a'.repeat(LONG_LINE_KEPT - 2)}\n[… `)).toBe(true)
  })
})
