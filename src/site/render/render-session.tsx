/**
 * One session's view model → its pages (issue 4 budgets): cut long content (cut.ts), fill the HTML slots
 * (enrich.ts), render each turn section once (static-markup.ts: `renderToStaticMarkup`'s markup without
 * React's server renderer; no Astro at run time), measure it, split turns too big for a page, pack pieces
 * into pages (paginate.ts), and splice each page's transcript into its chrome and the prebuilt shell.
 * A row too big for a page is cut again, harder, and loses its colours, until it fits or the caps run out
 * (then it is reported as over budget).
 *
 * Sections are concatenated into pages; no id in them is generated (the renderer refuses hooks, `useId`
 * among them), so none can collide.
 */
import { renderStaticMarkup } from '../html/static-markup'
import type { Locale, PageRow, PageSection, PageViewModel, ToolRowModel } from '../../cards/types'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../../cards/view-mode'
import { SessionPage, SLOT_MARKUP } from '../../../components/layout/SessionPage'
import { PromptsPage } from '../../../components/layout/PromptsPage'
import { Transcript } from '../../../components/layout/Transcript'
import { foldClassicRepeats } from './classic-repeats'
import { anchorMapFile, anchorScript, collectIds } from './pages/anchors'
import { indexScript, pageScript, replayAssets, type ReplayAssets, type Schedule } from '../../replay'
import { replayDataFile, replayIndexFile } from './replay-files'
import { childAnchor, foldControls, promptEntry, promptToc, sessionChrome, type Family } from './chrome'
import { addExtras, capsFor, Cutter, extrasOf, type SideText } from './pages/cut'
import { waitingForColours, type Enricher } from './enrich'
import type { FileContent } from '../write/atomic-write'
import { add, fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, measure, measureBytes, ZERO, type Size } from './pages/measure'
import { packPages, packSession, splitSection } from './pages/paginate'
import { pagerNav } from './pages/pager'
import { promptPages, PROMPTS_PER_PAGE, sessionPrompts, TOC_WINDOW, type Prompt } from './prompts'
import { liveHead, type LiveFlag } from '../html/live'
import { fillShell, headMarkup, type Shell } from '../html/shell'
import { pageFile, promptsFile, sideFile } from '../plan/slug'
import { findBoxFor, shardFile } from '../../search/chrome'
import { ShardCollector } from '../../search/collector'
import { toolCounts } from '../../search/shard'
import { PieceStore } from './pages/piece-store'
import { searchText } from '../../search/strings'
import type { FindBoxModel } from '../../search/types'
import { escapeHtml } from '../../highlight/render-tokens'
import type { Fact, PromptToc, RowExtra, SessionSummary, SiteText, TrajectoryLinks, ViewTabs } from '../types'
import { bomText } from '../write/text-file'
import { TranscriptParts } from './transcript-parts'
import { addTrajectoryExtras } from './trajectory/row-links'

/**
 * A session's view model handed out one section at a time (`sectionFeed` in src/cards/view-model.ts), for a
 * renderer that lets each batch of sections go once it is rendered; `tools` is what `toolCounts` gives for
 * the whole view (the find box on every page lists them), counted before any section is handed out.
 */
export interface SectionFeed {
  locale: Locale
  count: number
  at(i: number): PageSection
  tools: [tool: string, count: number][]
  /** The session's prompt list (`sessionPrompts` of the whole view; `digestOf(sections).prompts` from the model). */
  prompts: Prompt[]
}

const feedOf = (view: PageViewModel | SectionFeed): SectionFeed =>
  'sections' in view
    ? { locale: view.locale, count: view.sections.length, at: i => view.sections[i] as PageSection, tools: toolCounts(view), prompts: sessionPrompts(view) }
    : view

/**
 * Sections cut, coloured and rendered together. Within a batch, the colour budget goes to the answers'
 * code first, then to tool rows (./enrich.ts), so batches are part of what a page looks like; a batch is let
 * go once rendered, so a big session's memory is its model plus one batch. A session of up to this many
 * sections is one batch.
 */
export const SECTION_BATCH = 64

