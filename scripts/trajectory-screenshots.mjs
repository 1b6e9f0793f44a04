// The README's Trajectory tab screenshots: builds one session with `dsh-view build --locale LOCALE` for en and
// zh, opens its Trajectory page from file:// in Chromium (playwright-core; /usr/bin/chromium or
// $DSH_VIEW_CHROMIUM), selects the `run_code` tool record so the Event details panel shows its inspector, and
// saves the viewport (1200 × 720, light scheme) as docs/screenshots/trajectory-<locale>.png.
//
//   npm run build && node scripts/trajectory-screenshots.mjs [session.jsonl] [--out DIR]
//
// Default session: the ptc-round corpus log (two requests, a code-mode round with two sub-calls, one failed),
// the one the view-mode screenshots (scripts/screenshots.mjs) show in the Chat tab.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { launchChromium } from './chromium.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const LOCALES = ['en', 'zh']

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } })
const log = resolve(positionals[0] ?? join(root, 'fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl'))
const outDir = resolve(values.out ?? join(root, 'docs/screenshots'))
const cli = join(root, 'dist/cli.mjs')

if (!existsSync(cli)) throw new Error('dist/cli.mjs is missing: run `npm run build` first')
if (!existsSync(log)) throw new Error(`no log at ${log}`)

const browser = await launchChromium()
const work = mkdtempSync(join(tmpdir(), 'dsh-view-trajectory-screens-'))
mkdirSync(outDir, { recursive: true })
try {
  for (const locale of LOCALES) {
    const site = join(work, locale)
    execFileSync(process.execPath, [cli, 'build', log, '-o', site, '--locale', locale, '-q'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const page = readdirSync(join(site, 'sessions')).find((f) => f.endsWith('.trajectory.html'))
    if (page === undefined) throw new Error(`the ${locale} site has no Trajectory page`)
    const context = await browser.newContext({ viewport: { width: 1200, height: 720 }, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' })
    const tab = await context.newPage()
    await tab.goto(pathToFileURL(join(site, 'sessions', page)).href, { waitUntil: 'load' })
    // The script shows the toolbar; a click on the tool record opens its inspector in the panel.
    await tab.locator('[data-tj-toolbar]').waitFor({ state: 'visible' })
    await tab.locator('tr[data-k="tool"]').first().click()
    await tab.locator('[data-tj-panel]').waitFor({ state: 'visible' })
    const file = join(outDir, `trajectory-${locale}.png`)
    await tab.screenshot({ path: file })
    await context.close()
    process.stdout.write(`${file}\n`)
  }
} finally {
  await browser.close()
  rmSync(work, { recursive: true, force: true })
}
