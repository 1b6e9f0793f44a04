/**
 * The demo sessions root shipped in the package (demo/sessions, demo/README.md): what `dsh-view build --demo`
 * builds, and `dsh-view build --or-demo` (`npm start`) when the machine has no sessions root — never a plain
 * `dsh-view build`. It must look like a real user's
 * sessions: logs the real dsh wrote (zstd, as dsh writes them on Node 22), real project folders on the index
 * (not an upstream test placeholder such as `{{cwd}}`), and durations of seconds (not the hundreds of hours
 * that normalised test timestamps produce).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoRoot, runBuild } from '../../cli/build'
import type { Io } from '../../cli/io'
import { tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'
import { discoverLogs } from '../../src/log/node/discover'

const PROJECTS = ['/home/dev/notes-api', '/home/dev/tiny-blog', '/home/dev/weather-cli']

function io(env: Record<string, string> = {}): Io & { err: string[] } {
  const err: string[] = []
  return { err, stdout: () => {}, stderr: t => void err.push(t), stderrIsTty: false, env, open: async () => {} }
}

/** `dsh-view build [--demo] -o outDir -q` as the argument parser returns it. */
const build = (outDir: string, demo: boolean) =>
  ({ mode: 'build' as const, inputs: [] as string[], demo, outDir, open: false, baseUrl: null, title: null, locale: 'en' as const, quiet: false })

/** The visible text of a page (tags dropped, entities of interest decoded, whitespace collapsed). */
const textOf = (html: string) =>
  html.replace(/<(script|style)[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ')

describe('the demo sessions root', () => {
  it('is found beside the CLI and holds real dsh logs, one per project', async () => {
    const root = demoRoot()
    expect(root).not.toBeNull()
    const found = await discoverLogs([root ?? ''], { env: {}, homedir: '/nonexistent-home' })
    expect(found.problems).toEqual([])
    expect(found.logs.map(l => [l.layout, l.source.display.endsWith('session.jsonl.zstd')])).toEqual([['session-dir', true], ['session-dir', true], ['session-dir', true]])
  })
})

describe('dsh-view build --demo', () => {
  let index: string
  let err: string[]

  beforeAll(async () => {
    await testSiteAssets()
    const out = tempDir()
    const sink = io()
    expect(await runBuild(build(out, true), sink)).toBe(0)
    index = textOf(readFileSync(join(out, 'index.html'), 'utf8'))
    err = sink.err
  }, 120_000)

  it('lists every session under its real project folder', () => {
    expect(index).toContain('3 sessions in 3 projects')
    for (const p of PROJECTS) expect(index).toContain(p)
    expect(index).not.toContain('{{')
  })

  it('shows durations of seconds, as the runs took', () => {
    const durations = [...index.matchAll(/ · (\d+(?:\.\d+)?)s · /g)].map(m => Number(m[1]))
    expect(durations).toHaveLength(3)
    for (const d of durations) expect(d).toBeGreaterThan(0)
    for (const d of durations) expect(d).toBeLessThan(60)
  })

  it('reports no warnings', () => {
    expect(err.join('')).not.toMatch(/warning/i)
  })
})

describe('dsh-view build with no sessions root on the machine', () => {
  it('fails without --or-demo: the demo is never published in place of missing sessions', async () => {
    const out = join(tempDir(), 'site')
    const sink = io({ DSH_HOME: join(tempDir(), 'no-dsh-here') })
    await expect(runBuild(build(out, false), sink)).rejects.toMatchObject({ exitCode: 1, message: expect.stringContaining(join('no-dsh-here', 'sessions')) })
    expect(existsSync(out)).toBe(false)
  })

  it('builds the demo root with --or-demo (npm start) and says so', async () => {
    await testSiteAssets()
    const out = tempDir()
    const sink = io({ DSH_HOME: join(tempDir(), 'no-dsh-here') })
    expect(await runBuild({ ...build(out, false), orDemo: true }, sink)).toBe(0)
    expect(sink.err.join('')).toContain('building the bundled demo sessions')
    const index = textOf(readFileSync(join(out, 'index.html'), 'utf8'))
    for (const p of PROJECTS) expect(index).toContain(p)
  }, 120_000)
})
