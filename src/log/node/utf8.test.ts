/**
 * Invalid UTF-8 is reported, not silently replaced (issue 17): each line holding bad bytes gets a `utf8`
 * invalid entry naming the byte offset of the first bad byte, just before the line, which is still read
 * with U+FFFD in place of the bytes; the session is neither torn nor corrupt for it; both reader modes and
 * both encodings agree; a valid U+FFFD written as UTF-8 is no damage. A line long enough to be decoded as
 * its bytes arrive (`textLinesAbove`, issue 32) is reported and read exactly as when it is joined first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSession, summarizeSession } from './load'
import { firstInvalidUtf8, readSession, type ReadOptions } from './read'
import { initZstdEncoder, zstdFrame } from './testing/zstd-encode'

await initZstdEncoder()
const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-utf8-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const enc = new TextEncoder()
const header = '{"type":"session","version":0,"id":"utf8-session","createdAt":1760000000000,"cwd":"/w","delegationDepth":0}\n'
const turn = '{"type":"turn/start","seq":0,"time":1760000000000,"data":{"turn":1}}\n'
const userLine = (text: string) => `{"type":"user/message","seq":1,"time":1760000001000,"data":{"id":"u1","role":"user","content":[{"type":"text","text":"${text}"}],"source":{"kind":"user"}},"surfaceOp":"append"}`

/** header, turn, then a user message whose text holds `bad` between "ab" and "cd". */
function logWith(bad: number[]): { bytes: Uint8Array; badOffset: number } {
  const prefix = enc.encode(header + turn)
  const pre = enc.encode(userLine('ab').slice(0, userLine('ab').indexOf('ab"') + 2))
  const post = enc.encode(userLine('ab').slice(userLine('ab').indexOf('ab"') + 2) + '\n')
  const bytes = new Uint8Array([...prefix, ...pre, ...bad, ...enc.encode('cd'), ...post])
  return { bytes, badOffset: prefix.length + pre.length }
}

async function read(bytes: Uint8Array, name: string, chunks?: 'skip-superseded') {
  const path = join(tmp, name)
  writeFileSync(path, bytes)
  const loaded = await loadSession(path, chunks === undefined ? {} : { chunks })
  const summary = await summarizeSession(path)
  if (!loaded.ok || !summary.ok) throw new Error('unreadable')
  return { loaded: loaded.session, summary: summary.session }
}

describe('invalid UTF-8', () => {
  it.each<[string, number[]]>([
    ['a lone continuation byte', [0x80]],
    ['a truncated 3-byte sequence', [0xe4, 0xb8]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate encoded in UTF-8', [0xed, 0xa0, 0x80]],
    ['a byte never valid in UTF-8', [0xff]],
  ])('%s is reported with its byte offset, and the line still shows with U+FFFD', async (_name, bad) => {
    const { bytes, badOffset } = logWith(bad)
    for (const mode of [undefined, 'skip-superseded'] as const) {
      const { loaded, summary } = await read(bytes, `bad-${bad.join('-')}-${mode ?? 'expand'}.jsonl`, mode)
      const reports = loaded.lines.filter((l) => l.kind === 'invalid')
      expect(reports).toEqual([expect.objectContaining({ kind: 'invalid', code: 'utf8', line: 3, reason: expect.stringContaining(`invalid UTF-8 at byte ${badOffset}`) })])
      const index = loaded.lines.indexOf(reports[0] as never)
      const message = loaded.lines[index + 1]
      expect(message?.kind === 'event' && JSON.stringify(message.event)).toContain('ab\ufffd')
      expect(summary.invalid).toEqual([expect.objectContaining({ line: 3, offset: badOffset })])
      expect(summary.tornTail).toBe(false)
      expect(summary.corrupt).toBe(false)
    }
  })

  it('reports invalid UTF-8 inside a zstd frame with the frame and decoded offset', async () => {
    const { bytes, badOffset } = logWith([0xff])
    const { loaded, summary } = await read(zstdFrame(bytes), 'bad.jsonl.zstd')
    expect(loaded.lines.filter((l) => l.kind === 'invalid')).toEqual([expect.objectContaining({ code: 'utf8', line: 3, frame: 0, reason: expect.stringContaining(`decoded byte ${badOffset}`) })])
    expect(summary.corrupt).toBe(false)
  })

  it('reports nothing for valid text, U+FFFD written as UTF-8 included', async () => {
    const ok = enc.encode(header + turn + userLine('ok \ufffd 会话 😀') + '\n')
    const { loaded, summary } = await read(ok, 'ok.jsonl')
    expect(loaded.lines.filter((l) => l.kind === 'invalid')).toEqual([])
    expect(summary.invalidCount).toBe(0)
  })

  it('firstInvalidUtf8 finds the first bad byte', () => {
    const bytes = new Uint8Array([0x61, 0xe4, 0xbd, 0xa0, 0x62, 0xf0, 0x9f, 0x98, 0x80, 0xe4, 0x62])
    expect(firstInvalidUtf8(bytes, 0, bytes.length)).toBe(9)
    expect(firstInvalidUtf8(bytes, 0, 9)).toBe(9)
    expect(firstInvalidUtf8(bytes, 1, 3)).toBe(0)
  })

  it.each<[string, number[]]>([
    ['a lone continuation byte', [0x80]],
    ['a truncated 4-byte sequence', [0xf0, 0x9f, 0x98]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a byte never valid in UTF-8', [0xff]],
    ['valid text with U+FFFD and an emoji', [0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98, 0x80]],
  ])('%s in lines decoded as they arrive: the same entries and summary as joined lines', async (_name, bad) => {
    const { bytes } = logWith([...bad, ...enc.encode('x'.repeat(50)), ...bad])
    const all = async (path: string, options: ReadOptions) => {
      const reader = readSession(path, options)
      const lines = []
      for await (const batch of reader) lines.push(...batch)
      const { parser: _parser, ...summary } = reader.summary
      return { lines, summary }
    }
    for (const [name, data] of [['long.jsonl', bytes], ['long.jsonl.zstd', zstdFrame(bytes)]] as const) {
      const path = join(tmp, name)
      writeFileSync(path, data)
      for (const chunks of ['expand', 'skip-superseded'] as const) {
        for (const chunkSize of [1, 5, 64]) {
          const joined = await all(path, { chunks, chunkSize, batchBytes: 7 })
          const streamed = await all(path, { chunks, chunkSize, batchBytes: 7, textLinesAbove: 16 })
          expect(streamed).toEqual(joined)
        }
      }
    }
  })
})
