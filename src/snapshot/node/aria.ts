/**
 * `dsh-view snapshot --format aria` (issue 5; cards.md §15): a session rendered exactly as `dsh-view build`
 * renders it (src/site/render/render-session.tsx with the built shell and assets; syntax colouring off, which
 * changes no role, name or text), written to a temporary folder, opened from file:// in Chromium (Debian's
 * `chromium`, another found on PATH, or `$DSH_VIEW_CHROMIUM`: find-chromium.ts; driven by playwright-core) with the page's own enhancement script
 * running, in the view mode asked for (`<html data-view>`, the build's `--view`; a mode the reader saved is
 * cleared first, so a capture never depends on the browser profile), row disclosures and turn folds opened as
 * asked, and the transcript landmark, then the session pills (dsh's tree has them after the transcript, under
 * its composer), serialised with Playwright's
 * `ariaSnapshot()` — the serialiser that wrote dsh's `*.expected.md` goldens. A capture is taken until two
 * consecutive ones agree, as upstream does. A paginated session is captured page by page, in order.
 *
 * One browser serves many sessions and one tab is reused; close it with `close()`. The text returned is
 * raw but for one mask that needs the page's structure: a terminal prompt label showing the workspace
 * basename reads `{{workspace}}` (set in the page before the capture; ../normalize.ts `maskPromptLabel` is
 * the text snapshot's side of the same rule), so the same word elsewhere on the page is left as written.
 * Callers mask the other volatile values (../normalize.ts) with the cwd they mean.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { findChromium, type ChromiumLookup } from './find-chromium'
import { launchChromium } from './launch-chromium'
import { workspaceName } from '../normalize'
import terminalStyles from '../../../components/cards/TerminalBlock.module.css'
import type { Locale } from '../../cards/types'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../../cards/view-mode'
import { viewModel } from '../../cards/view-model'
import { writeFileAtomic } from '../../site/write/atomic-write'
import type { SiteAssets } from '../../site/html/assets'
import { headerFacts, summarize } from '../../site/render/chrome'
import { Enricher } from '../../site/render/enrich'
import { SessionRenderer } from '../../site/render/render-session'
import { pageFile, sessionStem, trajectoryFile } from '../../site/plan/slug'
import { TrajectoryRenderer, viewTabs } from '../../site/render/trajectory/render-trajectory'
import type { FileContent } from '../../site/write/atomic-write'
import { assembleTrajectory } from '../../trajectory'
import { trajectoryWords } from '../../trajectory-view'
import { siteText } from '../../site/strings'
import { VIEW_STORAGE_KEY } from '../../site/client/view-mode'
import type { SnapshotSession } from './sessions'

/**
 * What to open before the capture.
 * - `all`: every whole-turn fold and activity group, then every row disclosure;
 * - `none`: nothing (the page as the mode renders it);
 * - `process`: every whole-turn control and activity header whose `aria-expanded` is false, and nothing else
 *   — what upstream's `captureExpandedTurnProcessAria` clicks before it writes a golden (cards-current.md
 *   §15.1) — then, with `names`, the rows whose accessible name matches (ptc-round also opens its Bash row);
 * - `named`: rows whose accessible name matches.
 */
export type ExpandPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'process'; names?: readonly RegExp[] }
  | { kind: 'named'; names: readonly RegExp[] }

/**
 * Row disclosures: the `<details>` a row root holds directly (components/primitives/DisclosureRow.tsx: the
 * root carries the row key as `id` and the row kind as `data-variant`). Not the `Inspect` pills, the
 * windowed-rows toggles of long cards or the deliverables overflow: dsh's tests open rows, not those.
 */
const ROW_DISCLOSURE = '[data-transcript] [id][data-variant] > details'
/**
 * The turn's own controls (src/site/README.md "View modes in the markup"): the whole-turn fold and the activity
 * groups, `<details>` whose summary is the control; upstream puts the attribute on the control itself, which
 * is matched too.
 */
const PROCESS_CONTROL = '[data-transcript] [data-turn-process], [data-transcript] [data-process-activity]'

export class ChromiumMissing extends Error {}

