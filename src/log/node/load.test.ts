/**
 * Whole logs through the file system: the real-host corpus (real multi-frame zstd and plain), the v0 and
 * v4 corpus laid out as a real sessions root in both encodings, and the damage cases of issue 2.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { zipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import type { ParsedLine } from '../parsed-line'
import { discoverLogs } from './discover'
import { loadSession, summarizeSession, type InvalidEntry, type LoadedSession } from './load'
import { concat, initZstdEncoder, zstdFrame } from './testing/zstd-encode'
import { toZstd, writeSession } from './testing/layout'

await initZstdEncoder()
const CORPUS = new URL('../../../fixtures/corpus/', import.meta.url)
const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-load-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function corpusFiles(dir: string, keep: (rel: string) => boolean): string[] {
  return readdirSync(new URL(dir, CORPUS), { recursive: true, encoding: 'utf8' })
    .map((rel) => `${dir}${rel.split('\\').join('/')}`)
    .filter(keep)
    .sort()
}

async function load(path: string): Promise<LoadedSession> {
  const result = await loadSession(path)
  if (!result.ok) throw new Error(`${path}: ${result.error}`)
  return result.session
}

function events(session: LoadedSession) {
  return session.lines.flatMap((l) => (l.kind === 'event' || l.kind === 'unknown' ? [l.event] : []))
}

/** The parsed lines without frame numbers: what must not depend on the encoding. */
function withoutFrames(lines: readonly (ParsedLine | InvalidEntry)[]): unknown[] {
  return lines.map(({ frame: _frame, ...rest }) => rest)
}

