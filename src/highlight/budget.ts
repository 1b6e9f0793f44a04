/**
 * How much code one session may send through shiki (architecture.md §2.6). shiki tokenizes 0.07–0.15 MB
 * of TypeScript per second per core (cold–warm, measured on the build machines), about 100× slower per
 * byte than the rest of the build, so highlighting is rationed by characters — never by elapsed time, which
 * would make two builds of one log differ. Blocks over budget stay escaped plain text (same text, no
 * colours). src/site/render/enrich.ts decides the order the budget is spent in (visible answers first).
 */

/** A bigger block would cost shiki ~0.1 s or more, and its spans alone would crowd a page's node budget. */
export const MAX_BLOCK_CHARS = 16_000
/** Lines per block: each line of real code yields several spans, and a page may hold 5,000 nodes. */
export const MAX_BLOCK_LINES = 400
/**
 * Lines at least this long are not tokenized (a 55 KB minified line took 95 ms, 0.4 ms capped); they keep
 * the default colour inside an otherwise highlighted block.
 */
export const MAX_TOKENIZED_LINE = 1_000
/** Per turn: one page shows about one turn, so this bounds the colour work (and spans) a page can get. */
export const SECTION_CHARS = 32_000
/**
 * Per session: about 1 s of shiki on one core, which a highlight worker overlaps with rendering
 * (src/highlight/remote.ts); the disk cache makes rebuilds free.
 */
export const SESSION_CHARS = 128_000

/** A running allowance; `take` either grants all of a request or none of it. */
export class CharBudget {
  #left: number
  constructor(limit: number, private readonly parent: CharBudget | null = null) {
    this.#left = limit
  }

  get left(): number {
    return this.parent === null ? this.#left : Math.min(this.#left, this.parent.left)
  }

  take(chars: number): boolean {
    if (chars > this.left) return false
    this.#left -= chars
    this.parent?.take(chars)
    return true
  }

  /** A child allowance (a turn) that also draws from this one (the session). */
  child(limit: number): CharBudget {
    return new CharBudget(limit, this)
  }
}

/** Whether a block is worth colouring at all, before any budget is spent on it. */
export function blockFits(text: string): boolean {
  if (text.length === 0 || text.length > MAX_BLOCK_CHARS || text.includes('\r')) return false
  let lines = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (++lines > MAX_BLOCK_LINES) return false
  }
  return true
}
