/**
 * Export ZIPs as hostile input (issue 32 "trust it blind"). Before, an archive was read whole into memory and
 * its entry inflated whole by fflate: a zip bomb — a 300 KB archive whose one entry inflates to 300 MiB —
 * peaked at ~700 MB RSS however small the heap, and a damaged entry either built silently (fflate checks no
 * CRC) or vanished from the site with a line on stderr. Now entries are listed from the central directory and
 * inflated as a stream (src/log/node/compressed/zip.ts): the bomb builds in the memory of any small session, and every
 * entry that is listed but cannot be read (CRC, size, deflate data, encryption, an unknown method, data past
 * the archive) gets the damaged-session page with its reason while the other sessions of the build are
 * built; an archive whose directory cannot be read (cut short, absurd counts) is the build's reported
 * problem. Build, export and inspect of the bomb are checked. Memory is the real CLI's own peak RSS (dist/, a child process under a 64 MB heap), no timing.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { damagedZips, plainSession, writeZipStream, zipBombPieces } from './support/generators'
import { cleanTemps, run, temp } from './support/harness'
import { peakRssMb, peakRssPreload, runCliChild, SMALL_HEAP } from './support/cli-child'

const BOMB_MB = 300
/** The bound on the bomb's build: a one-session build's floor (~90–140 MB) with room, far under the entry. */
const BOMB_BOUND_MB = 220

afterAll(cleanTemps)

const utf8 = new TextEncoder()

describe('damaged export ZIPs beside a good one', () => {
  const zips = damagedZips(plainSession('zipped-inside'))
  let dir = ''
  let out = ''
  let result = { code: 0, out: '', err: '' }
  beforeAll(async () => {
    dir = temp('dv-zip-')
    for (const zip of zips) writeFileSync(join(dir, `${zip.name}.zip`), zip.bytes)
    writeFileSync(join(dir, 'good.zip'), zipSync({ 'session.jsonl': utf8.encode(plainSession('good-one')), 'subagents/c_1/session.jsonl': utf8.encode(plainSession('good-child')) }))
    out = join(temp(), 'site')
    result = await run(['build', ...zips.map(z => join(dir, `${z.name}.zip`)), join(dir, 'good.zip'), '-o', out])
  })

  it('builds the good sessions and exits 1', () => {
    expect(result.code).toBe(1)
    expect(readFileSync(join(out, 'sessions', 'good-one.html'), 'utf8')).toContain('Turn 1 of good-one done.')
  })

  it.each(zips.filter(z => z.page).map(z => [z.name, z] as const))('%s: a damaged-session page and index entry with the reason', (name, zip) => {
    const pages = readdirSync(join(out, "sessions")).filter(f => /^[^.]+\.html$/.test(f))
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    const page = pages.find(p => zip.reason.test(readFileSync(join(out, 'sessions', p), 'utf8')))
    expect(page, name).toBeDefined()
    const entry = new RegExp(`<li[^>]*data-status="(\\w+)"[^>]*>(?:(?!</li>)[^])*href="sessions/${(page ?? '').replace(/[.~]/g, '\\$&')}"`).exec(index)
    expect(entry?.[1], name).toBe('damaged')
    expect(result.err).toMatch(new RegExp(`could not read ${join(dir, name)}\\.zip!session\\.jsonl: [^\\n]*(?:${zip.reason.source})`))
  })

  it.each(zips.filter(z => !z.page).map(z => [z.name, z] as const))('%s: the archive is a reported problem', (name, zip) => {
    expect(result.err).toMatch(new RegExp(`could not read ${join(dir, name)}\\.zip: [^\\n]*(?:${zip.reason.source})`))
  })
})

describe(`a zip bomb: ${BOMB_MB} MiB of one line in a small archive`, () => {
  let dir = ''
  let preload = ''
  beforeAll(() => {
    dir = temp('dv-zip-bomb-')
    writeZipStream(join(dir, 'bomb.zip'), [{ name: 'session.jsonl', pieces: zipBombPieces('bomb', BOMB_MB) }])
    preload = peakRssPreload(dir)
  }, 120_000)

  it(`builds under a 64 MB heap within ${BOMB_BOUND_MB} MB, the line reported and skipped`, async () => {
    const site = join(dir, 'site')
    const child = await runCliChild(['build', join(dir, 'bomb.zip'), '-o', site, '-q'], [...SMALL_HEAP, '--require', preload])
    expect(child.stderr).not.toContain('heap out of memory')
    expect(child.code).toBe(0)
    expect(peakRssMb(child.stderr)).toBeLessThanOrEqual(BOMB_BOUND_MB)
    const page = readFileSync(join(site, 'sessions', 'bomb.html'), 'utf8')
    expect(page).toContain('After the bomb.')
    expect(page).toMatch(/longer than the \d+-byte line limit; skipped/)
  }, 120_000)

  it(`exports and inspects under a 64 MB heap within ${BOMB_BOUND_MB} MB`, async () => {
    const file = join(dir, 'bomb.html')
    for (const args of [['export', join(dir, 'bomb.zip'), '-o', file, '-q'], ['inspect', join(dir, 'bomb.zip'), '-q']]) {
      const child = await runCliChild(args, [...SMALL_HEAP, '--require', preload])
      expect(child.stderr, args[0]).not.toContain('heap out of memory')
      expect(child.code, args[0]).toBe(0)
      expect(peakRssMb(child.stderr), args[0]).toBeLessThanOrEqual(BOMB_BOUND_MB)
    }
    expect(readFileSync(file, 'utf8')).toContain('After the bomb.')
  }, 120_000)
})

