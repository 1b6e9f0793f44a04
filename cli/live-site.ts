/**
 * The folder `dsh-view live` serves, kept a valid and fairly current static site while sessions grow
 * (architecture.md §2.12): the static build (src/site/build-site.ts, incremental, every file written
 * atomically) re-run when the index reports a change — soon for a new or removed session, so the index
 * can link it; after a quiet spell (or at most every few seconds) for a growing one, since the live pages
 * draw growth themselves. Rebuilds never overlap. It also answers `GET /live/site` (site-feed.ts): the
 * pages of the latest build, and with `?after=N` only once a build newer than N is done.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { homedir } from 'node:os'
import { buildSite, type BuildOptions, type BuildReport } from '../src/site/build-site'
import { createProgress } from '../src/site/progress'
import type { SiteAssets } from '../src/site/html/assets'
import { BASE_HEADERS, plain } from '../src/live/node'
import { SITE_WAIT_MS, type SiteMessage, type SitePage } from '../src/live/browser/site-feed'
import type { IndexMessage } from '../src/live/protocol'

export interface RebuildTiming {
  /** After a session appears or goes away. */
  newMs: number
  /** After a session grows and then stays quiet this long… */
  quietMs: number
  /** …or at most this long after its first unbuilt change. */
  maxWaitMs: number
}

const DEFAULT_TIMING: RebuildTiming = { newMs: 150, quietMs: 1500, maxWaitMs: 8000 }

export interface SiteRebuilderOptions {
  inputs: string[]
  outDir: string
  locale: BuildOptions['locale']
  /** `--view`: the pages' default view mode (default `DEFAULT_VIEW_MODE`). */
  view?: BuildOptions['view']
  assets: SiteAssets
  env: Record<string, string | undefined>
  attach: boolean
  timing?: Partial<RebuildTiming>
  onBuilt?: (report: BuildReport, ms: number) => void
  onError?: (error: unknown) => void
}

export class SiteRebuilder {
  /** Builds finished since start (the first build is 0). */
  build = -1
  pages: SitePage[] = []
  readonly #o: SiteRebuilderOptions
  readonly #t: RebuildTiming
  #timer: NodeJS.Timeout | null = null
  #due = Infinity
  #urgent = false
  #firstChange: number | null = null
  #running: Promise<void> | null = null
  #again = false
  #closed = false
  readonly #waiters = new Set<() => void>()

  constructor(options: SiteRebuilderOptions) {
    this.#o = options
    this.#t = { ...DEFAULT_TIMING, ...options.timing }
  }

  /** Builds now (serialised with any running build); resolves when the folder reflects this moment. */
  rebuild(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#running !== null) {
      this.#again = true
      return this.#running
    }
    this.#running = (async () => {
      do {
        this.#again = false
        await this.#buildOnce()
      } while (this.#again && !this.#closed)
    })().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  /** An index message: schedules a rebuild as its kind deserves. */
  notice(message: IndexMessage, known: boolean): void {
    const now = Date.now()
    if (message.kind === 'index-reset') return
    if (message.kind === 'index-remove' || !known) return this.#schedule(now + this.#t.newMs, true)
    this.#firstChange ??= now
    this.#schedule(Math.min(now + this.#t.quietMs, this.#firstChange + this.#t.maxWaitMs), false)
  }

  message(): SiteMessage {
    return { kind: 'site', build: this.build, pages: this.pages, attach: this.#o.attach }
  }

  /** `GET /live/site[?after=N]`. */
  async answer(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void plain(res, 405, 'method not allowed', BASE_HEADERS)
    const after = url.searchParams.get('after')
    if (after !== null && /^-?\d{1,15}$/.test(after)) await this.#waitPast(Number(after), res)
    if (res.destroyed) return
    res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(this.message()))
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer !== null) clearTimeout(this.#timer)
    for (const wake of this.#waiters) wake()
    await this.#running?.catch(() => {})
  }

  /**
   * Sets the next build to `when`. An urgent one (a session came or went) only ever moves it earlier; a
   * growth one restarts the quiet timer, unless an urgent build is due sooner anyway.
   */
  #schedule(when: number, urgent: boolean): void {
    if (this.#closed) return
    if (this.#urgent && this.#due <= when) return
    if (urgent && this.#due <= when) return
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#due = when
    this.#urgent = urgent
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#due = Infinity
      this.#urgent = false
      this.#firstChange = null
      void this.rebuild()
    }, Math.max(0, when - Date.now()))
    this.#timer.unref()
  }

  async #buildOnce(): Promise<void> {
    const started = performance.now()
    try {
      const report = await buildSite(
        { inputs: this.#o.inputs, outDir: this.#o.outDir, title: null, baseUrl: null, locale: this.#o.locale, ...(this.#o.view === undefined ? {} : { view: this.#o.view }), env: this.#o.env, homedir: homedir(), assets: this.#o.assets, live: true },
        createProgress({ write: () => {}, tty: false, quiet: true }),
      )
      this.pages = report.livePages ?? []
      this.build++
      this.#o.onBuilt?.(report, performance.now() - started)
    } catch (error) {
      this.#o.onError?.(error)
    }
    for (const wake of [...this.#waiters]) wake()
  }

  #waitPast(after: number, res: ServerResponse): Promise<void> {
    if (this.build > after || this.#closed) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        if (this.build <= after && !this.#closed && !res.destroyed && Date.now() < deadline) return
        clearTimeout(timer)
        this.#waiters.delete(done)
        resolve()
      }
      const deadline = Date.now() + SITE_WAIT_MS
      const timer = setTimeout(() => {
        this.#waiters.delete(done)
        resolve()
      }, SITE_WAIT_MS)
      timer.unref()
      this.#waiters.add(done)
      res.on('close', done)
    })
  }
}
