/**
 * The HTML pass over a page's view model: fills the `SafeHtml` slots the card models leave empty —
 * Markdown rows and web answers through src/markdown, code through src/highlight — and nothing else.
 *
 * Which code is coloured (architecture.md §2.6) is decided by a character budget, per session and per turn,
 * spent in a fixed order so two builds colour the same blocks: first the code a reader sees without a click
 * (fenced code in the answers), then, with what is left, the code inside tool rows (run_code programs, read
 * cards — one fragment per row when the card is capped to a window — diffs, web answers). Requests start
 * when a section is planned and are awaited only when it is finished, so with a highlight worker
 * (src/highlight/remote.ts) the build renders earlier sections while later ones are coloured.
 */
import type { CodeBlock, DiffCardModel, DiffRow, MarkdownRow, PageRow, PageSection, ReadCardModel, RowBody, ToolRowModel, WebCardModel } from '../../cards/types'
import type { SafeHtml } from '../../cards/trusted'
import type { DetailItem, DetailsBody } from '../../cards/details/types'
import { CharBudget, SECTION_CHARS, SESSION_CHARS } from '../../highlight/budget'
import type { Highlighter } from '../../highlight/highlighter'
import { overlayMarks } from '../../highlight/overlay'
import { collectCodeBlocks, lexMarkdown, renderTokens, type MarkdownOptions } from '../../markdown/render'
import { resolveMention } from '../../cards/mentions'

/** What colours code: the build's `Highlighter`, or the live page's (src/highlight/fetch-highlighter.ts). */
export type Colourer = Pick<Highlighter, 'highlight' | 'highlightLines'>

type Finish<T> = () => Promise<T>
const done = <T>(value: T): Finish<T> => () => Promise.resolve(value)

/**
 * A request started now and awaited later (or never, when an earlier section failed): marked as handled so
 * a failure is not an unhandled rejection in between; whoever awaits it still gets the error.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/** The code of one section's rows: the first round (answers) and the second (tool rows) fill these in. */
interface Plan {
  section: PageSection
  budget: CharBudget
  rows: Finish<PageRow>[]
  pending: Promise<unknown>[]
}

/** A section whose code is being coloured. */
export interface StartedSection {
  /** Settles when every colour request of the section has come back (what the renderer waits for). */
  ready: Promise<void>
  /** True once `ready` has settled, or from the start when the section asked for no colour at all. */
  isReady: () => boolean
  /** The section with its HTML slots filled (quick once `ready` settled). */
  finish: Finish<PageSection>
}

/**
 * The sections (by index) still waiting for shiki. A request that never reaches it (over budget, no grammar,
 * a cache hit) settles within microtasks, but a section's `ready` only after them: asked right after `start`,
 * every section with any request looks pending, and the renderer would put the whole session off behind its
 * slowest block. One macrotask lets those settle first, so only sections with code really out are put off;
 * a session with no request at all does not wait for one (a timer is ~1 ms: a thousand small sessions).
 */
export async function waitingForColours(started: readonly (StartedSection | undefined)[]): Promise<Set<number>> {
  const pending = () => {
    const waiting = new Set<number>()
    started.forEach((s, i) => {
      if (s !== undefined && !s.isReady()) waiting.add(i)
    })
    return waiting
  }
  if (pending().size === 0) return new Set()
  await new Promise(resolve => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))
  return pending()
}

export class Enricher {
  readonly #session = new CharBudget(SESSION_CHARS)
  /** Where the requests started while planning a section are recorded. */
  #pending: Promise<unknown>[] = []

  /** `highlighter` null: Markdown only, every code block plain (tests, `--no-highlight`). */
  constructor(private readonly highlighter: Colourer | null) {}