/** `$DSH_VIEW_CHROMIUM`, else the first Chromium or Chrome found (find-chromium.ts has the order). */
export function chromiumExecutable(env: Record<string, string | undefined>): ChromiumLookup {
  return findChromium(env, existsSync)
}

export interface AriaOptions {
  assets: SiteAssets
  env: Record<string, string | undefined>
  /** The browser's time zone for local times on the page (default `UTC`, so a snapshot is machine-independent). */
  timezoneId?: string
}

export interface CaptureOptions {
  expand: ExpandPlan
  /** Card and page strings (default en). */
  locale?: Locale
  /** The page's view mode (default `DEFAULT_VIEW_MODE`), as `dsh-view build --view` renders it. */
  view?: ViewMode
  /**
   * The workspace root whose basename a terminal prompt label shows as `{{workspace}}` (default: the
   * session's cwd; null: none). The golden test seeds its sessions one level below the root it masks.
   */
  workspace?: string | null
}

export class AriaSnapshotter {
  #page: Page | null = null

  private constructor(
    private readonly browser: Browser,
    private readonly options: AriaOptions,
    private readonly dir: string,
  ) {}

  static async launch(options: AriaOptions): Promise<AriaSnapshotter> {
    const chromium = chromiumExecutable(options.env)
    if (!chromium.exists) throw new ChromiumMissing(`no Chromium at ${chromium.path}`)
    const browser = await launchChromium(chromium.path)
    const dir = await mkdtemp(join(tmpdir(), 'dsh-view-aria-'))
    return new AriaSnapshotter(browser, options, dir)
  }

  async close(): Promise<void> {
    await this.browser.close()
    await rm(this.dir, { recursive: true, force: true })
  }

