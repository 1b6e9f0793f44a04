/**
 * One session's view model → its pages (issue 4 budgets): cut long content (cut.ts), fill the HTML slots
 * (enrich.ts), render each turn section once with React (`renderToStaticMarkup`, no Astro at run time),
 * measure it, split turns too big for a page, pack pieces into pages (paginate.ts), and splice each page's
 * transcript into its chrome and the prebuilt shell. A row too big for a page is cut again, harder, and
 * loses its colours, until it fits or the caps run out (then it is reported as over budget).
 *
 * Sections are rendered with a per-section `identifierPrefix`, so ids React generates never collide when
 * sections are concatenated into one page.
 */
import { createHash } from 'node:crypto'
import { renderToStaticMarkup } from 'react-dom/server'
import type { PageRow, PageSection, PageViewModel, ToolRowModel } from '../cards/types'
import { SessionPage, SLOT_MARKUP } from '../../components/layout/SessionPage'
import { Transcript } from '../../components/layout/Transcript'
import { anchorScript, collectIds } from './anchors'
import { childAnchor, sessionChrome, type Family } from './chrome'
import { CAP_LEVELS, capsFor, Cutter, type SideText } from './cut'
import { withoutHighlight, type Enricher } from './enrich'
import { add, fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, measure, ZERO, type Size } from './measure'
import { packPages, splitRows } from './paginate'
import { fillShell, headMarkup, type Shell } from './shell'
import { pageFile, sideFile } from './slug'
import type { Fact, RowExtra, SessionSummary, SiteText } from './types'

export interface SessionRenderInput {
  view: PageViewModel
  summary: SessionSummary
  facts: Fact[]
  family: Family
  /** Call id → children spawned by it (for the link after the spawning row). */
  childByCall: Map<string, SessionSummary[]>
  lang: string
  /** Absolute URL of the site root (`--base-url`), for canonical links. */
  baseUrl: string | null
}

export interface RenderedFile {
  /** Relative to the site root. */
  path: string
  content: string
}

export interface RenderedSession {
  files: RenderedFile[]
  pages: number
  /** Pages still over a budget after every cut (listed as warnings). */
  overBudget: number[]
}

const EMPTY_SECTIONS: readonly PageSection[] = []

interface Piece {
  html: string
  size: Size
  ids: string[]
}

export class SessionRenderer {
  /** The transcript landmark around a page's sections (the sections are rendered bare, one by one). */
  readonly #open: string
  readonly #close = '</section>'

  constructor(
    private readonly shell: Shell,
    private readonly text: SiteText,
    private readonly enricher: Enricher,
  ) {
    const wrapper = renderToStaticMarkup(<Transcript sections={EMPTY_SECTIONS} label={text.transcript} />)
    if (!wrapper.endsWith(this.#close)) throw new Error('Transcript no longer renders a <section> landmark')
    this.#open = wrapper.slice(0, -this.#close.length)
  }

  #sectionHtml(section: PageSection, extras: Record<string, RowExtra[]>): string {
    const prefix = `s${createHash('sha256').update(section.key).digest('hex').slice(0, 8)}-`
    return renderToStaticMarkup(<Transcript sections={[section]} label={this.text.transcript} extras={extras} bare />, { identifierPrefix: prefix })
  }

  #piece(section: PageSection, extras: Record<string, RowExtra[]>): Piece {
    const html = this.#sectionHtml(section, extras)
    return { html, size: measure(html), ids: collectIds(html) }
  }

