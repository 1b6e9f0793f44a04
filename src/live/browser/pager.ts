/**
 * The live page's share of a growing session (issue 6 "pages stay within 1 MB / 5,000 elements"): the
 * pages' tail. The build packs a session's pieces into pages greedily from the first (src/site/render/pages/paginate.ts),
 * so a page's start depends only on what comes before it, and a growing session only ever changes its last
 * page. A live page therefore keeps a *base* — the first piece of a page the build wrote (the page it was
 * loaded as, or the last page of a later build) — and packs from there the way the build does: each section
 * coloured by the enricher with the build's budgets (spent over the whole session, src/site/render/enrich.ts),
 * measured as the build measures it (measure-piece.tsx), split by rows when it overflows a page, each
 * oversized row cut harder and left plain (src/site/render/pages/paginate.ts `splitSection`, shared with the static build, and checked
 * against it by pager.test.ts), and packed with the room the build gave that session's pages. It shows the
 * last page of that packing and moves its base there; the earlier pages are the build's, which the live
 * server's rebuilds keep current. Code whose colours are not back within a moment is drawn plain, and the
 * page draws again when they arrive.
 */
import type { PageRow, PageSection } from '../../cards/types'
import { addExtras, capsFor, Cutter } from '../../site/render/pages/cut'
import { Enricher, type Colourer } from '../../site/render/enrich'
import { fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, type Size } from '../../site/render/pages/measure'
import { packPages, splitSection } from '../../site/render/pages/paginate'
import type { RowExtra, SiteText } from '../../site/types'
import { PieceSizes, ownExtras } from './measure-piece'
import type { LiveView } from './sections'

/** Where the live page's packing starts: page `page` begins with part `part` of section `section`. */
export interface PageBase {
  page: number
  section: string
  part: number
}

export interface Tail {
  /** The pieces of the last page, in order (a part of a split section has key `<key>~<n>`). */
  pieces: PageSection[]
  /** Its number, which is also the page count. */
  page: number
  /** The links after rows, with those the harder cuts of oversized rows added. */
  extras: Map<string, RowExtra[]>
  /** Full texts of the harder cuts, by hash. */
  sideTexts: Map<string, string>
  /** Settles when colours that were late for this draw are in (then draw again); null when none were. */
  late: Promise<void> | null
}

/** How long a draw waits for code colours before drawing the code plain (colours follow on the next draw). */
export const COLOUR_WAIT_MS = 150

/** Without the build's figure (a page from an older build): the budgets less a generous chrome. */
export const FALLBACK_ROOM: Size = { bytes: MAX_PAGE_BYTES - 100_000, nodes: MAX_PAGE_NODES - 500 }

interface Piece {
  section: PageSection
  size: Size
  /** The section it belongs to, and which part of it it is. */
  of: string
  part: number
}

export class TailPager {
  base: PageBase
  room: Size
  readonly #sizes: PieceSizes
  readonly #plain = new Enricher(null)
  /** Finished sections by key: a result equal to last time's is last time's object. */
  #finished = new Map<string, { json: string; section: PageSection }>()
  /** Single-row sizes of split sections, by section and row key. */
  #rowSizes = new Map<string, { json: string; size: Size }>()

  constructor(
    private readonly colours: Colourer | null,
    private readonly text: SiteText,
    private readonly hrefFor: (hash: string) => string,
    base: PageBase,
    room: Size | null,
  ) {
    this.base = base
    this.room = room ?? FALLBACK_ROOM
    this.#sizes = new PieceSizes(text.transcript)
  }

