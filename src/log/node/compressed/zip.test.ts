/**
 * The streamed ZIP reader (zip.ts): entry lists as fflate gave them (names, order; UTF-8 and byte names,
 * an archive comment, data descriptors, ZIP64 end records), an entry's exact bytes stored or deflated in
 * any chunk size, a zstd log inside an archive read like the file, and an archive of several GB (a sparse
 * file; ZIP64 entry sizes) listed and read from its directory alone — reading it whole, as before, failed past 2 GiB. The
 * damaged archives and the zip bomb go through the CLI in test/adversarial/zip-inputs.test.ts.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import { unzipSync, Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { session } from '../../testing/session'
import { initZstdEncoder, zstdLog } from '../testing/zstd-encode'
import { readSession } from '../read'
import { zipEntrySource } from '../source'
import { listZipEntries, zipEntryBytes, ZipDamage } from './zip'

const utf8 = new TextEncoder()
const dir = mkdtempSync(join(tmpdir(), 'dv-zip-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
beforeAll(async () => {
  await initZstdEncoder()
})

let n = 0
function file(bytes: Uint8Array): string {
  const path = join(dir, `a${n++}.zip`)
  writeFileSync(path, bytes)
  return path
}

function fflateNames(bytes: Uint8Array): string[] {
  const names: string[] = []
  unzipSync(bytes, {
    filter: (f) => {
      names.push(f.name)
      return false
    },
  })
  return names
}

/** fflate's streaming Zip: data descriptors after each entry (sizes and CRC only in the directory). */
function streamed(entries: Record<string, Uint8Array>, stored = false): Uint8Array {
  const parts: Uint8Array[] = []
  const zip = new Zip((err, data) => {
    if (err) throw err
    parts.push(data)
  })
  for (const [name, data] of Object.entries(entries)) {
    const entry = stored ? new ZipPassThrough(name) : new ZipDeflate(name)
    zip.add(entry)
    entry.push(data, true)
  }
  zip.end()
  return Buffer.concat(parts)
}

/** `zip` with a comment after its end record. */
function withComment(zip: Uint8Array, comment: string): Uint8Array {
  const text = utf8.encode(comment)
  const out = new Uint8Array(zip.length + text.length)
  out.set(zip)
  out.set(text, zip.length)
  new DataView(out.buffer).setUint16(zip.length - 2, text.length, true)
  return out
}

/** `zip` rewritten with ZIP64 end records (as writers of archives past 4 GB or 65,535 entries make them). */
function withZip64End(zip: Uint8Array): Uint8Array {
  const eocd = zip.length - 22
  const v = new DataView(zip.buffer, zip.byteOffset, zip.length)
  const count = v.getUint16(eocd + 10, true)
  const size = v.getUint32(eocd + 12, true)
  const offset = v.getUint32(eocd + 16, true)
  const out = new Uint8Array(eocd + 56 + 20 + 22)
  out.set(zip.subarray(0, eocd))
  const w = new DataView(out.buffer)
  w.setUint32(eocd, 0x06064b50, true)
  w.setBigUint64(eocd + 4, 44n, true)
  w.setUint16(eocd + 12, 45, true)
  w.setUint16(eocd + 14, 45, true)
  w.setBigUint64(eocd + 24, BigInt(count), true)
  w.setBigUint64(eocd + 32, BigInt(count), true)
  w.setBigUint64(eocd + 40, BigInt(size), true)
  w.setBigUint64(eocd + 48, BigInt(offset), true)
  const locator = eocd + 56
  w.setUint32(locator, 0x07064b50, true)
  w.setBigUint64(locator + 8, BigInt(eocd), true)
  w.setUint32(locator + 16, 1, true)
  const end = locator + 20
  w.setUint32(end, 0x06054b50, true)
  w.setUint16(end + 8, 0xffff, true)
  w.setUint16(end + 10, 0xffff, true)
  w.setUint32(end + 12, 0xffffffff, true)
  w.setUint32(end + 16, 0xffffffff, true)
  return out
}

async function bytesOf(zip: string, entry: string, chunk?: number, record?: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const piece of zipEntryBytes(zip, entry, chunk, record)) parts.push(piece.slice())
  return Buffer.concat(parts)
}

const log = utf8.encode(`${'{"a":"line"}\n'.repeat(20_000)}`)
const image = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251)