  /**
   * Starts colouring the code of every section — the answers of all sections first, then their tool rows —
   * and returns each section's requests and finisher.
   */
  start(sections: readonly PageSection[]): StartedSection[] {
    const plans: Plan[] = sections.map(section => ({ section, budget: this.#session.child(SECTION_CHARS), rows: section.rows.map(row => done(row)), pending: [] }))
    for (const plan of plans) {
      this.#pending = plan.pending
      plan.section.rows.forEach((row, i) => {
        if (row.kind === 'markdown') plan.rows[i] = this.#markdown(row, plan.budget)
        else if (row.kind === 'attempt') {
          const blocks = row.blocks.map(b => (b.kind === 'markdown' ? this.#markdown(b, plan.budget) : done(b)))
          plan.rows[i] = async () => ({ ...row, blocks: await Promise.all(blocks.map(b => b())) })
        }
      })
    }
    for (const plan of plans) {
      this.#pending = plan.pending
      plan.section.rows.forEach((row, i) => {
        if (row.kind === 'tool') plan.rows[i] = this.#tool(row, plan.budget)
      })
    }
    this.#pending = []
    return plans.map(plan => {
      let settled = plan.pending.length === 0
      const ready = Promise.all(plan.pending).then(() => {
        settled = true
      })
      handled(ready)
      return { ready, isReady: () => settled, finish: async () => ({ ...plan.section, rows: await Promise.all(plan.rows.map(r => r())) }) }
    })
  }

  /** One section; `highlight: false` renders Markdown only (rows re-cut to fit a page lose their colours anyway). */
  async section(section: PageSection, options: { highlight?: boolean } = {}): Promise<PageSection> {
    const enricher = options.highlight === false ? new Enricher(null) : this
    const [started] = enricher.start([section])
    return started === undefined ? section : started.finish()
  }

  #colour(block: { text: string; lang: string | null }, budget: CharBudget): Promise<SafeHtml | null> {
    if (this.highlighter === null || budget.left === 0) return Promise.resolve(null)
    return this.#record(this.highlighter.highlight(block, budget))
  }

  #lines(block: { text: string; lang: string | null }, budget: CharBudget): Promise<SafeHtml[] | null> {
    if (this.highlighter === null || budget.left === 0) return Promise.resolve(null)
    return this.#record(this.highlighter.highlightLines(block, budget))
  }

  #record<T>(promise: Promise<T>): Promise<T> {
    this.#pending.push(promise)
    return handled(promise)
  }

  /**
   * Markdown source → sanitized HTML, its fenced blocks coloured as the budget allows. Text that cannot hold
   * a colourable block (no fence, or nothing left to spend) is lexed only when its section is finished:
   * planning runs over a whole session at once, and a long session's lexed Markdown held all at once was
   * measured to cost more in garbage collection than the lexing itself.
   */
  #render(text: string, budget: CharBudget, extra: MarkdownOptions = {}): Finish<SafeHtml> {
    if (this.highlighter === null || budget.left === 0 || !(text.includes('```') || text.includes('~~~'))) {
      return () => Promise.resolve(renderTokens(lexMarkdown(text), extra))
    }
    const tokens = lexMarkdown(text)
    const coloured = new Map<string, Promise<SafeHtml | null>>()
    for (const block of collectCodeBlocks(tokens)) {
      const key = `${block.lang ?? ''}\0${block.text}`
      if (!coloured.has(key)) coloured.set(key, this.#colour(block, budget))
    }
    return async () => {
      const ready = new Map<string, SafeHtml | null>()
      for (const [key, html] of coloured) ready.set(key, await html)
      return renderTokens(tokens, { ...extra, code: (code, lang) => ready.get(`${lang ?? ''}\0${code}`) ?? null })
    }
  }

  #markdown(row: MarkdownRow, budget: CharBudget): Finish<MarkdownRow> {
    // A closing reply's inline code naming a file the turn wrote links to that row (cards-current.md §8.3).
    const targets = row.mentions ?? []
    const extra: MarkdownOptions = targets.length === 0 ? {} : {
      mention: span => {
        const target = resolveMention(span, targets)
        return target === null || target.row === null ? null : { href: target.row, title: target.path }
      },
    }
    const html = this.#render(row.text, budget, extra)
    return async () => ({ ...row, html: await html() })
  }

  #code(block: CodeBlock, budget: CharBudget): Finish<CodeBlock> {
    if (block.html !== null) return done(block)
    const html = this.#colour(block, budget)
    return async () => {
      const h = await html
      return h === null ? block : { ...block, html: h }
    }
  }