  async tail(view: LiveView): Promise<Tail> {
    const extras = new Map<string, RowExtra[]>()
    for (const [key, list] of view.extras) extras.set(key, [...list])
    const sideTexts = new Map<string, string>()
    // The budgets are spent over the whole session, in the build's order, on every draw.
    const started = new Enricher(this.colours).start(view.cut)
    if (view.cut.length === 0) return { pieces: [], page: 1, extras, sideTexts, late: null }
    let { page } = this.base
    let [from, part] = locate(view.cut, this.base)
    if (from < 0) [from, page, part] = [0, 1, 0] // the base is gone (the log was cut back): start over

    const ready = Promise.all(started.slice(from).map((s) => s.ready))
    const inTime = await Promise.race([ready.then(() => true, () => true), delay(COLOUR_WAIT_MS).then(() => false)])
    const finished: PageSection[] = []
    for (let i = from; i < view.cut.length; i++) {
      const cut = view.cut[i] as PageSection
      const s = started[i]
      const section = s !== undefined && s.isReady() ? await s.finish().catch(() => this.#plain.section(cut)) : await this.#plain.section(cut)
      finished.push(this.#same(section))
    }
    this.#finished = new Map([...this.#finished].filter(([key]) => finished.some((s) => s.key === key)))

    const pieces: Piece[] = []
    for (let k = 0; k < finished.length; k++) {
      const section = finished[k] as PageSection
      const whole = this.#sizes.size(section, extras)
      if (fits(whole, this.room)) pieces.push({ section, size: whole, of: section.key, part: 0 })
      else pieces.push(...(await this.#split(view.raw[from + k] as PageSection, section, extras, sideTexts)))
    }
    // Pieces from `from` on start with that section's: begin at the base's part (a section now split into
    // fewer parts than the base remembers begins at its last).
    const baseKey = (view.cut[from] as PageSection).key
    const startAt = pieces.findIndex((p) => p.of === baseKey && p.part === Math.min(part, partsOf(pieces, baseKey) - 1))
    const mine = pieces.slice(Math.max(0, startAt))
    const packs = packPages(mine.map((p) => p.size), () => this.room)
    const last = packs[packs.length - 1] ?? []
    const shown = last.map((i) => mine[i] as Piece)
    const head = shown[0]
    if (head !== undefined) this.base = { page: page + packs.length - 1, section: head.of, part: head.part }
    return { pieces: shown.map((p) => p.section), page: page + packs.length - 1, extras, sideTexts, late: inTime ? null : ready.then(() => {}, () => {}) }
  }

  /** Last draw's object when the section came out the same (the components skip it, its size is known). */
  #same(section: PageSection): PageSection {
    const json = JSON.stringify(section)
    const known = this.#finished.get(section.key)
    if (known !== undefined && known.json === json) return known.section
    this.#finished.set(section.key, { json, section })
    return section
  }

  /**
   * A section too big for a page → page-sized parts, cutting oversized rows harder (and dropping their
   * colours) until they fit or the caps run out: paginate.ts `splitSection`, as the static build does.
   */
  async #split(raw: PageSection, section: PageSection, extras: Map<string, RowExtra[]>, sideTexts: Map<string, string>): Promise<Piece[]> {
    const parts = await splitSection(raw, section, this.room, this.text.continued, {
      size: (part) => this.#rowSize(part, extras),
      recut: async (rawRow, level) => {
        const cutter = new Cutter(capsFor(level), this.text, this.hrefFor)
        const again = await this.#plain.section(cutter.section({ ...raw, rows: [rawRow] }), { highlight: false })
        addExtras(extras, cutter.extras)
        for (const t of cutter.sideTexts) sideTexts.set(t.hash, t.text)
        return again.rows[0] as PageRow
      },
    })
    return parts.map((piece, n) => ({ section: piece, size: this.#sizes.size(piece, extras), of: section.key, part: n }))
  }

  /** A one-row piece's size, remembered by its content (the growing section is split again on every draw). */
  #rowSize(piece: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>): Size {
    const row = piece.rows[0] as PageRow
    const key = `${piece.key}\0${row.key}`
    const json = JSON.stringify([piece.label, row, [...ownExtras(piece, extras)]])
    const known = this.#rowSizes.get(key)
    if (known !== undefined && known.json === json) return known.size
    const size = this.#sizes.size(piece, extras)
    if (this.#rowSizes.size > 5_000) this.#rowSizes.clear()
    this.#rowSizes.set(key, { json, size })
    return size
  }
}

/**
 * The base's section index and part. A base read from a page names its first piece by element id: the
 * section key, or `<key>~<n>` for part n of a split section.
 */
function locate(sections: readonly PageSection[], base: PageBase): [number, number] {
  const exact = sections.findIndex((s) => s.key === base.section)
  if (exact >= 0) return [exact, base.part]
  const split = /^(.*)~(\d+)$/.exec(base.section)
  const at = split === null ? -1 : sections.findIndex((s) => s.key === split[1])
  return at < 0 ? [-1, 0] : [at, Number(split?.[2] ?? 1) - 1 + base.part]
}

function partsOf(pieces: readonly Piece[], key: string): number {
  return pieces.filter((p) => p.of === key).length
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
