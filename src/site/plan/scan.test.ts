/**
 * The scan's header comes from the bytes it hashed (the log is opened once); it must be the header, error
 * and hash a separate read gives, including where the header line is longer than the bytes kept.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import xxhash from 'xxhash-wasm'
import { describe, expect, it } from 'vitest'
import { readSession } from '../../log/node/read'
import { fileSource } from '../../log/node/source'
import { session } from '../../log/testing/session'
import { scanLog } from './scan'

const dir = mkdtempSync(join(tmpdir(), 'dsh-view-scan-'))
const ZSTD_LOG = fileURLToPath(
  new URL('../../../fixtures/corpus/real-host/node22-basic/sessions/--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd', import.meta.url),
)

function logWith(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const small = () => {
  const s = session({ id: 'scan-small' })
  s.turnStart()
  s.user('hello')
  s.turnEnd()
  return s.jsonl()
}

/** What a separate read of the log says: its header, or why there is none. */
async function separately(path: string) {
  const reader = readSession(fileSource(path))
  for await (const _ of reader) if (reader.summary.header !== null) break
  return { header: reader.summary.header, error: reader.summary.header === null ? (reader.summary.unreadable ?? 'no session header') : null }
}

describe('scanLog', () => {
  it.each([
    ['a small log', () => logWith('small.jsonl', small())],
    ['a header line longer than the bytes kept', () => logWith('long-header.jsonl', session({ id: 'scan-long', cwd: `/home/dev/${'x'.repeat(80_000)}` }).jsonl())],
    ['a log longer than the bytes kept', () => logWith('big.jsonl', `${small()}${`${JSON.stringify({ type: 'x', seq: 9, time: 0, data: 'y'.repeat(1_000) })}\n`.repeat(200)}`)],
    ['an empty file', () => logWith('empty.jsonl', '')],
    ['a torn header', () => logWith('torn.jsonl', small().slice(0, 40))],
    ['a first line that is not a header', () => logWith('no-header.jsonl', '{"type":"turn/start","seq":1,"time":0,"data":{}}\n')],
    ['a zstd log', () => ZSTD_LOG],
  ])('%s: the header, error and hash of a separate read', async (_name, make) => {
    const path = make()
    const scan = await scanLog(fileSource(path))
    const { header, error } = await separately(path)
    expect(scan.header).toEqual(header)
    expect(scan.error).toBe(error)
    const bytes = readFileSync(path)
    expect(scan.bytes).toBe(bytes.length)
    expect(scan.hash).toBe((await xxhash()).create64().update(bytes).digest().toString(16).padStart(16, '0'))
    // Header only (a --shard build's look at the logs other shards render): the same but the hash.
    const headerOnly = await scanLog(fileSource(path), { hash: false })
    expect({ ...headerOnly, hash: scan.hash }).toEqual(scan)
    expect(headerOnly.hash).toBe('')
  })

  it('finds a header longer than the bytes it kept', async () => {
    const scan = await scanLog(fileSource(logWith('long-header-2.jsonl', session({ id: 'scan-long-2', cwd: `/home/dev/${'y'.repeat(80_000)}` }).jsonl())))
    expect(scan.header?.id).toBe('scan-long-2')
    expect(scan.error).toBeNull()
  })
})
