/**
 * Code colours for the live page (issue 6: "a live page and a static page of the same log are the same"):
 * the browser's stand-in for `Highlighter`, asking the live server, which colours with the build's own
 * `Highlighter` (src/live/node/highlight-route.ts). Whether a block is coloured at all — its language, the
 * block caps, the character budgets — is decided here, synchronously and by the same code as the build
 * (language-names.ts, budget.ts), so src/site/render/enrich.ts spends the budgets the same way on both sides and
 * the same blocks end up coloured. Only the tokenizing travels: requests made in one task are sent as a few
 * batched `POST`s. A fragment is trusted only when it has render-tokens.ts's shape and shows exactly the
 * text that was sent (fragment.ts); anything else, and any failure, draws the plain text (a failure is
 * forgotten, so a later draw asks again). Pure: no node:*, no DOM beyond the injected `fetch`.
 */
import { trustHtml, type SafeHtml } from '../cards/trusted'
import { blockFits, type CharBudget } from './budget'
import { fragmentLines, fragmentText } from './fragment'
import { resolveLanguage } from './language-names'

export interface BlockToColour {
  text: string
  lang: string | null
}

export interface FetchHighlighterOptions {
  /** Where to `POST` `{blocks:[{lang,text}]}`; the answer is `{fragments:(string|null)[]}`. */
  url: string
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /** Blocks and characters of source per request (the server refuses bigger ones). */
  maxBlocks: number
  maxChars: number
}

interface Waiting {
  lang: string
  text: string
  resolve: (html: string | null) => void
}

export class FetchHighlighter {
  /** `lang\0text` → its fragment (null: drawn plain). */
  readonly #known = new Map<string, Promise<string | null>>()
  #queue: Waiting[] = []
  #flushing = false
  /** Requests sent and fragments received (for tests and the page's diagnostics). */
  readonly stats = { requests: 0, fragments: 0, refused: 0 }

  constructor(private readonly o: FetchHighlighterOptions) {}

  /** As `Highlighter.highlight`: null unless the language is known, the block fits, and the budget grants it. */
  highlight(block: BlockToColour, budget: CharBudget): Promise<SafeHtml | null> {
    const lang = resolveLanguage(block.lang)
    if (lang === null || !blockFits(block.text) || !budget.take(block.text.length)) return Promise.resolve(null)
    const key = `${lang}\0${block.text}`
    let known = this.#known.get(key)
    if (known === undefined) {
      known = new Promise<string | null>((resolve) => this.#enqueue({ lang, text: block.text, resolve }))
      this.#known.set(key, known)
    }
    return known.then((html) => (html === null ? null : trustHtml(html)))
  }

  async highlightLines(block: BlockToColour, budget: CharBudget): Promise<SafeHtml[] | null> {
    const html = await this.highlight(block, budget)
    return html === null ? null : fragmentLines(html)
  }

  #enqueue(waiting: Waiting): void {
    this.#queue.push(waiting)
    if (this.#flushing) return
    this.#flushing = true
    // Everything the enricher asks for while planning a draw goes out together.
    setTimeout(() => {
      this.#flushing = false
      const queue = this.#queue
      this.#queue = []
      for (const batch of batches(queue, this.o.maxBlocks, this.o.maxChars)) void this.#send(batch)
    }, 0)
  }

  async #send(batch: Waiting[]): Promise<void> {
    this.stats.requests++
    let fragments: unknown[] | null = null
    try {
      const response = await this.o.fetch(this.o.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ blocks: batch.map(({ lang, text }) => ({ lang, text })) }),
        cache: 'no-store',
      })
      if (response.ok) {
        const body: unknown = await response.json()
        const list = typeof body === 'object' && body !== null ? (body as { fragments?: unknown }).fragments : undefined
        if (Array.isArray(list) && list.length === batch.length) fragments = list
      }
    } catch {
      fragments = null
    }
    batch.forEach((waiting, i) => {
      if (fragments === null) {
        // Not an answer about this block: forget it, so the next draw asks again.
        this.#known.delete(`${waiting.lang}\0${waiting.text}`)
        return waiting.resolve(null)
      }
      const html = fragments[i]
      const ok = typeof html === 'string' && fragmentText(html) === waiting.text
      if (ok) this.stats.fragments++
      else if (html !== null) this.stats.refused++
      waiting.resolve(ok ? html : null)
    })
  }
}

/** Consecutive groups of at most `maxBlocks` blocks and `maxChars` characters (a bigger block goes alone). */
function batches(queue: readonly Waiting[], maxBlocks: number, maxChars: number): Waiting[][] {
  const out: Waiting[][] = []
  let current: Waiting[] = []
  let chars = 0
  for (const waiting of queue) {
    if (current.length > 0 && (current.length >= maxBlocks || chars + waiting.text.length > maxChars)) {
      out.push(current)
      current = []
      chars = 0
    }
    current.push(waiting)
    chars += waiting.text.length
  }
  if (current.length > 0) out.push(current)
  return out
}
