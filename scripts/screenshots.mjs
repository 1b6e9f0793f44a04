// The README's view-mode screenshots: builds one session with `dsh-view build --view MODE` for each of the five
// modes, opens the page from file:// in Chromium (playwright-core; /usr/bin/chromium or $DSH_VIEW_CHROMIUM) and
// saves the transcript, cropped, as docs/screenshots/view-<mode>.png (1000 px wide, light scheme).
//
//   npm run build && node scripts/screenshots.mjs [session.jsonl] [--out DIR] [--height PX] [--as-built]
//
// Default session: the ptc-round corpus log (a turn with Think, a code-mode round and its sub-calls). Each mode
// is a page built in that mode (its server-rendered folds), in a fresh browser context (no saved mode), with
// the page's own script running. Then, as a reader's first clicks (and as `snapshot --expand process`), every
// visible whole-turn control and activity header that is closed is opened, so the shots show what each mode
// draws inside a turn; `--as-built` skips that (a completed turn then shows only its control in the folding
// modes). Row disclosures stay closed. Re-run after the turn markup changes.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { launchChromium } from './chromium.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const MODES = ['compact', 'standard', 'detailed', 'verbose', 'classic']

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, height: { type: 'string' }, 'as-built': { type: 'boolean' } },
})
const log = resolve(positionals[0] ?? join(root, 'fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl'))
const outDir = resolve(values.out ?? join(root, 'docs/screenshots'))
const maxHeight = Number(values.height ?? 1400)
const cli = join(root, 'dist/cli.mjs')

if (!existsSync(cli)) throw new Error('dist/cli.mjs is missing: run `npm run build` first')
if (!existsSync(log)) throw new Error(`no log at ${log}`)

const browser = await launchChromium()
const work = mkdtempSync(join(tmpdir(), 'dsh-view-screens-'))
mkdirSync(outDir, { recursive: true })
try {
  for (const mode of MODES) {
    const site = join(work, mode)
    // stdout: the index path; the session page is the only one under sessions/.
    execFileSync(process.execPath, [cli, 'build', log, '-o', site, '--view', mode, '-q'], { stdio: ['ignore', 'pipe', 'pipe'] })
    const page = execFileSync('find', [join(site, 'sessions'), '-name', '*.html'], { encoding: 'utf8' }).trim().split('\n')[0]
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 1, colorScheme: 'light', reducedMotion: 'reduce' })
    const tab = await context.newPage()
    await tab.goto(pathToFileURL(page).href, { waitUntil: 'load' })
    // The script has applied the page's mode once the header control is revealed.
    await tab.locator('[data-view-switch]').waitFor({ state: 'visible' })
    const mark = await tab.evaluate(() => document.documentElement.getAttribute('data-view'))
    if (mark !== mode) throw new Error(`the ${mode} page shows data-view=${mark}`)
    if (values['as-built'] !== true) await openTurns(tab)
    const box = await tab.locator('[data-transcript]').boundingBox()
    if (box === null) throw new Error(`the ${mode} page has no transcript`)
    const file = join(outDir, `view-${mode}.png`)
    await tab.screenshot({ path: file, fullPage: true, clip: { x: 0, y: Math.max(0, box.y - 8), width: 1000, height: Math.min(maxHeight, Math.ceil(box.height) + 16) } })
    await context.close()
    process.stdout.write(`${file}\n`)
  }
} finally {
  await browser.close()
  rmSync(work, { recursive: true, force: true })
}

/** Clicks every visible closed turn control and activity header, outermost first (src/snapshot/node/aria.ts `openProcess`). */
async function openTurns(tab) {
  await tab.evaluate(() => {
    const clicked = new Set()
    const next = () => {
      for (const details of document.querySelectorAll('[data-transcript] details[data-turn-process], [data-transcript] details[data-process-activity]')) {
        const summary = details.querySelector(':scope > summary')
        if (summary === null || details.open || clicked.has(details) || !summary.checkVisibility()) continue
        clicked.add(details)
        return summary
      }
      return null
    }
    for (let summary = next(); summary !== null; summary = next()) summary.click()
  })
}