describe('listZipEntries', () => {
  const archives: [string, Uint8Array][] = [
    ['an export (deflated log, stored image, subagents)', zipSync({ 'session.jsonl': log, 'media/a.png': [image, { level: 0 }], 'subagents/c_1/session.jsonl': log })],
    ['UTF-8 names', zipSync({ 'subagents/ü-ß/session.jsonl': log, '会话/session.jsonl': log })],
    ['an archive comment', withComment(zipSync({ 'session.jsonl': log }), 'made by a tool; PK\u0005\u0006 inside')],
    ['data descriptors (a streaming writer)', streamed({ 'session.jsonl': log, 'subagents/x/session.jsonl': log })],
    ['ZIP64 end records', withZip64End(zipSync({ 'session.jsonl': log, 'subagents/y/session.jsonl': log }))],
    ['no entries', zipSync({})],
    ['3,000 entries', zipSync(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`subagents/c${i}/session.jsonl`, utf8.encode(`${i}\n`)])))],
  ]
  it.each(archives)('%s: the names fflate lists, in order', async (_name, bytes) => {
    expect((await listZipEntries(file(bytes))).map(e => e.name)).toEqual(fflateNames(bytes))
  })

  it('gives each entry the place of its central record, where its signature is', async () => {
    const bytes = zipSync({ 'session.jsonl': log, 'media/a.png': image, 'subagents/c_1/session.jsonl': log })
    const listed = await listZipEntries(file(bytes))
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
    for (const { record } of listed) expect(view.getUint32(record, true)).toBe(0x02014b50)
    expect(new Set(listed.map(e => e.record)).size).toBe(listed.length)
  })

  it.each([
    ['not a ZIP', utf8.encode('not a zip at all, but long enough to have an end record'), /no end-of-central-directory record/],
    ['too short', utf8.encode('PK'), /too short for a ZIP archive/],
  ])('%s: ZipDamage', async (_name, bytes, reason) => {
    const err = await listZipEntries(file(bytes)).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ZipDamage)
    expect((err as Error).message).toMatch(reason)
  })
})

describe('zipEntryBytes', () => {
  it.each([
    ['deflated', zipSync({ 'session.jsonl': log })],
    ['stored', zipSync({ 'session.jsonl': [log, { level: 0 }] })],
    ['deflated with a data descriptor', streamed({ 'media/x': image, 'session.jsonl': log })],
    ['stored with a data descriptor', streamed({ 'media/x': image, 'session.jsonl': log }, true)],
    ['behind a ZIP64 end record', withZip64End(zipSync({ 'session.jsonl': log }))],
  ])('%s: the entry\'s exact bytes, in any chunk size', async (_name, bytes) => {
    const zip = file(bytes)
    for (const chunk of [1000, 4096, undefined]) expect(Buffer.compare(await bytesOf(zip, 'session.jsonl', chunk), log)).toBe(0)
  })

  it('a zstd log inside an archive reads like the file', async () => {
    const b = session({ id: 'z-in-zip', version: 4 })
    b.turnStart()
    b.user('hello')
    b.turnEnd()
    const [header = '', ...rest] = b.jsonl().trimEnd().split('\n')
    const zstd = zstdLog(header, rest.map((line) => [line]))
    const zip = file(zipSync({ 'session.jsonl.zstd': [zstd, { level: 0 }] }))
    const reader = readSession(zipEntrySource(zip, 'session.jsonl.zstd'))
    let lines = 0
    for await (const batch of reader) lines += batch.length
    expect(reader.summary.unreadable).toBeNull()
    expect(reader.summary.header?.id).toBe('z-in-zip')
    expect(lines).toBe(rest.length + 1)
  })

  it('an entry not in the archive is ZipDamage', async () => {
    await expect(bytesOf(file(zipSync({ 'a.txt': log })), 'session.jsonl')).rejects.toThrow(/session.jsonl is not in the archive/)
  })
})