  async #tab(): Promise<Page> {
    if (this.#page === null) {
      // A fixed zone keeps snapshots of local times (components/enhance localizeTimes) the same on every machine.
      const page = await this.browser.newPage({ timezoneId: this.options.timezoneId ?? 'UTC' })
      // Before any page script: a mode saved in this profile would override the page's own.
      await page.addInitScript((key) => {
        try {
          window.localStorage.removeItem(key)
        } catch {
          // no storage: nothing saved either
        }
      }, VIEW_STORAGE_KEY)
      this.#page = page
    }
    return this.#page
  }

  /** Writes the session's pages (and the site assets) under the temporary folder; returns the page paths. */
  async #render(session: SnapshotSession, locale: Locale, view: ViewMode): Promise<string[]> {
    const { assets } = this.options
    const text = siteText(locale)
    const stem = sessionStem(session.id)
    const c = session.conversation
    const summary = summarize({ conversation: c, id: session.id, stem, pages: 1, warnings: c.facts.invalidLines + c.facts.unknownEvents, locale })
    const renderer = new SessionRenderer(assets.shell, text, new Enricher(null))
    const rendered = await renderer.render({
      view: viewModel(c, { cwd: c.facts.cwd, home: null, locale }),
      summary,
      facts: headerFacts(summary, c.facts, text),
      family: { parent: null, children: [] },
      childByCall: new Map(),
      lang: locale === 'zh' ? 'zh-CN' : 'en',
      baseUrl: null,
      viewMode: view,
    })
    const root = join(this.dir, session.name)
    for (const [name, content] of assets.files) await writeFileAtomic(join(root, 'assets', name), content)
    for (const file of rendered.files) await writeFileAtomic(join(root, file.path), file.content)
    return Array.from({ length: rendered.pages }, (_, i) => join(root, 'sessions', pageFile(stem, i + 1)))
  }

  /**
   * The raw ARIA snapshot of the session's Trajectory (issue 29): its pages rendered as `dsh-view build`
   * renders them (the Chat's too, for the links between them), each page's main landmark — toolbar, timing
   * overview, ledger — captured in order; `all` opens every row's details fold first (the inspector content
   * the page shows without selection), `none` captures the ledger as drawn.
   */
  async trajectory(session: SnapshotSession, { expand, locale = 'en' }: { expand: 'all' | 'none'; locale?: Locale }): Promise<string> {
    const pages = await this.#renderTrajectory(session, locale)
    const page = await this.#tab()
    const parts: string[] = []
    for (const path of pages) {
      await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
      if (expand === 'all') await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('[data-tj-ledger] details').forEach((d) => (d.open = true)))
      parts.push(await stableCapture(page, 'main[data-trajectory]'))
    }
    await rm(join(this.dir, session.name), { recursive: true, force: true })
    return parts.join('\n')
  }

  /** Writes the session's Chat and Trajectory pages (and the site assets); returns the Trajectory's page paths. */
  async #renderTrajectory(session: SnapshotSession, locale: Locale): Promise<string[]> {
    const { assets } = this.options
    const text = siteText(locale)
    const stem = sessionStem(session.id)
    const c = session.conversation
    const root = join(this.dir, session.name)
    const out = { write: (path: string, content: FileContent) => writeFileAtomic(join(root, path), content), spoolDir: root }
    const summary = summarize({ conversation: c, id: session.id, stem, pages: 1, warnings: c.facts.invalidLines + c.facts.unknownEvents, locale })
    const facts = headerFacts(summary, c.facts, text)
    const family = { parent: null, children: [] }
    const lang = locale === 'zh' ? 'zh-CN' : 'en'
    const snapshot = session.trajectory ?? assembleTrajectory([])
    const prepared = new TrajectoryRenderer(assets.shell, text).prepare({ snapshot, summary, facts, family, locale, lang, baseUrl: null, viewMode: DEFAULT_VIEW_MODE }, out)
    try {
      const words = trajectoryWords(locale)
      const rendered = await new SessionRenderer(assets.shell, text, new Enricher(null)).render(
        {
          view: viewModel(c, { cwd: c.facts.cwd, home: null, locale }),
          summary,
          facts,
          family,
          childByCall: new Map(),
          lang,
          baseUrl: null,
          trajectory: { links: prepared.links(), tabs: (p) => viewTabs(words, 'chat', pageFile(stem, p), trajectoryFile(stem, 1)) },
        },
        out,
      )
      for (const [name, content] of assets.files) await writeFileAtomic(join(root, 'assets', name), content)
      await prepared.write({ pageOf: (id) => rendered.anchors.get(id), ids: () => rendered.anchors.keys(), file: (p) => pageFile(stem, p) }, out, new Set(rendered.paths))
      return Array.from({ length: prepared.pages }, (_, i) => join(root, 'sessions', trajectoryFile(stem, i + 1)))
    } finally {
      prepared.discard()
    }
  }

  /** The raw ARIA snapshot of the session's transcript (every page, in order). */
  async snapshot(session: SnapshotSession, { expand, locale = 'en', view = DEFAULT_VIEW_MODE, workspace }: CaptureOptions): Promise<string> {
    const pages = await this.#render(session, locale, view)
    const page = await this.#tab()
    const root = workspace === undefined ? session.conversation.facts.cwd : workspace
    const base = root === null ? null : workspaceName(root)
    const parts: string[] = []
    for (const path of pages) {
      await page.goto(pathToFileURL(path).href, { waitUntil: 'load' })
      await openRows(page, expand)
      if (base !== null) await maskPromptLabels(page, base)
      parts.push(await stableCapture(page, TRANSCRIPT))
    }
    // The session pills follow the transcript, where dsh's tree has them (under its composer): once, from the
    // last page's header (every page carries the same).
    if (await page.locator(PILLS).count() > 0) parts.push(await stableCapture(page, PILLS))
    await rm(join(this.dir, session.name), { recursive: true, force: true })
    return parts.join('\n')
  }
}

