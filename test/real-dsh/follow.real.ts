/**
 * Live mode against the real dsh (issue 6 "Against the real thing too"; `npm run test:real-dsh`, kept out
 * of `npm test`: it needs a one-time install of ~450 packages). It runs a headless dsh session against the
 * scripted mock model of `../shared/tools/real-dsh/` (run-headless.sh, loopback-only network namespace),
 * starts `dsh-view live` on that DSH_HOME before dsh writes anything, opens the index in Chromium, follows
 * the session page while dsh writes it, and checks that the page's final transcript is the static build's
 * of the final file. Installs nothing: set REAL_DSH_BIN (or DSH_BIN) to the dsh launcher and optionally
 * NODE22 (see the real-dsh README); without them, or without the tools, it skips and says why.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, launch, NO_CHROMIUM } from '../browser/chromium'
import { startTestLive, transcriptMarkup } from '../live-e2e/harness'

const TOOLS = fileURLToPath(new URL('../../../shared/tools/real-dsh/', import.meta.url))
const RUNNER = fileURLToPath(new URL('./run-headless.sh', import.meta.url))
const DSH_BIN = process.env['REAL_DSH_BIN'] ?? process.env['DSH_BIN'] ?? ''
const NODE = process.env['NODE22'] ?? process.execPath

const why =
  !existsSync(join(TOOLS, 'mock-llm.mjs')) ? `no real-dsh tools at ${TOOLS} (they live in the shared folder beside the repository)`
  : DSH_BIN === '' || !existsSync(DSH_BIN) ? 'REAL_DSH_BIN is not set to an installed dsh launcher (see ../shared/tools/real-dsh/README.md: npm install @deepseek-ai/dsh@0.1.0-rc.8 into a git-ignored folder such as .real-dsh/)'
  : chromiumPath() === null ? NO_CHROMIUM
  : null

function runDsh(scenario: string, home: string, workspace: string): { done: Promise<number>; output: () => string } {
  let output = ''
  const env = { ...process.env, DSH_BIN, NODE, DSHR_IN_NETNS: '1' }
  // Loopback-only namespace when the machine allows it (the mock and dsh both live inside).
  const child = spawn('unshare', ['-rn', 'bash', RUNNER, TOOLS, scenario, home, workspace], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)))
  return { done, output: () => output }
}

describe.skipIf(why !== null)('dsh-view live following the real dsh', () => {
  it('follows a real headless session while dsh writes it and ends equal to the static build', { timeout: 300_000 }, async () => {
    const work = await mkdtemp(join(tmpdir(), 'dsh-view-real-'))
    const home = join(work, 'home')
    const sessions = join(home, 'sessions')
    const { live } = await startTestLive([sessions])
    const browser = await launch()
    const run = runDsh(join(TOOLS, 'scenarios/basic-slow.json'), home, join(work, 'workspace'))
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
      await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished', undefined, { timeout: 30_000 })
      const client = await page.evaluate(() => document.getElementById('main')?.dataset['liveLines'] !== undefined)
      const staticDir = tempDir()
      await buildInto([sessions], staticDir, { highlight: !client })
      const reference = await browser.newPage()
      await reference.goto(pathToFileURL(join(staticDir, href)).href)
      await expect.poll(() => transcriptMarkup(page), { timeout: 10_000 }).toBe(await transcriptMarkup(reference))
      console.log(`real dsh: page states seen while following: ${[...seen].join(' → ')}`)
      expect(seen.size).toBeGreaterThan(1)
    } finally {
      await browser.close()
      await live.close()
      await run.done
      await rm(work, { recursive: true, force: true })
    }
  })
})

describe.skipIf(why === null)('dsh-view live following the real dsh', () => {
  it.skip(`skipped: ${why ?? ''}`, () => {})
})
