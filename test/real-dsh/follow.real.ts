/**
 * Live mode against the real dsh (issue 6 "Against the real thing too"; `npm run test:real-dsh`, kept out
 * of `npm test`: it needs a one-time install of ~450 packages). It runs a headless dsh session against the
 * scripted mock model of `../shared/tools/real-dsh/` (run-headless.sh, loopback-only network namespace),
 * starts `dsh-view live` on that DSH_HOME before dsh writes anything, opens the index in Chromium, follows
 * the session page while dsh writes it, and checks that the page's final transcript is the static build's
 * of the final file. Installs nothing: set REAL_DSH_BIN (or DSH_BIN) to the dsh launcher and optionally
 * NODE22 (scripts/install-real-dsh.sh prints them); without them, or without the tools, it skips and says why.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { launch } from '../browser/chromium'
import { startTestLive } from '../live-e2e/harness'
import { expectSameAsStaticBuild, NODE, runScript, skipReason, TOOLS } from './real-dsh'

describe.skipIf(skipReason !== null)('dsh-view live following the real dsh', () => {
  // dsh writes zstd frames on Node 22 and, with the compat shims, plain JSONL on Node 20.
  const runtimes = [...(NODE !== process.execPath ? [{ node: NODE, file: 'session.jsonl.zstd' }] : []), { node: process.execPath, file: 'session.jsonl' }]
  it.each(runtimes)('follows a real headless session ($file) while dsh writes it and ends equal to the static build', { timeout: 300_000 }, async ({ node, file }) => {
    const work = await mkdtemp(join(tmpdir(), 'dsh-view-real-'))
    const home = join(work, 'home')
    const sessions = join(home, 'sessions')
    const { live } = await startTestLive([sessions])
    const browser = await launch()
    // Loopback-only namespace (the mock and dsh both live inside).
    const run = runScript('./run-headless.sh', [TOOLS, join(TOOLS, 'scenarios/basic-slow.json'), home, join(work, 'workspace')], { isolateNetwork: true, node })
    try {
      const page = await browser.newPage()
      await page.goto(live.url)
      const link = await page.waitForSelector('main a[href^="sessions/"]', { timeout: 120_000 })
      const href = (await link.getAttribute('href')) ?? ''
      await page.goto(`${live.url}${href}`)
      // Count how the page changed while dsh was still writing.
      const seen = new Set<string>()
      const exit = await Promise.race([
        run.done,
        (async () => {
          for (;;) {
            seen.add(await page.evaluate(() => document.getElementById('main')?.dataset['liveLines'] ?? 'static'))
            await new Promise((r) => setTimeout(r, 100))
            if (await page.evaluate(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished')) return null
          }
        })(),
      ])
      const code = exit ?? (await run.done)
      expect(code, run.output()).toBe(0)
      const logs = (await readdir(sessions, { recursive: true })).filter((f) => /(^|\/)session\.jsonl(\.zstd)?$/.test(f))
      expect(logs.map((f) => f.split('/').pop())).toEqual([file])
      await expectSameAsStaticBuild(browser, page, sessions, href)
      console.log(`real dsh: page states seen while following: ${[...seen].join(' → ')}`)
      expect(seen.size).toBeGreaterThan(1)
    } finally {
      await browser.close()
      await live.close()
      await run.stop()
      await rm(work, { recursive: true, force: true })
    }
  })
})

describe.skipIf(skipReason === null)('dsh-view live following the real dsh', () => {
  it.skip(`skipped: ${skipReason ?? ''}`, () => {})
})
