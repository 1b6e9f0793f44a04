/**
 * Replay seek (issue 30 point 5): a long timed session (~BENCH_MB MB, ~30 turns a MB: about 3,000 turns at
 * the default 100 MB; generate-log.ts with at most two steps a turn) is built by the CLI, its first page
 * opened in Chromium, and the player (`window.dshPlayer`) sent to a set of turns — the first, the middle,
 * the last, then seeded random ones, each from wherever the previous seek left it. A seek to a turn on
 * another page opens that page at its checkpoint (`page.html#replay=…`); one on the same page only re-shows
 * rows. Timed from the call (epoch clock, in the page) to the frame after the player has applied the
 * position — the next animation frame, with layout forced — on the page that holds the turn. Also: the
 * replay assets' bytes per MB of log (every `<stem>.replay[.pN].js`), how many pages there are, and the
 * renderer's CPU time per seek (Chromium's ProcessTime: on a loaded machine, the figure the load stretches least).
 * With BENCH_CLI_B (another tree's bundled `cli.mjs`, e.g. main's) the same log is also built by that CLI
 * and every seek and plain open is made on both sites in turn (the order alternating), in one browser:
 * an A/B on a loaded machine, read as the per-seek ratio B/A.
 */
import { spawnSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { CDPSession, Page } from 'playwright-core'
import type { BenchContext, Figure } from './bench-types'
import { requireBuiltCli } from './dsh-view-cli'
import { chromiumPath, launchChromium } from './first-view'
import { generateLog } from './generate-log'
import { seededRandom } from '../src/log/testing/random'

const MB = 1e6
const RANDOM_SEEKS = 17

/**
 * Runs before each page's scripts: stamps the frame after every `seek` the player reports, and hands the
 * stamp to the bench through a binding (`__benchReport`, exposed on the context). Not by polling the page
 * (`waitForFunction`): that makes Playwright compile its injected script into every page a seek opens,
 * ~20–30 ms on the renderer's main thread in the middle of each page turn, which a reader never pays.
 */
const HOOK = `(() => {
  let player
  Object.defineProperty(window, 'dshPlayer', {
    configurable: true,
    get() { return player },
    set(value) {
      player = value
      value.onEvent(e => {
        if (e.type !== 'seek') return
        const s = e.state
        requestAnimationFrame(() => {
          void document.documentElement.offsetHeight
          window.__benchReport({ at: s.position, turn: s.turn, t: performance.timeOrigin + performance.now() })
        })
      })
    },
  })
})()`

interface Shown {
  at: number
  turn: number | null
  t: number
}

function writeSession(dir: string, bytes: number): { bytes: number; turns: number } {
  mkdirSync(dir, { recursive: true })
  const log = generateLog(bytes, 7, { maxSteps: 2 })
  const fd = openSync(join(dir, 'session.jsonl'), 'w')
  let written = 0
  let turns = 0
  try {
    for (const line of [log.header, ...log.batches.flat()]) {
      if (line.includes('"type":"turn/start"')) turns++
      written += writeSync(fd, `${line}\n`)
    }
  } finally {
    closeSync(fd)
  }
  return { bytes: written, turns }
}

/** The page file holding turn `k` (pages are cut evenly enough for a bench: by the turn's share of the session). */
function pageOfTurn(turns: readonly unknown[], k: number, pages: number, first: string): string {
  const page = Math.min(pages, Math.floor((k / turns.length) * pages) + 1)
  return page === 1 ? first : first.replace(/\.html$/, `.p${page}.html`)
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number

/**
 * The renderer's CPU time so far (Chromium's `ProcessTime` metric, ms): unlike the wall clock, it does not
 * grow while other processes have the cores, so its per-seek difference is the figure to compare on a loaded
 * machine. The tab's pages are one site (file://), so a page turn keeps the renderer process.
 */
async function rendererCpu(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
  return (metrics.find(m => m.name === 'ProcessTime')?.value ?? Number.NaN) * 1000
}

/** The frames the pages of one tab report (HOOK), handed to whoever waits for a position. */
class Reports {
  #waiting: { at: number; resolve: (shown: Shown) => void } | null = null
  report(shown: Shown): void {
    const w = this.#waiting
    if (w === null || Math.round(shown.at) !== Math.round(w.at)) return
    this.#waiting = null
    w.resolve(shown)
  }
  /** The next report of position `at`. */
  next(at: number): Promise<Shown> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`replay seek: position ${at} never shown`)), 120_000)
      this.#waiting = { at, resolve: shown => (clearTimeout(timer), resolve(shown)) }
    })
  }
}

/** Seeks and waits for the frame after, across a page turn when there is one; ms. */
async function seekOnce(page: Page, reports: Reports, at: number, turn: number): Promise<{ ms: number; shown: Shown }> {
  const shownAt = reports.next(at)
  const t0 = await page.evaluate(p => {
    const w = window as unknown as { dshPlayer: { seek(p: number): void } }
    const t = performance.timeOrigin + performance.now()
    w.dshPlayer.seek(p)
    return t
  }, at)
  const shown = await shownAt
  if (shown.turn !== turn) throw new Error(`seek to turn ${turn} showed turn ${shown.turn}`)
  return { ms: shown.t - t0, shown }
}