/** Where a render writes its files as it makes them (the site build's writer). */
export interface RenderOutput {
  write(path: string, content: FileContent): Promise<void>
  /** A folder for the page spool (src/site/render/pages/piece-store.ts), inside the build's staging folder. */
  spoolDir: string
  /** Rendered bytes held before they go to the spool (default SPILL_BYTES; tests spill early). */
  spill?: number
}

export interface SessionRenderInput {
  /** The whole view model, or (the static build) a feed handing out its sections one by one. */
  view: PageViewModel | SectionFeed
  summary: SessionSummary
  facts: Fact[]
  family: Family
  /** Call id → children spawned by it (for the link after the spawning row). */
  childByCall: Map<string, SessionSummary[]>
  lang: string
  /** Absolute URL of the site root (`--base-url`), for canonical links. */
  baseUrl: string | null
  /** Set only by `dsh-view live`: the page's live flag (src/site/html/live.ts). */
  live?: LiveFlag
  /** The log ends in a partial line: one of `summary.warnings`, which the header names apart (no card marks it). */
  tornTail?: boolean
  /** Where the links the transcript adds point; default: the site's own files. */
  links?: RenderLinks
  /**
   * The page's default view mode (`--view`): `<html data-view>`, the folds' server-rendered state and the
   * header control's selection. Default `DEFAULT_VIEW_MODE`. Every mode's content is on the page either way.
   */
  viewMode?: ViewMode
  /**
   * A preview (src/site/preview.ts): only the first page is written, its header says it is a preview, and
   * it lists and links only what that page holds (no page navigation, no anchor map, no prompt pages).
   * Sections are rendered only until that page is full; `RenderedSession.pages` > 1 says it is.
   */
  preview?: boolean
  /**
   * The session's Trajectory pages (issue 29), cut already: the header's `Chat | Trajectory` tabs, and the
   * link after each tool row and each turn's first user row to its record or request there.
   */
  trajectory?: { links: TrajectoryLinks; tabs: (page: number) => ViewTabs }
  /**
   * The session's replay schedule (src/replay/schedule.ts). A timed one (the log has clocks) gives the pages
   * their replay data (`<stem>.replay.js`, one data file per further page) and a `<meta name="dsh-replay">`
   * naming it; an untimed one only with `replayUntimed` (the export's `--replay`, which plays it paced).
   * Pages of a session without it cost nothing extra.
   */
  replay?: Schedule
  replayUntimed?: boolean
}

/**
 * Link targets for the links a transcript adds after rows. The one-file export (src/export) points them
 * inside its file; the site leaves them unset (`pageFile`, `sideFile`).
 */
export interface RenderLinks {
  /** A child session's page, relative to this page. */
  child(stem: string): string
  /** The full text of a cut output, by content hash. */
  fullText(stem: string, hash: string): string
}

export interface RenderedFile {
  /** Relative to the site root. */
  path: string
  /** Text, or (pages) the UTF-8 chunks the page is made of, in order: write them as they are. */
  content: FileContent
}

export interface RenderedSession {
  /** Every file's path (relative to the site root), sorted. */
  paths: string[]
  /** The files with their content; empty when they were written through a `RenderOutput`. */
  files: RenderedFile[]
  pages: number
  /** Pages still over a budget after every cut (listed as warnings). */
  overBudget: number[]
  /**
   * Each page's transcript landmark (`<section data-transcript>…</section>`), for documents built elsewhere
   * (src/export). Rendered without a `RenderOutput` only.
   */
  transcripts: TranscriptParts
  /** The full texts of cut outputs, by hash (the side files' content without the BOM); empty when written through a `RenderOutput`. */
  sideTexts: SideText[]
  /** Every id the pages hold → its 1-based page (the Trajectory's links back to Chat rows). */
  anchors: ReadonlyMap<string, number>
  /** The replay data of the pages (null: none, see `SessionRenderInput.replay`). */
  replay: ReplayAssets | null
}

/** Whether a render writes replay data (and names it in its pages' heads). */
const playsBack = (input: SessionRenderInput): boolean =>
  input.replay !== undefined && input.preview !== true && input.live === undefined && input.replay.items.length > 0 && (input.replay.timed || input.replayUntimed === true)

const EMPTY_SECTIONS: readonly PageSection[] = []

