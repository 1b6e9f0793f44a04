/**
 * Starting Chromium, in one place: `snapshot --format aria`, `replay -o`, the browser tests and the benches
 * all drive the same headless, offline browser (playwright-core over a Chromium found by ./find-chromium.ts),
 * so its flags are written once. No sandbox, because CI and containers run as root; no GPU, first-run or
 * background networking, so a page opened from file:// never reaches the network on its own.
 */
import type { Browser } from 'playwright-core'

export const CHROMIUM_ARGS: readonly string[] = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking']

/** Launches the Chromium at `executablePath` with the flags above (playwright-core loaded on first use). */
export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core')
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] })
}
