/**
 * A damaged `<out>/.dsh-view/manifest.json` (truncated by a full disk, edited by hand, written by something
 * else, grown huge) is the build's memory between runs, never an input to trust: whatever it holds, `build`
 * rebuilds every session, says so in one line on stderr, exits 0 and leaves a manifest the next build
 * reuses. Table-driven: one row per way the file can be wrong, from bytes that are not JSON down to one
 * field of one record with the wrong shape.
 */
import { readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MANIFEST_BYTES_MAX } from '../../src/site/write/manifest'
import { plainSession, writeRoot } from './support/generators'
import { cleanTemps, run, temp } from './support/harness'

afterAll(cleanTemps)

type Json = Record<string, unknown>
/** A change to the parsed manifest of a good two-session site (`s`: its first session record). */
type Edit = (m: Json, s: Json) => void
const sessionsOf = (m: Json) => m['sessions'] as Record<string, Json>
const summaryOf = (s: Json) => s['summary'] as Json

const byText: [string, (good: string) => string][] = [
  ['truncated', good => good.slice(0, Math.floor(good.length / 2))],
  ['not JSON', () => 'this is not a manifest\n'],
  ['empty', () => ''],
  ['JSON null', () => 'null'],
  ['a JSON array', () => '[]'],
  ['a JSON number', () => '1e400'],
  ['binary bytes', () => '\u0000\u00ff\ufffd{'],
]

const byShape: [string, Edit][] = [
  ['another format', m => void (m['format'] = 'dsh-view-site/0')],
  ['families as an array', m => void (m['families'] = [])],
  ['sessions as null', m => void (m['sessions'] = null)],
  ['files as a string', m => void (m['files'] = 'index.html')],
  ['a file that is a number', m => void (m['files'] = [1])],
  ['a file that climbs out of the site', m => void (m['files'] = ['../outside.html'])],
  ['a file that is the site folder', m => void (m['files'] = [''])],
  ['an absolute file', m => void (m['files'] = ['/etc/hostname'])],
  ['a family without members', m => void ((Object.values(m['families'] as Record<string, Json>)[0] as Json)['members'] = 'x')],
  ['a family whose hash is a number', m => void ((Object.values(m['families'] as Record<string, Json>)[0] as Json)['hash'] = 5)],
  ['a session record that is a string', m => void (sessionsOf(m)[Object.keys(sessionsOf(m))[0] ?? ''] = 'x' as unknown as Json)],
  ['a record without summary', (_m, s) => void delete s['summary']],
  ['warnings as an object', (_m, s) => void (s['warnings'] = {})],
  ['a warning without a message', (_m, s) => void (s['warnings'] = [{ path: 'x', line: 1 }])],
  ['a warning line that is a string', (_m, s) => void (s['warnings'] = [{ path: 'x', line: '1', message: 'm' }])],
  ['record files as null', (_m, s) => void (s['files'] = null)],
  ['a record file that climbs out', (_m, s) => void (s['files'] = ['sessions/../../x.html'])],
  ['bytes as a string', (_m, s) => void (s['bytes'] = '12')],
  ['redactions without places', (_m, s) => void (s['redactions'] = { total: 1, byRule: {}, omittedPlaces: 0 })],
  ['a title that is a number', (_m, s) => void (summaryOf(s)['title'] = 7)],
  ['pages that are not a count', (_m, s) => void (summaryOf(s)['pages'] = -1)],
  ['pages beyond a safe integer', (_m, s) => void (summaryOf(s)['pages'] = 1e300)],
  ['a status no build writes', (_m, s) => void (summaryOf(s)['status'] = 'exploded')],
  ['a start that is a string', (_m, s) => void (summaryOf(s)['start'] = '2026-01-01')],
  ['an insight whose usage is missing', (_m, s) => void delete (summaryOf(s)['insight'] as Json)['usage']],
  ['an insight day that is not an object', (_m, s) => void ((summaryOf(s)['insight'] as Json)['days'] = [3])],
  ['an insight tool count that is a string', (_m, s) => void ((summaryOf(s)['insight'] as Json)['tools'] = [['bash', '1']])],
]

/** Builds a two-session root into a fresh folder; returns the paths and the good manifest text. */
async function goodSite(): Promise<{ root: string; site: string; manifest: string; good: string }> {
  const root = writeRoot(temp(), [{ name: 'one', text: plainSession('one', 2) }, { name: 'two', text: plainSession('two', 1) }])
  const site = join(temp(), 'site')
  const first = await run(['build', root, '-o', site])
  expect(first.code, first.err).toBe(0)
  const manifest = join(site, '.dsh-view', 'manifest.json')
  return { root, site, manifest, good: readFileSync(manifest, 'utf8') }
}

/** A rebuild after the damage: every session rebuilt, one note naming the file, and a manifest the next build reuses. */
async function expectFullRebuild(root: string, site: string, manifest: string, good: string): Promise<void> {
  const r = await run(['build', root, '-o', site])
  expect(r.code, r.err).toBe(0)
  expect(r.err).toMatch(/\(2 rebuilt, 0 unchanged\)/)
  const notes = r.err.split('\n').filter(l => l.includes('manifest.json'))
  expect(notes).toHaveLength(1)
  expect(notes[0]).toMatch(/^dsh-view: .*manifest\.json is damaged \(.+\); rebuilding every session$/)
  expect(readFileSync(manifest, 'utf8')).toBe(good)
  const again = await run(['build', root, '-o', site])
  expect(again.err).toMatch(/\(0 rebuilt, 2 unchanged\)/)
  expect(again.err).not.toContain('damaged')
}

describe('a damaged site manifest', () => {
  it.each(byText)('%s: rebuilds every session with a one-line note', async (_what, damage) => {
    const { root, site, manifest, good } = await goodSite()
    writeFileSync(manifest, damage(good))
    await expectFullRebuild(root, site, manifest, good)
  })

  it.each(byShape)('%s: rebuilds every session with a one-line note', async (_what, edit) => {
    const { root, site, manifest, good } = await goodSite()
    const m = JSON.parse(good) as Json
    edit(m, Object.values(sessionsOf(m))[0] as Json)
    writeFileSync(manifest, JSON.stringify(m))
    await expectFullRebuild(root, site, manifest, good)
  })

  it('huge (beyond what a manifest can hold): not read at all, rebuilt', async () => {
    const { root, site, manifest, good } = await goodSite()
    // A sparse file: its size is what counts, and reading it would hold it all in memory first.
    truncateSync(manifest, MANIFEST_BYTES_MAX + 1)
    await expectFullRebuild(root, site, manifest, good)
  })

  it('a good manifest is reused as before (the rows above are damage, not any rebuild)', async () => {
    const { root, site } = await goodSite()
    const r = await run(['build', root, '-o', site])
    expect(r.err).toMatch(/\(0 rebuilt, 2 unchanged\)/)
    expect(r.err).not.toContain('damaged')
  })
})