  /** A read card: one block when the chat shows every row, else one fragment per row for its windows. */
  #read(body: ReadCardModel, budget: CharBudget): Finish<ReadCardModel> {
    if (body.chatWindow === null) {
      const code = this.#code(body.code, budget)
      return async () => ({ ...body, code: await code() })
    }
    const lines = this.#lines(body.code, budget)
    return async () => {
      const html = await lines
      return html === null || html.length !== body.lines.length ? body : { ...body, lineHtml: html }
    }
  }

  /**
   * A diff card: each side of the change (context + removed lines, context + added lines) is tokenized as
   * one text, so a line is coloured in the context of the lines around it; word marks are laid over.
   */
  #diff(body: DiffCardModel, budget: CharBudget): Finish<DiffCardModel> {
    if (body.lang === null) return done(body)
    const sides = { old: [] as number[], new: [] as number[] }
    body.rows.forEach((row, i) => {
      if (row.kind === 'context' || row.kind === 'removed') sides.old.push(i)
      if (row.kind === 'context' || row.kind === 'added') sides.new.push(i)
    })
    const textOf = (indices: number[]) => indices.map(i => { const r = body.rows[i]; return r !== undefined && r.kind !== 'header' && r.kind !== 'gap' ? r.text : '' }).join('\n')
    const lang = body.lang
    const start = (indices: number[]) => (indices.length === 0 ? Promise.resolve(null) : this.#lines({ text: textOf(indices), lang }, budget))
    const oldLines = start(sides.old)
    const newLines = start(sides.new)
    return async () => {
      const [before, after] = await Promise.all([oldLines, newLines])
      if (before === null && after === null) return body
      const html = new Map<number, SafeHtml>()
      // Context rows read the same on both sides; the new side colours them.
      if (before !== null) sides.old.forEach((row, k) => { const h = before[k]; if (h !== undefined) html.set(row, h) })
      if (after !== null) sides.new.forEach((row, k) => { const h = after[k]; if (h !== undefined) html.set(row, h) })
      const rows = body.rows.map((row, i): DiffRow => {
        const h = html.get(i)
        if (h === undefined || row.kind === 'header' || row.kind === 'gap') return row
        const marked = row.marks === null ? h : overlayMarks(h, row.marks)
        return marked === null ? row : { ...row, html: marked }
      })
      return { ...body, rows }
    }
  }

  #web(body: WebCardModel, budget: CharBudget): Finish<WebCardModel> {
    if (body.mode !== 'search' || body.answer === null) return done(body)
    const html = this.#render(body.answer, budget)
    return async () => ({ ...body, answerHtml: await html() })
  }

  /**
   * A details card (cards-current.md §11.1): each item's Markdown rendered (`markdownHtml`), its code block
   * coloured as the budget allows. The model bounds the nesting; the depth guard keeps the walk bounded.
   */
  #details(body: DetailsBody, budget: CharBudget): Finish<DetailsBody> {
    const items = (list: readonly DetailItem[], depth: number): Finish<DetailItem[]> => {
      const finishes = list.map((item): Finish<DetailItem> => {
        const html = item.markdown === null || item.markdownHtml != null ? null : this.#render(item.markdown, budget)
        const code = item.code === null ? null : this.#code(item.code.block, budget)
        const groups = depth >= 12 ? [] : item.groups.map(g => ({ group: g, items: items(g.items, depth + 1) }))
        if (html === null && code === null && groups.length === 0) return done(item)
        return async () => ({
          ...item,
          ...(html === null ? {} : { markdownHtml: await html() }),
          code: item.code === null || code === null ? item.code : { ...item.code, block: await code() },
          groups: depth >= 12 ? item.groups : await Promise.all(groups.map(async g => ({ ...g.group, items: await g.items() }))),
        })
      })
      return () => Promise.all(finishes.map(f => f()))
    }
    const kept = items(body.items, 0)
    const trailing = body.trailingGroup === null ? null : items(body.trailingGroup.items, 1)
    return async () => ({
      ...body,
      items: await kept(),
      trailingGroup: body.trailingGroup === null || trailing === null ? body.trailingGroup : { ...body.trailingGroup, items: await trailing() },
    })
  }

  #body(body: RowBody, budget: CharBudget): Finish<RowBody> {
    switch (body.kind) {
      case 'read':
        return this.#read(body, budget)
      case 'diff':
        return this.#diff(body, budget)
      case 'web':
        return this.#web(body, budget)
      case 'details':
        return this.#details(body, budget)
      case 'io': {
        if (body.program === null) return done(body)
        const program = this.#code(body.program, budget)
        return async () => ({ ...body, program: await program() })
      }
      default:
        return done(body)
    }
  }

  #tool(row: ToolRowModel, budget: CharBudget): Finish<ToolRowModel> {
    // Children first, then the row's own body: the order budgets have always been spent in.
    const children = row.children.map(child => this.#tool(child, budget))
    const body = row.body === null ? null : this.#body(row.body, budget)
    return async () => ({ ...row, children: await Promise.all(children.map(c => c())), body: body === null ? null : await body() })
  }
}

/** A details item without coloured code (Markdown kept), through its groups; depth as the model built it, capped. */
function plainCode(item: DetailItem): DetailItem {
  const strip = (it: DetailItem, depth: number): DetailItem => ({
    ...it,
    code: it.code === null ? null : { ...it.code, block: { ...it.code.block, html: null } },
    groups: depth >= 12 ? it.groups : it.groups.map(g => ({ ...g, items: g.items.map(i => strip(i, depth + 1)) })),
  })
  return strip(item, 0)
}

/** Removes every highlighted fragment from a row (keeps Markdown): the renderer's fallback for a row too big for a page. */
export function withoutHighlight(row: PageRow): PageRow {
  const body = (b: RowBody | null): RowBody | null => {
    if (b?.kind === 'read') return { ...b, code: { ...b.code, html: null }, lineHtml: null }
    if (b?.kind === 'diff') return { ...b, rows: b.rows.map(r => (r.kind === 'header' || r.kind === 'gap' ? r : { ...r, html: null })) }
    if (b?.kind === 'io' && b.program !== null) return { ...b, program: { ...b.program, html: null } }
    if (b?.kind === 'details') return { ...b, items: b.items.map(plainCode), trailingGroup: b.trailingGroup === null ? null : { ...b.trailingGroup, items: b.trailingGroup.items.map(plainCode) } }
    return b
  }
  const tool = (t: ToolRowModel): ToolRowModel => ({ ...t, body: body(t.body), children: t.children.map(tool) })
  return row.kind === 'tool' ? tool(row) : row
}