/**
 * A rendered section (or part of one), kept as UTF-8 bytes: React's output is a rope of thousands of small
 * strings, flattened once here by the encoder; pages are then written as lists of these chunks, so no page
 * is ever re-joined into one large string (each large string or buffer costs fresh memory, and on the build
 * machines its page faults cost more than the copy).
 */
export interface Piece {
  bytes: Buffer
  size: Size
  ids: string[]
}

export class SessionRenderer {
  /** The transcript landmark around a page's sections (the sections are rendered bare, one by one). */
  readonly #open: string
  readonly #close = '</section>'
  /** Time `render` spent waiting for code colours (on this thread's shiki, or for the highlight worker). */
  highlightWaitMs = 0

  constructor(
    private readonly shell: Shell,
    private readonly text: SiteText,
    private readonly enricher: Enricher,
  ) {
    const wrapper = renderStaticMarkup(<Transcript sections={EMPTY_SECTIONS} label={text.transcript} />)
    if (!wrapper.endsWith(this.#close)) throw new Error('Transcript no longer renders a <section> landmark')
    this.#open = wrapper.slice(0, -this.#close.length)
  }

  #sectionHtml(section: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>, view: ViewMode): string {
    return renderStaticMarkup(<Transcript sections={[section]} label={this.text.transcript} extras={extras} view={view} bare />)
  }

  #piece(section: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>, view: ViewMode): Piece {
    const html = this.#sectionHtml(section, extras, view)
    const bytes = Buffer.from(html, 'utf8')
    return { bytes, size: measureBytes(bytes), ids: collectIds(html) }
  }