/**
 * Waits until the page leaves most of an idle period unused (or 3 s): the other tab seeks next, and this
 * one's work after the frame — what the page defers, its idle slices, GC — would otherwise run beside the
 * other's page turn (which then measured slower whichever side went second, by what the first left over).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>(resolve => {
    const until = performance.now() + 3000
    const check = (deadline: IdleDeadline) => (deadline.timeRemaining() > 40 || performance.now() > until ? resolve() : requestIdleCallback(check, { timeout: 500 }))
    requestIdleCallback(check, { timeout: 500 })
  }))
}

/** Builds the log's site with `cli` into `out`; the session folder. */
function buildSite(cli: string, root: string, out: string, ctx: BenchContext): string {
  const started = performance.now()
  const build = spawnSync(process.execPath, [cli, 'build', root, '-o', out, '-q'], { env: { ...process.env, HOME: ctx.workDir, DSH_HOME: ctx.workDir }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (build.status !== 0) throw new Error(`replay seek: build failed (${build.status}): ${build.stderr.slice(-2000)}`)
  ctx.log(`replay seek: built by ${cli} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  return join(out, 'sessions')
}

export default async function run(ctx: BenchContext): Promise<Figure[]> {
  const chrome = chromiumPath()
  if (chrome === null) {
    ctx.log('replay seek: no Chromium (set DSH_VIEW_CHROMIUM): skipped')
    return []
  }
  const cli = requireBuiltCli()
  const cliB = process.env['BENCH_CLI_B'] || null
  const root = join(ctx.workDir, 'sessions')
  const log = writeSession(join(root, '--home-dev-bench--', 'bench-replay'), ctx.sizeMB * MB)
  ctx.log(`replay seek: ${(log.bytes / MB).toFixed(0)} MB, ${log.turns} turns; building`)
  const sites = [buildSite(cli, root, join(ctx.workDir, 'site'), ctx)]
  if (cliB !== null) sites.push(buildSite(cliB, root, join(ctx.workDir, 'site-b'), ctx))

  const sessions = sites[0] as string
  const files = readdirSync(sessions)
  const replayBytes = files.filter(f => /\.replay(\.p\d+)?\.js$/.test(f)).reduce((sum, f) => sum + statSync(join(sessions, f)).size, 0)
  const first = files.find(f => /\.html$/.test(f) && !/\.(p\d+|prompts|trajectory)\b/.test(f))
  if (first === undefined) throw new Error('replay seek: no session page')
  // Each site's own page count: the two builds may cut the session differently.
  const pagesOf = (dir: string) => readdirSync(dir).filter(f => /\.html$/.test(f) && !/\.(prompts|trajectory)\b/.test(f))
  const sitePages = sites.map(dir => pagesOf(dir))

  const browser = await launchChromium(chrome)
  try {
    const tabs: Page[] = []
    const cdps: CDPSession[] = []
    const reports: Reports[] = []
    let turns: { turn: number; at: number }[] = []
    for (const dir of sites) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const own = new Reports()
      reports.push(own)
      await context.exposeBinding('__benchReport', (_source, shown: Shown) => own.report(shown))
      await context.addInitScript(HOOK)
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      cdps.push(cdp)
      await page.goto(pathToFileURL(join(dir, first)).href)
      turns = await page.evaluate(async () => {
        const player = (window as unknown as { dshPlayer: { load(): Promise<boolean>; info(): { turns: { turn: number; at: number }[] } | null } }).dshPlayer
        await player.load()
        return player.info()?.turns ?? []
      })
      if (turns.length === 0) throw new Error('replay seek: the page has no replay turns')
      tabs.push(page)
    }
    const rand = seededRandom(11)
    const pick = [0, Math.floor(turns.length / 2), turns.length - 1, ...Array.from({ length: RANDOM_SEEKS }, () => Math.floor(rand() * turns.length))]
    // Each side's seeks, and whether each turned the page; with two sites, A and B take turns going first.
    const times: number[][] = sites.map(() => [])
    const cpu: number[][] = sites.map(() => [])
    const turnedAt: boolean[][] = sites.map(() => [])
    const order = (i: number) => (sites.length === 1 ? [0] : i % 2 === 0 ? [0, 1] : [1, 0])
    for (const [i, k] of pick.entries()) {
      const target = turns[k] as { turn: number; at: number }
      const line: string[] = []
      for (const side of order(i)) {
        const page = tabs[side] as Page
        const before = page.url()
        // Playwright's helper script enters a page at its first evaluate: here, before the clocks start.
        await page.evaluate(() => 0)
        const cpu0 = await rendererCpu(cdps[side] as CDPSession)
        const { ms } = await seekOnce(page, reports[side] as Reports, target.at, target.turn)
        const used = (await rendererCpu(cdps[side] as CDPSession)) - cpu0
        await settle(page)
        times[side]?.push(ms)
        cpu[side]?.push(used >= 0 ? used : Number.NaN)
        turnedAt[side]?.push(page.url() !== before)
        line[side] = `${ms.toFixed(0)} ms (CPU ${used.toFixed(0)} ms)`
      }
      ctx.log(`replay seek: turn ${target.turn} in ${line.join(' / ')}${turnedAt[0]?.at(-1) === true ? ' (page turn)' : ''}`)
    }
    // For scale: opening the same pages without replay (goto → the frame after load, layout forced), in a
    // context without the hook: a seek to another page costs at least this.
    const opens: number[][] = sites.map(() => [])
    const plain = await Promise.all(sites.map(async () => (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()))
    for (const [i, k] of pick.slice(0, 8).entries()) {
      for (const side of order(i)) {
        const other = plain[side] as Page
        const own = sitePages[side] as string[]
        const file = own.find(f => f === pageOfTurn(turns, k, own.length, first))
        const t0 = Date.now()
        await other.goto(pathToFileURL(join(sites[side] as string, file ?? first)).href)
        await other.evaluate(() => new Promise(resolve => requestAnimationFrame(() => resolve(document.documentElement.offsetHeight))))
        opens[side]?.push(Date.now() - t0)
      }
    }
    await Promise.all(plain.map(p => p.context().close()))
    const elements = await (tabs[0] as Page).evaluate(() => document.querySelectorAll('section[data-transcript] [id]').length)
    const figures: Figure[] = []
    for (const [side, label] of (sites.length === 1 ? [''] : ['A: ', 'B: ']).entries()) {
      const sorted = [...(times[side] as number[])].sort((a, b) => a - b)
      const sortedOpens = [...(opens[side] as number[])].sort((a, b) => a - b)
      const sortedCpu = (cpu[side] as number[]).filter(Number.isFinite).sort((a, b) => a - b)
      const turned = (turnedAt[side] as boolean[]).filter(Boolean).length
      figures.push(
        { name: `${label}seek to a turn: median`, value: Math.round(quantile(sorted, 0.5)), unit: 'ms', note: `${sorted.length} seeks (${turned} to another page) over ${turns.length} turns, ${(sitePages[side] as string[]).length} pages${side === 1 ? ` (${cliB})` : ''}` },
        { name: `${label}seek to a turn: p95`, value: Math.round(quantile(sorted, 0.95)), unit: 'ms', note: `max ${Math.round(sorted[sorted.length - 1] as number)} ms` },
        { name: `${label}renderer CPU per seek: median`, value: Math.round(quantile(sortedCpu, 0.5)), unit: 'ms', note: `p95 ${Math.round(quantile(sortedCpu, 0.95))} ms; ${sortedCpu.length} seeks (what the load does not stretch)` },
        { name: `${label}open a page (no replay): median`, value: Math.round(quantile(sortedOpens, 0.5)), unit: 'ms', note: `${sortedOpens.length} opens of the same pages: the floor under a seek to another page` },
      )
    }
    if (sites.length === 2) {
      const ratios = (times[1] as number[]).map((b, i) => b / ((times[0] as number[])[i] as number)).sort((a, b) => a - b)
      const openRatios = (opens[1] as number[]).map((b, i) => b / ((opens[0] as number[])[i] as number)).sort((a, b) => a - b)
      const cpuRatios = (cpu[1] as number[]).map((b, i) => b / ((cpu[0] as number[])[i] as number)).filter(Number.isFinite).sort((a, b) => a - b)
      figures.push(
        { name: 'B/A per seek: median', value: Number(quantile(ratios, 0.5).toFixed(2)), unit: '×', note: `quartiles ${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)}` },
        { name: 'B/A renderer CPU per seek: median', value: Number(quantile(cpuRatios, 0.5).toFixed(2)), unit: '×', note: `quartiles ${quantile(cpuRatios, 0.25).toFixed(2)}–${quantile(cpuRatios, 0.75).toFixed(2)}` },
        { name: 'B/A per plain open: median', value: Number(quantile(openRatios, 0.5).toFixed(2)), unit: '×', note: `quartiles ${quantile(openRatios, 0.25).toFixed(2)}–${quantile(openRatios, 0.75).toFixed(2)}` },
      )
    }
    figures.push(
      { name: 'replay assets', value: Number((replayBytes / (log.bytes / MB) / 1000).toFixed(1)), unit: 'KB/MB', note: `${(replayBytes / 1000).toFixed(0)} KB for a ${(log.bytes / MB).toFixed(0)} MB log` },
      { name: 'rows in the DOM after the last seek', value: elements, unit: 'ids', note: 'one page of the session' },
    )
    return figures
  } finally {
    await browser.close()
  }
}
