/**
 * `DSH_VIEW_TRAJECTORY=0` (cli/build.ts), the benchmarks' switch for timing a build without the Trajectory
 * tab (bench/site.bench.ts): with it the demo sessions get Chat pages only, without the `Chat | Trajectory`
 * tabs; without it every Chat page has its Trajectory page beside it. Switching between the two on the same
 * folder re-renders (the option is part of what a session's pages were built with), so no page links to a
 * Trajectory page that is not there.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseInvocation } from './args'
import { runBuild } from './build'
import type { Io } from './io'
import { testSiteAssets } from '../test/support/site-assets'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-build-trajectory-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
beforeAll(async () => void (await testSiteAssets()), 60_000)
const DEMO = fileURLToPath(new URL('../fixtures/demo-sessions/', import.meta.url))

async function build(out: string, env: Record<string, string>): Promise<number> {
  const io: Io = { stdout: () => {}, stderr: () => {}, stderrIsTty: false, env: { HOME: tmp, ...env }, open: async () => {} }
  const inv = parseInvocation(['build', DEMO, '-o', out, '-q'])
  if (inv.mode !== 'build') throw new Error('not a build')
  return runBuild(inv, io)
}

/** Chat page files (first pages) and Trajectory page files of the site. */
function pages(out: string): { chat: string[]; trajectory: string[] } {
  const files = readdirSync(join(out, 'sessions')).filter((f) => f.endsWith('.html'))
  return { chat: files.filter((f) => !f.includes('.trajectory') && !/\.p\d+\.html$/.test(f)), trajectory: files.filter((f) => f.includes('.trajectory')) }
}

const linksTrajectory = (out: string, chat: string) => readFileSync(join(out, 'sessions', chat), 'utf8').includes('.trajectory.html')

describe('DSH_VIEW_TRAJECTORY=0', () => {
  it('builds Chat pages only, and switching back and forth on one folder keeps every link whole', { timeout: 300_000 }, async () => {
    const out = join(tmp, 'site')
    expect(await build(out, { DSH_VIEW_TRAJECTORY: '0' })).toBe(0)
    const without = pages(out)
    expect(without.chat.length).toBeGreaterThan(3)
    expect(without.trajectory).toEqual([])
    for (const chat of without.chat) expect(linksTrajectory(out, chat)).toBe(false)

    expect(await build(out, {})).toBe(0)
    const withTab = pages(out)
    expect(withTab.chat).toEqual(without.chat)
    for (const chat of withTab.chat) {
      expect(withTab.trajectory).toContain(chat.replace(/\.html$/, '.trajectory.html'))
      expect(linksTrajectory(out, chat)).toBe(true)
    }

    expect(await build(out, { DSH_VIEW_TRAJECTORY: '0' })).toBe(0)
    expect(pages(out)).toEqual(without)
    expect(existsSync(join(out, 'sessions', withTab.trajectory[0] as string))).toBe(false)
  })
})
