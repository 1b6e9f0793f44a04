/**
 * What the real-dsh tests share: where the `../shared/tools/real-dsh/` scripts are, the installed dsh
 * launcher and Node to run it with (REAL_DSH_BIN or DSH_BIN, NODE22; `scripts/install-real-dsh.sh` makes
 * them), why the tests skip when something is missing, starting a script of this folder as its own
 * process group so a test can stop it and everything it started, and the check both tests end with.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import { chromiumPath, NO_CHROMIUM } from '../browser/chromium'
import { transcriptMarkup } from '../live-e2e/harness'
import { buildInto, tempDir } from '../support/build'

export const TOOLS = fileURLToPath(new URL('../../../shared/tools/real-dsh/', import.meta.url))
export const DSH_BIN = process.env['REAL_DSH_BIN'] ?? process.env['DSH_BIN'] ?? ''
export const NODE = process.env['NODE22'] ?? process.execPath

export const skipReason: string | null =
  !existsSync(join(TOOLS, 'mock-llm.mjs')) ? `no real-dsh tools at ${TOOLS} (they live in the shared folder beside the repository)`
  : DSH_BIN === '' || !existsSync(DSH_BIN) ? 'REAL_DSH_BIN is not set to an installed dsh launcher (run scripts/install-real-dsh.sh, see the README)'
  : chromiumPath() === null ? NO_CHROMIUM
  : null

export interface Script {
  child: ChildProcess
  done: Promise<number>
  output: () => string
  /** Stops the script and everything it started (its process group). */
  stop: () => Promise<number>
}

/** `bash <script> args…` (optionally under `unshare -rn`, loopback only) in a process group of its own. */
export function runScript(script: string, args: string[], options: { isolateNetwork?: boolean; node?: string } = {}): Script {
  let output = ''
  const env = { ...process.env, DSH_BIN, NODE: options.node ?? NODE, ...(options.isolateNetwork ? { DSHR_IN_NETNS: '1' } : {}) }
  const path = fileURLToPath(new URL(script, import.meta.url))
  const [cmd, argv] = options.isolateNetwork ? ['unshare', ['-rn', 'bash', path, ...args]] : ['bash', [path, ...args]]
  const child = spawn(cmd as string, argv as string[], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)))
  const stop = async () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    return done
  }
  return { child, done, output: () => output, stop }
}

/**
 * Once the live `page` (of `href`) shows the session finished, its transcript must be the static build's of
 * the final files — syntax colours included, since live pages colour code as the build does.
 */
export async function expectSameAsStaticBuild(browser: Browser, page: Page, sessions: string, href: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('.dsh-live-badge')?.getAttribute('data-state') === 'finished', undefined, { timeout: 30_000 })
  const staticDir = tempDir()
  await buildInto([sessions], staticDir)
  const reference = await browser.newPage()
  await reference.goto(pathToFileURL(join(staticDir, href)).href)
  await expect.poll(() => transcriptMarkup(page), { timeout: 10_000 }).toBe(await transcriptMarkup(reference))
  await reference.close()
}