describe('a 3 GiB archive (sparse) of many entries, the log\'s sizes in a ZIP64 extra field', () => {
  it('is listed and read from its directory, never read whole', async () => {
    const path = join(dir, 'big.zip')
    const session = utf8.encode('{"x":1}\n')
    const names = ['media/huge.bin', 'session.jsonl', ...Array.from({ length: 2000 }, (_, i) => `media/${i}.png`)]
    const fd = openSync(path, 'w')
    const central: Uint8Array[] = []
    let at = 0
    for (const name of names) {
      const data = name === 'session.jsonl' ? session : new Uint8Array(0)
      const size = name === 'media/huge.bin' ? 3 * 1024 ** 3 : data.length
      const nameBytes = utf8.encode(name)
      const local = new Uint8Array(30 + nameBytes.length)
      const lv = new DataView(local.buffer)
      lv.setUint32(0, 0x04034b50, true)
      lv.setUint32(14, crc32(data), true)
      lv.setUint32(18, size, true)
      lv.setUint32(22, size, true)
      lv.setUint16(26, nameBytes.length, true)
      local.set(nameBytes, 30)
      // The log's sizes and offset are in a ZIP64 extra field, as writers of archives past 4 GB put them.
      const zip64 = name === 'session.jsonl'
      const record = new Uint8Array(46 + nameBytes.length + (zip64 ? 28 : 0))
      const cv = new DataView(record.buffer)
      cv.setUint32(0, 0x02014b50, true)
      cv.setUint32(16, crc32(data), true)
      cv.setUint32(20, zip64 ? 0xffffffff : size, true)
      cv.setUint32(24, zip64 ? 0xffffffff : size, true)
      cv.setUint16(28, nameBytes.length, true)
      cv.setUint32(42, zip64 ? 0xffffffff : at, true)
      record.set(nameBytes, 46)
      if (zip64) {
        const extra = 46 + nameBytes.length
        cv.setUint16(30, 28, true)
        cv.setUint16(extra, 1, true)
        cv.setUint16(extra + 2, 24, true)
        cv.setBigUint64(extra + 4, BigInt(size), true)
        cv.setBigUint64(extra + 12, BigInt(size), true)
        cv.setBigUint64(extra + 20, BigInt(at), true)
      }
      central.push(record)
      writeSync(fd, local, 0, local.length, at)
      if (data.length > 0) writeSync(fd, data, 0, data.length, at + local.length)
      at += local.length + size // the huge entry's data is a hole
    }
    const directory = Buffer.concat(central)
    const end = new Uint8Array(22)
    const ev = new DataView(end.buffer)
    ev.setUint32(0, 0x06054b50, true)
    ev.setUint16(8, names.length, true)
    ev.setUint16(10, names.length, true)
    ev.setUint32(12, directory.length, true)
    ev.setUint32(16, at, true)
    writeSync(fd, directory, 0, directory.length, at)
    writeSync(fd, end, 0, end.length, at + directory.length)
    closeSync(fd)
    expect((await listZipEntries(path)).map(e => e.name)).toEqual(names)
    expect(new TextDecoder().decode(await bytesOf(path, 'session.jsonl'))).toBe('{"x":1}\n')
  })
})

describe('zipEntryBytes from a listed record', () => {
  const entries = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`subagents/c${i}/session.jsonl`, utf8.encode(`{"child":${i}}\n`)]))
  const bytes = zipSync(entries)

  it('reads the entry at its record without walking the directory: a damaged record before it is never read', async () => {
    const path = file(bytes)
    const listed = await listZipEntries(path)
    const last = listed[listed.length - 1] as { name: string; record: number }
    // The first record's signature broken: a walk from the directory's start stops there.
    const damaged = bytes.slice()
    new DataView(damaged.buffer).setUint32((listed[0] as { record: number }).record, 0xdeadbeef, true)
    const damagedPath = file(damaged)
    await expect(bytesOf(damagedPath, last.name)).rejects.toThrow(/central directory is damaged at entry 1/)
    expect(new TextDecoder().decode(await bytesOf(damagedPath, last.name, undefined, last.record))).toBe('{"child":49}\n')
  })

  it.each([
    ['another entry\'s record', (listed: { record: number }[]) => (listed[3] as { record: number }).record],
    ['a place inside a record', (listed: { record: number }[]) => (listed[3] as { record: number }).record + 5],
    ['a place before the directory', () => 0],
    ['a place past the archive', () => bytes.length + 100],
    ['not an offset', () => Number.NaN],
  ])('a record that is not the entry\'s (%s) falls back to the walk and reads the right entry', async (_name, place) => {
    const path = file(bytes)
    const listed = await listZipEntries(path)
    const wanted = 'subagents/c7/session.jsonl'
    expect(new TextDecoder().decode(await bytesOf(path, wanted, undefined, place(listed)))).toBe('{"child":7}\n')
  })
})