  async render(input: SessionRenderInput): Promise<RenderedSession> {
    const { summary } = input
    const stem = summary.slug
    const sideTexts = new Map<string, SideText>()
    const extras: Record<string, RowExtra[]> = {}
    const addExtras = (map: Map<string, RowExtra[]>) => {
      for (const [key, list] of map) {
        const have = (extras[key] ??= [])
        for (const e of list) if (!have.some(h => h.href === e.href)) have.push(e)
      }
    }
    const cutter = (level: number) => new Cutter(capsFor(level), this.text, hash => sideFile(stem, hash))
    const collect = (c: Cutter) => {
      addExtras(c.extras)
      for (const t of c.sideTexts) sideTexts.set(t.hash, t)
    }

    // Links after the calls that started a child session.
    for (const section of input.view.sections) {
      for (const row of section.rows) {
        if (row.kind !== 'tool') continue
        for (const child of spawnedBy(row, input.childByCall)) {
          ;(extras[row.key] ??= []).push({ kind: 'child-session', href: pageFile(child.slug, 1), label: `${this.text.openChild}: ${child.title}`, id: childAnchor(child.slug) })
        }
      }
    }

    const chromeReserve = this.#chromeSize(input)
    const limit: Size = { bytes: MAX_PAGE_BYTES - chromeReserve.bytes, nodes: MAX_PAGE_NODES - chromeReserve.nodes }

    const pieces: Piece[] = []
    const base = cutter(0)
    for (const raw of input.view.sections) {
      const section = await this.enricher.section(base.section(raw))
      collect(base)
      const whole = this.#piece(section, extras)
      if (fits(whole.size, limit)) {
        pieces.push(whole)
        continue
      }
      pieces.push(...(await this.#split(raw, section, limit, extras, cutter, collect)))
    }

    const pages = packPages(pieces.map(p => p.size), () => limit)
    const overBudget: number[] = []
    const files: RenderedFile[] = []
    const pageNames = pages.map((_, i) => pageFile(stem, i + 1))
    const anchors: Record<string, number> = {}
    pages.forEach((indices, i) => {
      for (const index of indices) for (const id of pieces[index]?.ids ?? []) if (!Object.hasOwn(anchors, id)) anchors[id] = i
    })
    const scripts = pages.length > 1 ? [`${stem}.anchors.js`] : []

    pages.forEach((indices, i) => {
      const transcript = indices.map(index => pieces[index]?.html ?? '').join('')
      const html = this.#page(input, i + 1, pages.length, transcript, scripts)
      // The pieces were measured already: only the chrome around them is new.
      const size = indices.reduce((sum, index) => add(sum, pieces[index]?.size ?? ZERO), measure(this.#page(input, i + 1, pages.length, '', scripts)))
      if (!fits(size, { bytes: MAX_PAGE_BYTES, nodes: MAX_PAGE_NODES })) overBudget.push(i + 1)
      files.push({ path: `sessions/${pageNames[i] ?? ''}`, content: html })
    })
    if (pages.length > 1) files.push({ path: `sessions/${stem}.anchors.js`, content: anchorScript({ pages: pageNames, anchors }) })
    // A BOM makes browsers read a file:// text file as UTF-8 instead of guessing.
    for (const t of [...sideTexts.values()].sort((a, b) => (a.hash < b.hash ? -1 : 1))) {
      files.push({ path: `sessions/${sideFile(stem, t.hash)}`, content: `\ufeff${t.text}` })
    }
    return { files, pages: pages.length, overBudget }
  }

  /** A section too big for a page → page-sized parts, cutting oversized rows harder. */
  async #split(
    raw: PageSection,
    section: PageSection,
    limit: Size,
    extras: Record<string, RowExtra[]>,
    cutter: (level: number) => Cutter,
    collect: (c: Cutter) => void,
  ): Promise<Piece[]> {
    const part = (rows: PageRow[], n: number): PageSection => ({
      ...section,
      key: n === 0 ? section.key : `${section.key}~${n + 1}`,
      label: n === 0 || section.label === null ? section.label : `${section.label} (${this.text.continued})`,
      rows,
    })
    const rows: PageRow[] = []
    const sizes: Size[] = []
    for (let i = 0; i < section.rows.length; i++) {
      let row = section.rows[i] as PageRow
      let size = this.#piece(part([row], 0), extras).size
      for (let level = 1; !fits(size, limit) && level < CAP_LEVELS.length; level++) {
        const c = cutter(level)
        const again = await this.enricher.section(c.section({ ...raw, rows: [raw.rows[i] as PageRow] }), { highlight: false })
        collect(c)
        row = withoutHighlight(again.rows[0] as PageRow)
        size = this.#piece(part([row], 0), extras).size
      }
      if (!fits(size, limit)) row = withoutHighlight(row)
      rows.push(row)
      sizes.push(size)
    }
    return splitRows(sizes, limit).map((indices, n) => this.#piece(part(indices.map(i => rows[i] as PageRow), n), extras))
  }

  /** Chrome of the largest kind of page (with navigation), plus the shell, reserved on every page. */
  #chromeSize(input: SessionRenderInput): Size {
    const html = this.#page(input, 2, 3, '', [`${input.summary.slug}.anchors.js`])
    // Navigation grows with page count (a window of links, first and last): leave room for a few more.
    return add(measure(html), { bytes: 2_000, nodes: 40 })
  }

  #page(input: SessionRenderInput, page: number, pages: number, transcript: string, scripts: string[]): string {
    const chrome = sessionChrome(input.summary, input.facts, input.family, page, pages, this.text)
    const frame = renderToStaticMarkup(
      <SessionPage chrome={chrome} skipLabel={this.text.skipToTranscript} allSessions={this.text.allSessions} footer={this.text.generatedBy} />,
    )
    const body = frame.replace(SLOT_MARKUP, `${this.#open}${transcript}${this.#close}`)
    const file = pageFile(input.summary.slug, page)
    const canonical = input.baseUrl === null ? null : `${input.baseUrl}sessions/${file}`
    const title = pages > 1 ? `${chrome.title} (${this.text.pageOf(page, pages)})` : chrome.title
    return fillShell(this.shell, { lang: input.lang, root: '../', head: headMarkup(title, canonical, scripts), body })
  }
}

/** Children started by a tool row or any call nested under it. */
function spawnedBy(row: ToolRowModel, childByCall: Map<string, SessionSummary[]>): SessionSummary[] {
  const found = [...(childByCall.get(row.callId) ?? [])]
  for (const child of row.children) found.push(...spawnedBy(child, childByCall))
  return found
}