  /**
   * Renders the session. With `out` (the static build) every file is written through it as soon as it is
   * made — side texts as their sections are cut, pages once the last section has told the page count — and
   * rendered sections wait in a spool file rather than in memory; without, the files come back in memory.
   */
  async render(input: SessionRenderInput, out: RenderOutput | null = null): Promise<RenderedSession> {
    const { summary } = input
    const stem = summary.slug
    const feed = feedOf(input.view)
    const viewMode = input.viewMode ?? DEFAULT_VIEW_MODE
    const sideTexts = new Map<string, SideText>()
    const sidePaths = new Set<string>()
    const files: RenderedFile[] = []
    const emit = async (file: RenderedFile) => {
      if (out === null) files.push(file)
      else await out.write(file.path, file.content)
    }
    const extras = new Map<string, RowExtra[]>()
    const cutter = (level: number) => new Cutter(capsFor(level), this.text, hash => input.links?.fullText(stem, hash) ?? sideFile(stem, hash))
    const pendingSides: SideText[] = []
    const collect = (c: Cutter) => {
      const drained = c.drain()
      addExtras(extras, drained.extras)
      for (const t of drained.sideTexts) {
        if (out === null) sideTexts.set(t.hash, t)
        else if (!sidePaths.has(t.hash)) {
          sidePaths.add(t.hash)
          pendingSides.push(t)
        }
      }
    }
    const sideFileOf = (t: SideText): RenderedFile => ({ path: `sessions/${sideFile(stem, t.hash)}`, content: bomText(t.text) })
    const writeSides = async () => {
      for (const t of pendingSides.splice(0)) await emit(sideFileOf(t))
    }

    const prompts = feed.prompts
    const limit = this.#room(input, feed)
    // The search shard holds every row's whole text (cut parts included), from the uncut sections.
    const shard = new ShardCollector({ stem, labels: searchText(feed.locale).labels })
    const store = new PieceStore(out === null ? null : out.spoolDir, out?.spill)
    try {
      // Each piece's bytes go to the store (piece i is the store's entry i), its size and ids stay here.
      const sizes: Size[] = []
      const pieceIds: string[][] = []
      const keep = (piece: Piece) => {
        store.put(piece.bytes)
        sizes.push(piece.size)
        pieceIds.push(piece.ids)
      }
      // A preview shows one page: once the pieces so far overflow it, its end is known (pages are packed
      // greedily from the first), and the sections after them are not rendered.
      for (const raws of feedBatches(feed)) {
        if (input.preview === true && !fits(sizes.reduce((sum, size) => add(sum, size), ZERO), limit)) break
        for (const raw of raws) {
          shard.add(raw)
          // Links to the Trajectory: a tool row's record, a turn's first request (after its first user row).
          if (input.trajectory !== undefined) addTrajectoryExtras(raw, input.trajectory.links, extras)
          // Links after the calls that started a child session.
          for (const row of raw.rows) {
            if (row.kind !== 'tool') continue
            for (const child of spawnedBy(row, input.childByCall)) {
              ;extrasOf(extras, row.key).push({ kind: 'child-session', href: input.links?.child(child.slug) ?? pageFile(child.slug, 1), label: `${this.text.openChild}: ${child.title}`, id: childAnchor(child.slug) })
            }
          }
        }
        await this.#renderBatch(raws, extras, cutter, collect, limit, viewMode, keep)
        await writeSides()
      }

      // A long session's pages are lighter (paginate.ts `packSession`); a preview shows the first page of the
      // full budget while it cannot know the length, and a live page keeps breaking pages at `limit`.
      const { pages: packed, light } = input.preview === true || input.live !== undefined ? { pages: packPages(sizes, () => limit), light: false } : packSession(sizes, limit)
      const pages = input.preview === true ? packed.slice(0, 1) : packed
      const overBudget: number[] = []
      const pageNames = pages.map((_, i) => pageFile(stem, i + 1))
      // Ids come from session text (keys hold call ids): a Map, then an object with own properties only.
      const anchors = new Map<string, number>()
      pages.forEach((indices, i) => {
        for (const index of indices) for (const id of pieceIds[index] ?? []) if (!anchors.has(id)) anchors.set(id, i)
      })
      const anchorMap = pages.length > 1 ? anchorMapFile(stem) : null
      // 1-based page of an anchor (every prompt's id is on some page: ids come from the rendered sections).
      const pageOf = (id: string) => (anchors.get(id) ?? 0) + 1

      // A preview lists only the prompts its one page holds.
      const listed = input.preview === true ? prompts.filter(p => anchors.has(p.id)) : prompts
      const promptPages = listed.map(p => pageOf(p.id))
      // A page is consecutive pieces, so its bytes are one range of the store.
      const chunksOf = (indices: readonly number[]): Buffer[] => (indices.length === 0 ? [] : store.chunks(indices[0] as number, (indices[indices.length - 1] as number) + 1))
      const transcriptChunks: Buffer[][] = []
      for (let i = 0; i < pages.length; i++) {
        const indices = pages[i] as number[]
        const toc = promptToc(listed, promptPages, i + 1, stem, this.text)
        const frame = this.#frame(input, feed, i + 1, pages.length, anchorMap, limit, toc, light)
        // The pieces were measured already: only the chrome around them is new.
        const size = indices.reduce((sum, index) => add(sum, sizes[index] ?? ZERO), frame.size)
        if (!fits(size, { bytes: MAX_PAGE_BYTES, nodes: MAX_PAGE_NODES })) overBudget.push(i + 1)
        // Classic-only rows that repeat on this page are written once (./classic-repeats.ts); a classic page
        // keeps them all, as it reads without scripts.
        const body = viewMode === 'classic' ? chunksOf(indices) : foldClassicRepeats(chunksOf(indices))
        if (out === null) transcriptChunks.push(body)
        await emit({ path: `sessions/${pageNames[i] ?? ''}`, content: [frame.head, ...body, frame.tail] })
      }
      const open = this.#open
      const close = this.#close
      // Decoded only when asked for (src/export): a site build never joins its pages into strings.
      const transcripts = () => new TranscriptParts(open, close, transcriptChunks)
      if (anchorMap !== null) await emit({ path: `sessions/${anchorMap}`, content: anchorScript({ pages: pageNames, anchors: Object.fromEntries(anchors) }) })
      // Replay data, cut along the pages just packed: each page's ids in document order.
      const replay = playsBack(input) ? replayAssets(input.replay as Schedule, pages.map((indices, i) => ({ page: pageNames[i] ?? '', ids: indices.flatMap(index => pieceIds[index] ?? []), data: replayDataFile(stem, i + 1) }))) : null
      const replayPaths: string[] = []
      if (replay !== null) {
        replayPaths.push(`sessions/${replayIndexFile(stem)}`)
        await emit({ path: `sessions/${replayIndexFile(stem)}`, content: indexScript(replay.index) })
        // A one-page session's data is in its index; with more, every page has its own file (the first too).
        for (let i = pages.length > 1 ? 0 : 1; i < pages.length; i++) {
          const path = `sessions/${replayDataFile(stem, i + 1)}`
          replayPaths.push(path)
          await emit({ path, content: pageScript(replay.pages[i] as NonNullable<(typeof replay.pages)[number]>) })
        }
      }
      if (input.preview !== true) await emit({ path: `sessions/${shardFile(stem)}`, content: shard.finish(summary.title) })
      const promptFiles = this.#promptPages(input, listed, pageOf)
      for (const file of promptFiles) await emit(file)
      const sorted = [...sideTexts.values()].sort((a, b) => (a.hash < b.hash ? -1 : 1))
      for (const t of sorted) files.push(sideFileOf(t))
      const paths = [
        ...pageNames.map(name => `sessions/${name}`),
        ...(anchorMap === null ? [] : [`sessions/${anchorMap}`]),
        ...replayPaths,
        ...(input.preview === true ? [] : [`sessions/${shardFile(stem)}`]),
        ...promptFiles.map(f => f.path),
        ...[...(out === null ? sideTexts.keys() : sidePaths)].map(hash => `sessions/${sideFile(stem, hash)}`),
      ].sort()
      return {
        paths,
        files,
        // A preview tells how many pages its sections would fill (more than one: its page is full).
        pages: packed.length,
        overBudget,
        get transcripts() {
          if (out !== null) throw new Error('transcripts are kept only when rendering without a RenderOutput')
          return transcripts()
        },
        sideTexts: sorted,
        anchors: new Map([...anchors].map(([id, page]) => [id, page + 1])),
        replay,
      }
    } finally {
      store.close()
    }
  }

