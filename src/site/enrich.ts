/**
 * The HTML pass over a page's view model: fills the `SafeHtml` slots the card models leave empty —
 * Markdown rows through src/markdown, code blocks through src/highlight — and nothing else. Only blocks
 * that will be drawn coloured are sent to shiki (architecture.md §2.6): fenced code in Markdown, the
 * run_code program, and a read card whose chat view shows the whole window (ReadBlock draws `code.html`
 * only then). Each turn draws from its own allowance inside the session's, so one code-heavy turn cannot
 * starve the rest.
 */
import type { CodeBlock, MarkdownRow, PageRow, PageSection, RowBody, ToolRowModel } from '../cards/types'
import type { SafeHtml } from '../cards/trusted'
import { CharBudget, SECTION_CHARS, SESSION_CHARS } from '../highlight/budget'
import type { Highlighter } from '../highlight/highlighter'
import { collectCodeBlocks, lexMarkdown, renderTokens } from '../markdown/render'

export class Enricher {
  readonly #session = new CharBudget(SESSION_CHARS)

  /** `highlighter` null: Markdown only, every code block plain (tests, `--no-highlight`). */
  constructor(private readonly highlighter: Highlighter | null) {}

  /** `highlight: false` renders Markdown only (rows re-cut to fit a page lose their colours anyway). */
  async section(section: PageSection, options: { highlight?: boolean } = {}): Promise<PageSection> {
    const budget = options.highlight === false ? new CharBudget(0) : this.#session.child(SECTION_CHARS)
    const rows: PageRow[] = []
    for (const row of section.rows) rows.push(await this.#row(row, budget))
    return { ...section, rows }
  }

  async #code(block: CodeBlock, budget: CharBudget): Promise<CodeBlock> {
    if (this.highlighter === null || block.html !== null || budget.left === 0) return block
    const html = await this.highlighter.highlight(block, budget)
    return html === null ? block : { ...block, html }
  }

  async #markdown(row: MarkdownRow, budget: CharBudget): Promise<MarkdownRow> {
    const tokens = lexMarkdown(row.text)
    const coloured = new Map<string, SafeHtml>()
    if (this.highlighter !== null && budget.left > 0) {
      for (const block of collectCodeBlocks(tokens)) {
        const key = `${block.lang ?? ''}\0${block.text}`
        if (coloured.has(key)) continue
        const html = await this.highlighter.highlight(block, budget)
        if (html !== null) coloured.set(key, html)
      }
    }
    return { ...row, html: renderTokens(tokens, { code: (text, lang) => coloured.get(`${lang ?? ''}\0${text}`) ?? null }) }
  }

  async #body(body: RowBody, budget: CharBudget): Promise<RowBody> {
    if (body.kind === 'read' && body.chatWindow === null) return { ...body, code: await this.#code(body.code, budget) }
    if (body.kind === 'io' && body.program !== null) return { ...body, program: await this.#code(body.program, budget) }
    return body
  }

  async #tool(row: ToolRowModel, budget: CharBudget): Promise<ToolRowModel> {
    const children: ToolRowModel[] = []
    for (const child of row.children) children.push(await this.#tool(child, budget))
    return { ...row, body: row.body === null ? null : await this.#body(row.body, budget), children }
  }

  async #row(row: PageRow, budget: CharBudget): Promise<PageRow> {
    switch (row.kind) {
      case 'markdown':
        return this.#markdown(row, budget)
      case 'attempt': {
        const blocks: typeof row.blocks = []
        for (const b of row.blocks) blocks.push(b.kind === 'markdown' ? await this.#markdown(b, budget) : b)
        return { ...row, blocks }
      }
      case 'tool':
        return this.#tool(row, budget)
      default:
        return row
    }
  }
}

/** Removes every highlighted fragment from a row (keeps Markdown): the renderer's fallback for a row too big for a page. */
export function withoutHighlight(row: PageRow): PageRow {
  const body = (b: RowBody | null): RowBody | null => {
    if (b?.kind === 'read') return { ...b, code: { ...b.code, html: null } }
    if (b?.kind === 'io' && b.program !== null) return { ...b, program: { ...b.program, html: null } }
    return b
  }
  const tool = (t: ToolRowModel): ToolRowModel => ({ ...t, body: body(t.body), children: t.children.map(tool) })
  return row.kind === 'tool' ? tool(row) : row
}