async function openRows(page: Page, expand: ExpandPlan): Promise<void> {
  if (expand.kind === 'none') return
  if (expand.kind === 'all' || expand.kind === 'process') await openProcess(page)
  if (expand.kind === 'process' && (expand.names ?? []).length === 0) return
  const names = expand.kind === 'named' || expand.kind === 'process' ? (expand.names ?? []) : []
  if (names.length > 0) {
    // Mark the summaries whose accessible name matches (Playwright computes names), then open them all at once.
    for (const name of names) {
      await page.getByRole('button', { name }).and(page.locator(`${ROW_DISCLOSURE} > summary`)).evaluateAll((all) => all.forEach((s) => s.setAttribute('data-snapshot-open', '')))
    }
  }
  const synced = await page.evaluate(
    async ({ selector, all }) => {
      for (const details of document.querySelectorAll<HTMLDetailsElement>(selector)) {
        if (all || details.querySelector(':scope > summary[data-snapshot-open]') !== null) details.open = true
      }
      // `toggle` fires in a later task; the enhancement script mirrors it into aria-expanded. Wait for that.
      const inSync = () => [...document.querySelectorAll<HTMLDetailsElement>(selector)].every((d) => d.querySelector(':scope > summary[role=button]')?.getAttribute('aria-expanded') === String(d.open))
      for (let i = 0; i < 200 && !inSync(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
      return inSync()
    },
    { selector: ROW_DISCLOSURE, all: expand.kind === 'all' },
  )
  if (!synced) throw new Error('the page did not mark its open rows aria-expanded (did its enhancement script run?)')
}

/**
 * Clicks every visible turn control whose `aria-expanded` is false, outermost first (opening a turn shows its
 * activity headers, which are clicked next), as a reader would; then waits until the enhancement script has
 * mirrored every fold's state into `aria-expanded`.
 */
export async function openProcess(page: Page): Promise<void> {
  const synced = await page.evaluate(async (selector) => {
    const controlOf = (el: Element): HTMLElement | null => (el instanceof HTMLDetailsElement ? el.querySelector<HTMLElement>(':scope > summary') : el instanceof HTMLElement ? el : null)
    const clicked = new Set<Element>()
    const pending = (): HTMLElement | null => {
      for (const el of document.querySelectorAll(selector)) {
        const control = controlOf(el)
        if (control === null || clicked.has(el) || control.getAttribute('aria-expanded') !== 'false') continue
        if ((control as HTMLButtonElement).disabled === true || !control.checkVisibility()) continue
        // A fold already open (its toggle event not yet mirrored) is not clicked shut.
        if (el instanceof HTMLDetailsElement && el.open) continue
        clicked.add(el)
        return control
      }
      return null
    }
    for (let control = pending(), n = 0; control !== null && n < 100_000; control = pending(), n++) control.click()
    const inSync = () =>
      [...document.querySelectorAll(selector)].every((el) => {
        if (!(el instanceof HTMLDetailsElement)) return true
        const state = el.querySelector(':scope > summary[role=button]')?.getAttribute('aria-expanded')
        return state === undefined || state === null || state === String(el.open)
      })
    for (let i = 0; i < 200 && !inSync(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
    return inSync()
  }, PROCESS_CONTROL)
  if (!synced) throw new Error('the page did not mark its turn folds aria-expanded (did its enhancement script run?)')
}

/**
 * The terminal prompt labels (components/cards/TerminalBlock.tsx, `styles.label`) whose whole text is the
 * workspace basename read `{{workspace}}`, as in dsh's goldens (`Failed {{workspace}} Get-Item …`). Only
 * the text of those elements changes; the page gets no markup, and every other occurrence of the word —
 * prose, code, output — is the transcript's and stays.
 */
async function maskPromptLabels(page: Page, base: string): Promise<void> {
  const label = terminalStyles['label']
  // A renamed class would silently mask nothing and every golden with a prompt label would drift.
  if (label === undefined) throw new Error('components/cards/TerminalBlock.module.css has no .label class')
  await page.evaluate(
    ({ selector, base }) => {
      for (const label of document.querySelectorAll(selector)) if (label.textContent === base) label.textContent = '{{workspace}}'
    },
    { selector: `[data-terminal] .${label}`, base },
  )
}

const TRANSCRIPT = '[data-transcript]'
/** The header's session pills (components/layout/SessionPills). */
const PILLS = '[data-session-pills]'

/** Captures until two consecutive snapshots agree (a single capture could race a late layout change). */
async function stableCapture(page: Page, selector: string): Promise<string> {
  const region = page.locator(selector).first()
  let previous = await region.ariaSnapshot()
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await region.ariaSnapshot()
    if (current === previous) return current
    previous = current
  }
  throw new Error('the ARIA snapshot did not settle')
}