  /**
   * One batch of sections cut, coloured and rendered; each section's pieces are handed to `keep` in order.
   * What it reads besides its arguments: this renderer's enricher (its session colour budget) and text.
   */
  async #renderBatch(
    raws: readonly PageSection[],
    extras: ReadonlyMap<string, readonly RowExtra[]>,
    cutter: (level: number) => Cutter,
    collect: (c: Cutter) => void,
    limit: Size,
    viewMode: ViewMode,
    keep: (piece: Piece) => void,
  ): Promise<void> {
    const base = cutter(0)
    const cut = raws.map(raw => {
      const section = base.section(raw)
      collect(base)
      return section
    })
    // Every section's code is sent to be coloured now; each is awaited just before its section renders.
    const enriched = this.enricher.start(cut)
    // A section's pieces depend on that section alone, so sections whose colours are not back yet wait
    // while the rest render (a session's code usually sits in its first sections, until the budget is
    // spent). Pieces go to the store in order as soon as every section before them has rendered.
    const bySection: (Piece[] | undefined)[] = []
    let stored = 0
    const store1 = () => {
      for (; stored < raws.length && bySection[stored] !== undefined; stored++) {
        for (const piece of bySection[stored] as Piece[]) keep(piece)
        bySection[stored] = []
      }
    }
    const renderSection = async (i: number) => {
      const raw = raws[i]
      const started = enriched[i]
      if (raw === undefined) return
      const waitFrom = performance.now()
      await started?.ready
      this.highlightWaitMs += performance.now() - waitFrom
      const section = started === undefined ? (cut[i] ?? raw) : await started.finish()
      const whole = this.#piece(section, extras, viewMode)
      bySection[i] = fits(whole.size, limit) ? [whole] : await this.#split(raw, section, limit, extras, cutter, collect, viewMode)
      store1()
    }
    const waiting = await waitingForColours(enriched)
    const later: number[] = []
    for (let i = 0; i < raws.length; i++) {
      if (waiting.has(i)) later.push(i)
      else await renderSection(i)
    }
    for (const i of later) await renderSection(i)
  }

  /** A section too big for a page → page-sized parts, cutting oversized rows harder (paginate.ts `splitSection`). */
  async #split(
    raw: PageSection,
    section: PageSection,
    limit: Size,
    extras: ReadonlyMap<string, readonly RowExtra[]>,
    cutter: (level: number) => Cutter,
    collect: (c: Cutter) => void,
    view: ViewMode,
  ): Promise<Piece[]> {
    const parts = await splitSection(raw, section, limit, this.text.continued, {
      size: part => this.#piece(part, extras, view).size,
      recut: async (rawRow, level) => {
        const c = cutter(level)
        const again = await this.enricher.section(c.section({ ...raw, rows: [rawRow] }), { highlight: false })
        collect(c)
        return again.rows[0] as PageRow
      },
    })
    return parts.map(part => this.#piece(part, extras, view))
  }

  readonly #findBoxes = new WeakMap<SectionFeed, FindBoxModel>()

  /** The find box's props, once per session (every page of it shows the same box). */
  #findBox(input: SessionRenderInput, feed: SectionFeed): FindBoxModel {
    let model = this.#findBoxes.get(feed)
    if (model === undefined) this.#findBoxes.set(feed, (model = findBoxFor(feed.tools, input.summary.slug, feed.locale)))
    return model
  }

  /**
   * The full prompt list's pages (src/site/render/prompts.ts), when the session has more prompts than a page lists:
   * PROMPTS_PER_PAGE entries a page, each linking to its turn on the page that holds it.
   */
  #promptPages(input: SessionRenderInput, prompts: readonly Prompt[], pageOf: (id: string) => number): RenderedFile[] {
    const count = promptPages(prompts.length)
    const stem = input.summary.slug
    const files: RenderedFile[] = []
    for (let n = 1; n <= count; n++) {
      const slice = prompts.slice((n - 1) * PROMPTS_PER_PAGE, n * PROMPTS_PER_PAGE)
      const title = this.text.promptsTitle(input.summary.title)
      const body = renderStaticMarkup(
        <PromptsPage
          model={{
            title,
            session: { href: pageFile(stem, 1), label: this.text.backToSession },
            index: { href: '../index.html', label: this.text.allSessions },
            label: this.text.prompts,
            entries: slice.map(p => promptEntry(p, stem, pageOf(p.id), false, this.text)),
            nav: count > 1 ? pagerNav(n, count, p => promptsFile(stem, p), this.text.pagesNav, this.text) : null,
          }}
          skipLabel={this.text.skipToPrompts}
          allSessions={this.text.allSessions}
          footer={this.text.generatedBy}
        />,
      )
      const file = promptsFile(stem, n)
      const canonical = input.baseUrl === null ? null : `${input.baseUrl}sessions/${file}`
      const head = headMarkup(count > 1 ? `${title} (${this.text.pageOf(n, count)})` : title, canonical)
      files.push({ path: `sessions/${file}`, content: fillShell(this.shell, { lang: input.lang, root: '../', head, body, view: input.viewMode ?? DEFAULT_VIEW_MODE }) })
    }
    return files
  }

  /** Chrome of the largest kind of page (with navigation and the largest prompt list), plus the shell, reserved on every page. */
  /** The transcript room of this session's pages: the budgets less the largest chrome a page of it has. */
  #room(input: SessionRenderInput, feed: SectionFeed): Size {
    const { size } = this.#frame(input, feed, 2, 3, anchorMapFile(input.summary.slug), null, largestToc(feed.prompts, input.summary.slug, this.text))
    // Navigation grows with page count (a window of links, first and last): leave room for a few more.
    const reserve = add(size, { bytes: 2_000, nodes: 40 })
    return { bytes: MAX_PAGE_BYTES - reserve.bytes, nodes: MAX_PAGE_NODES - reserve.nodes }
  }

  /**
   * Page `page` of `pages` without its transcript: the document up to and including the transcript
   * landmark's opening tag, and from its closing tag on, encoded. The slot is found in our own markup
   * (session text is escaped, so it cannot contain `<div`); the transcript never passes through a string
   * replacement, where `$&` or `$'` in session text would be expanded. A live page also carries its place
   * and `room` (the transcript room of every page), for the live page to break pages as this does
   * (src/site/html/live.ts `LivePageInfo`); sizing the chrome passes none, written as zeros of the same width.
   * `light`: the session was packed into light pages (pages/paginate.ts `packSession`).
   */
  #frame(input: SessionRenderInput, feed: SectionFeed, page: number, pages: number, anchorMap: string | null, room: Size | null = null, prompts: PromptToc | null = null, light = false): { head: Buffer; tail: Buffer; size: Size } {
    const view = input.viewMode ?? DEFAULT_VIEW_MODE
    const chrome = {
      ...sessionChrome(input.summary, input.facts, input.family, page, pages, this.text, view, input.tornTail === true),
      prompts,
      folds: foldControls(this.text),
      ...(input.preview === true ? { notice: this.text.previewPage } : {}),
      ...(input.trajectory === undefined ? {} : { tabs: input.trajectory.tabs(page) }),
    }
    // A preview has no search of its own: the session's search shard covers rows beyond its one page.
    const find = input.preview === true ? undefined : this.#findBox(input, feed)
    const frame = renderStaticMarkup(
      <SessionPage
        chrome={chrome}
        skipLabel={this.text.skipToTranscript}
        allSessions={this.text.allSessions}
        footer={this.text.generatedBy}
        find={find}
        missingAnchor={{ turn: this.text.noSuchTurn, other: this.text.noSuchAnchor }}
      />,
    )
    const file = pageFile(input.summary.slug, page)
    const canonical = input.baseUrl === null ? null : `${input.baseUrl}sessions/${file}`
    const title = pages > 1 ? `${chrome.title} (${this.text.pageOf(page, pages)})` : chrome.title
    // A paginated session's pages each have a data file of their own; a one-page session's data is in its index.
    // A long session's light pages (`packSession`) hold their first frame for the player (../html/shell.ts).
    const replay = playsBack(input) ? { src: replayIndexFile(input.summary.slug), page, ...(pages > 1 ? { data: replayDataFile(input.summary.slug, page), hold: light } : {}) } : null
    const head = headMarkup(title, canonical, anchorMap, replay) + (input.live === undefined ? '' : liveHead(input.live, '../', { stem: input.summary.slug, page, pages, room }))
    const html = fillShell(this.shell, { lang: input.lang, root: '../', head, body: frame, view })
    const at = html.indexOf(SLOT_MARKUP)
    if (at < 0 || html.indexOf(SLOT_MARKUP, at + 1) >= 0) throw new Error('the page frame must hold exactly one transcript slot')
    const before = `${html.slice(0, at)}${this.#open}`
    const after = `${this.#close}${html.slice(at + SLOT_MARKUP.length)}`
    return { head: Buffer.from(before, 'utf8'), tail: Buffer.from(after, 'utf8'), size: measure(before + after) }
  }
}

