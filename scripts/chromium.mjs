// Chromium for the README screenshot scripts (scripts/screenshots.mjs, scripts/trajectory-screenshots.mjs):
// Debian's /usr/bin/chromium or $DSH_VIEW_CHROMIUM, driven by playwright-core with the flags the CLI uses
// (src/snapshot/node/launch-chromium.ts; these scripts run as plain Node, so they cannot import its source).
import { existsSync } from 'node:fs'

export async function launchChromium() {
  const path = process.env.DSH_VIEW_CHROMIUM ?? '/usr/bin/chromium'
  if (!existsSync(path)) throw new Error(`no Chromium at ${path} (install Debian's chromium or set DSH_VIEW_CHROMIUM)`)
  const { chromium } = await import('playwright-core')
  return chromium.launch({ executablePath: path, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
}