describe('real-host logs (written by the real dsh)', () => {
  const files = corpusFiles('real-host/', (rel) => /session\.jsonl(\.zstd)?$/.test(rel))

  it('finds plain and zstd logs', () => {
    expect(files.filter((f) => f.endsWith('.zstd')).length).toBeGreaterThanOrEqual(3)
    expect(files.filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThanOrEqual(1)
  })

  it.each(files)('%s: zero invalid lines, contiguous seq, no torn tail', async (rel) => {
    const session = await load(new URL(rel, CORPUS).pathname)
    expect(session.invalid).toEqual([])
    expect(session.tornTail).toBe(false)
    expect(session.corrupt).toBe(false)
    expect(session.unknownTypes).toEqual([])
    expect(session.format).toEqual({ version: 0, encoding: rel.endsWith('.zstd') ? 'zstd' : 'jsonl' })
    const seqs = events(session).map((e) => e.seq)
    expect(seqs).toEqual(seqs.map((_, i) => i))
    expect(session.counts.events).toBe(seqs.length)
    expect(session.title).not.toBeNull()
  })

  it('the zstd run of a scenario decodes to what its plain twin holds (ids and clock masked)', async () => {
    const [plain] = files.filter((f) => f.startsWith('real-host/node20-basic/'))
    const [zstd] = files.filter((f) => f.startsWith('real-host/node22-basic/'))
    const mask = (s: LoadedSession) => JSON.stringify(events(s).map((e) => ({ type: e.type, data: e.data }))).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID').replace(/\d{13}/g, 'MS')
    const a = await load(new URL(plain ?? '', CORPUS).pathname)
    const b = await load(new URL(zstd ?? '', CORPUS).pathname)
    expect(events(a).length).toBeGreaterThan(50)
    expect(mask(b)).toBe(mask(a))
  })
})

describe('the corpus laid out as sessions roots, in both encodings', () => {
  const logs = corpusFiles('v0/', (rel) => rel.endsWith('.jsonl')).concat(corpusFiles('v4/logs/', (rel) => rel.endsWith('.jsonl')))

  it('reads every log identically from a raw root, a zstd root and a mixed root', async () => {
    expect(logs.length).toBeGreaterThan(100)
    const roots = { jsonl: join(tmp, 'raw'), zstd: join(tmp, 'zstd'), mixed: join(tmp, 'mixed') }
    logs.forEach((rel, i) => {
      const text = readFileSync(new URL(rel, CORPUS), 'utf8')
      // One project per corpus file keeps fixture ids (often shared placeholders) from colliding.
      const project = `--corpus-${i}--`
      const file = rel.includes('.v4.') ? 'session.v4.jsonl' : rel.includes('.v3.') ? 'session.v3.jsonl' : 'session.jsonl'
      writeSession(roots.jsonl, { text, encoding: 'jsonl', project, file })
      writeSession(roots.zstd, { text, encoding: 'zstd', project, file })
      writeSession(roots.mixed, { text, encoding: i % 2 === 0 ? 'zstd' : 'jsonl', project, file })
    })
    const read = async (root: string) => {
      const found = await discoverLogs([root], { env: {}, homedir: tmp })
      expect(found.problems).toEqual([])
      const byProject = new Map<string, LoadedSession>()
      for (const log of found.logs) {
        const where = log.source.location
        if (where.kind !== 'file') throw new Error('expected files')
        byProject.set(relative(root, where.path).split(/[\\/]/)[0] ?? '', await load(where.path))
      }
      return byProject
    }
    const raw = await read(roots.jsonl)
    const zstd = await read(roots.zstd)
    const mixed = await read(roots.mixed)
    expect(raw.size).toBe(logs.length)
    for (const [project, session] of raw) {
      const z = zstd.get(project)
      const m = mixed.get(project)
      expect(z?.format.encoding).toBe('zstd')
      expect(withoutFrames(z?.lines ?? [])).toEqual(withoutFrames(session.lines))
      expect(withoutFrames(m?.lines ?? [])).toEqual(withoutFrames(session.lines))
      expect(withoutFrames(z?.invalid ?? [])).toEqual(session.invalid)
      expect(z?.tornTail).toBe(false)
    }
  })
})

describe('other inputs', () => {
  it('a whole log compressed as one frame with a content size (zstd CLI style) reads like the raw log', async () => {
    const rel = 'real-host/node20-basic/sessions/--home-dev-project--/session-c1b30693-54cd-473a-b18c-92c5df8fa13b/session.jsonl'
    const text = readFileSync(new URL(rel, CORPUS))
    const path = join(tmp, 'one-frame.jsonl.zstd')
    writeFileSync(path, zstdFrame(new Uint8Array(text), { contentSizeBytes: 4 }))
    const raw = await load(new URL(rel, CORPUS).pathname)
    const zstd = await load(path)
    expect(withoutFrames(zstd.lines)).toEqual(withoutFrames(raw.lines))
  })

  it('reads the logs of an export ZIP, linking the subagent to its parent', async () => {
    const utf8 = new TextEncoder()
    const parent = '{"type":"session","version":0,"id":"p","createdAt":1,"delegationDepth":0}\n{"type":"turn/start","seq":0,"time":2,"data":{"turn":1}}\n'
    const child = '{"type":"session","version":0,"id":"c/1","createdAt":3,"parentSession":"p","origin":"subagent","delegationDepth":1}\n'
    const zip = join(tmp, 'dsh-session-p.zip')
    writeFileSync(zip, zipSync({ 'session.jsonl': utf8.encode(parent), 'subagents/c_1/session.jsonl': utf8.encode(child) }))
    const found = await discoverLogs([zip], { env: {}, homedir: tmp })
    const sessions = await Promise.all(found.logs.map((log) => loadSession(log.source)))
    expect(sessions.map((r) => (r.ok ? [r.session.id, r.session.parentSession, r.session.counts.events, r.session.path] : r.error))).toEqual([
      ['p', null, 1, `${zip}!session.jsonl`],
      ['c/1', 'p', 0, `${zip}!subagents/c_1/session.jsonl`],
    ])
  })
})

describe('damage is reported, never thrown', () => {
  const header = '{"type":"session","version":0,"id":"s1","createdAt":1,"cwd":"/w","delegationDepth":0}'
  const ev = (seq: number, type = 'turn/start', data: unknown = { turn: seq }) => JSON.stringify({ type, seq, time: 10 + seq, data })

  it.each([
    ['empty file', '', 'empty file'],
    ['not JSON', 'hello world\n', 'missing session header: not valid JSON'],
    ['JSON but not a header', `${ev(0)}\n`, 'missing session header'],
    ['header of another tool', '{"type":"session","id":"x","timestamp":"2026-01-01T00:00:00Z"}\n', 'not a dsh log'],
    ['torn header line', header.slice(0, 20), 'header line is torn'],
  ])('bad header: %s → unreadable with a clear message', async (_, text, message) => {
    const path = join(tmp, `bad-${message.length}-${text.length}.jsonl`)
    writeFileSync(path, text)
    const result = await loadSession(path)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error).toContain(message)
  })

  it('a missing file and a directory are unreadable, not thrown', async () => {
    const missing = await loadSession(join(tmp, 'nope.jsonl'))
    expect(missing).toMatchObject({ ok: false, error: 'no such file' })
    const dir = await loadSession(tmp)
    expect(dir.ok).toBe(false)
  })

  it('a zstd file that is not zstd at all is unreadable, naming frame and offset', async () => {
    const path = join(tmp, 'plain-named.jsonl.zstd')
    writeFileSync(path, `${header}\n`)
    const result = await loadSession(path)
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('frame 0 at byte 0: not a zstd frame (bad magic)') })
  })

  it('a flipped checksum byte: one invalid entry naming frame and offset, every line still read', async () => {
    const clean = toZstd([header, ev(0), ev(1, 'turn/end', { turn: 1, reason: { kind: 'completed' } }), ev(2)].join('\n') + '\n')
    const damaged = clean.slice()
    const frame1End = zstdFrame(`${header}\n`).length + zstdFrame(`${ev(0)}\n`).length
    damaged[frame1End - 1] = (damaged[frame1End - 1] ?? 0) ^ 0xff
    const path = join(tmp, 'checksum.jsonl.zstd')
    writeFileSync(path, damaged)
    const session = await load(path)
    expect(session.counts.events).toBe(3)
    expect(session.invalid).toEqual([{ line: 2, frame: 1, offset: zstdFrame(`${header}\n`).length, reason: expect.stringContaining('checksum mismatch') }])
    expect(session.corrupt).toBe(true)
  })

  it('a partial last raw line is a torn tail; complete lines all kept', async () => {
    const path = join(tmp, 'torn.jsonl')
    writeFileSync(path, `${header}\n${ev(0)}\n${ev(1).slice(0, 15)}`)
    const session = await load(path)
    expect(session.tornTail).toBe(true)
    expect(session.corrupt).toBe(false)
    expect(session.counts.events).toBe(1)
  })

  it('garbage after the header: invalid lines with line numbers, reading continues', async () => {
    const path = join(tmp, 'garbage.jsonl')
    writeFileSync(path, `${header}\n${ev(0)}\n\u0001\u0002 not json\n${ev(1)}\n`)
    const session = await load(path)
    expect(session.invalid).toEqual([{ line: 3, offset: expect.any(Number), reason: expect.stringContaining('not valid JSON') }])
    expect(session.counts.events).toBe(2)
  })

  it('random bytes never throw, in either encoding and with or without a valid header', async () => {
    let seed = 42
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let i = 0; i < 60; i++) {
      const junk = Uint8Array.from({ length: Math.floor(random() * 3000) }, () => Math.floor(random() * 256))
      const variants: [string, Uint8Array][] = [
        ['jsonl', junk],
        ['zstd', junk],
        ['jsonl', concat([new TextEncoder().encode(`${header}\n`), junk])],
        ['zstd', concat([zstdFrame(`${header}\n`), junk])],
        ['zstd', concat([zstdFrame(`${header}\n`), Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd]), junk])],
      ]
      for (const [j, [encoding, bytes]] of variants.entries()) {
        const path = join(tmp, `junk-${j}.${encoding === 'zstd' ? 'jsonl.zstd' : 'jsonl'}`)
        writeFileSync(path, bytes)
        const result = await loadSession(path)
        // With the valid header prefix the session must be readable; the junk becomes reports.
        if (j >= 2) expect(result.ok).toBe(true)
      }
    }
  })

  it.each(['jsonl', 'zstd'] as const)('a single 64 MB record reads in full (%s)', async (encoding) => {
    // Built as bytes, not as a 64 MB JS string: the test should spend its time in the reader.
    const size = 64 * 1024 * 1024
    const utf8 = new TextEncoder()
    const before = utf8.encode(`${header}\n{"type":"session/title","seq":0,"time":1,"data":{"title":"`)
    const after = utf8.encode(`"}}\n${ev(1)}\n`)
    const plain = new Uint8Array(before.length + size + after.length)
    plain.set(before)
    plain.fill(0x78, before.length, before.length + size)
    plain.set(after, before.length + size)
    const headerEnd = plain.indexOf(0x0a) + 1
    const bytes = encoding === 'zstd' ? concat([zstdFrame(plain.subarray(0, headerEnd)), zstdFrame(plain.subarray(headerEnd))]) : plain
    const path = join(tmp, `big.${encoding === 'zstd' ? 'jsonl.zstd' : 'jsonl'}`)
    writeFileSync(path, bytes)
    const summary = await summarizeSession(path)
    rmSync(path)
    expect(summary.ok).toBe(true)
    if (!summary.ok) return
    expect(summary.session.title?.length).toBe(size)
    expect(summary.session.counts.events).toBe(2)
    expect(summary.session.invalid).toEqual([])
  })
})