/**
 * A prompt list at least as large as any page's (for the chrome reserve): the TOC_WINDOW prompts with the
 * longest escaped labels and ids, every one marked current and linked to a page number of six digits.
 */
function largestToc(prompts: readonly Prompt[], stem: string, text: SiteText): PromptToc | null {
  if (prompts.length === 0) return null
  const cost = (p: Prompt) => Buffer.byteLength(escapeHtml(p.label)) + 3 * p.id.length
  const largest = [...prompts].sort((a, b) => cost(b) - cost(a)).slice(0, TOC_WINDOW)
  const toc = promptToc(largest, largest.map(() => 999_999), 999_999, stem, text)
  if (toc === null) return null
  const big = prompts.length + 999_999
  return { ...toc, summary: text.promptsSummary(big), note: text.promptsWindow(big, big, big), all: { href: promptsFile(stem, 1), label: text.allPrompts(big) } }
}

/**
 * Children started by a tool row or any call nested under it, the row's own first, then each nested call's
 * in order (depth first). An explicit stack: how deep calls nest is the log's to say.
 */
export function spawnedBy(row: ToolRowModel, childByCall: ReadonlyMap<string, readonly SessionSummary[]>): SessionSummary[] {
  const found: SessionSummary[] = []
  const stack: ToolRowModel[] = [row]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    for (const child of childByCall.get(next.callId) ?? []) found.push(child)
    for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i] as ToolRowModel)
  }
  return found
}

/** A feed's sections in batches of SECTION_BATCH, each section taken (and let go by the feed) as its batch is made. */
function* feedBatches(feed: SectionFeed): Generator<PageSection[]> {
  for (let first = 0; first < feed.count; first += SECTION_BATCH) {
    const raws: PageSection[] = []
    for (let i = first; i < Math.min(feed.count, first + SECTION_BATCH); i++) raws.push(feed.at(i))
    yield raws
  }
}
