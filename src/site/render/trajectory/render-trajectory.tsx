/**
 * One session's Trajectory pages (issue 29, trajectory.md §2): the record model (src/trajectory) → its props
 * (src/trajectory-view) → markup, cut into pages by the Chat's budgets (1 MB, 5,000 elements). It runs in
 * two steps around the Chat's own render, because the two tabs link to each other and each needs to know
 * where the other's rows landed:
 * 1. `prepare`: every ledger section is rendered (a `<tbody>`; a section too big for a page is split
 *    between rows, as the Chat splits a turn), measured, spooled (./piece-store), and the pieces are packed
 *    into pages — from then on the page of every record (`rec-N`), request (`req-N`) and turn is known, and
 *    the Chat rows can link to them (`trajectoryLinks`);
 * 2. `write`, once the Chat's pages are cut: each page is put together — its frame (./frame.tsx: header with
 *    the `Chat | Trajectory` tabs, page navigation, toolbar, the timing overview of that page's records as
 *    SVG in three modes), the ledger — and its deferred links (../pages/links.ts) get their pages: links
 *    between records, and each record's way back to its Chat row (./chat-targets.ts).
 * Long texts in inspectors are cut for the page; the whole text goes to the session's side files, named by
 * content hash like the Chat's (a text both tabs cut is one file).
 */
import type { Shell } from '../../html/shell'
import { add, fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, measure, type Size } from '../pages/measure'
import { packPages, splitRows } from '../pages/paginate'
import { PieceStore } from '../pages/piece-store'
import { linkGrowth, resolveLinks } from '../pages/links'
import { chatTargets, type ChatIds } from './chat-targets'
import { SectionBytes } from './section-bytes'
import { recordTargets, trajectoryLinks } from './row-links'
import { trajectoryViewContext } from './view-services'
import { pagedSnapshot, pagedView } from './paged'
import { TrajectoryFrames, type FrameInput } from './frame'
import { longestTrajectoryFile, pageFile, trajectoryFile } from '../../plan/slug'
import type { RenderOutput } from '../render-session'
import type { SiteText, TrajectoryLinks } from '../../types'
import type { TrajectorySection, TrajectorySnapshot } from '../../../trajectory/model'
import { ledgerSection, trajectoryWords, type LedgerRow, type TrajectoryWords } from '../../../trajectory-view'
import { rowHtml, sectionFrame, tally } from '../../../../components/trajectory/ledger-html'
import { bomText } from '../../write/text-file'

/**
 * Bytes the timing overview costs per record on a page (three modes, a bar each — two for an assistant
 * split at its first token — plus marks): charged to each piece, since the overview is drawn per page.
 */
const OVERVIEW_BYTES_PER_RECORD = 240

/** A chat link's target, once resolved, is at most a page name plus `#` and an escaped row id of this many bytes. */
const CHAT_ID_BYTES = 160

export interface TrajectoryRenderInput extends Omit<FrameInput, 'snapshot'> {
  snapshot: TrajectorySnapshot
  /** Paths (relative to the site root) already written by this session's Chat: side files are not written twice. */
  written?: ReadonlySet<string>
}

interface PieceInfo {
  /** What the page packer counts: the piece's measure with its links' growth and overview charged. */
  size: Size
  /** The piece's own measure, as spooled (its links not yet given their pages). */
  measured: Size
  /** Index of the model section it renders (a split section gives several pieces). */
  section: number
  ids: string[]
}


/** The Chat | Trajectory tabs of a page (./frame.tsx), for the Chat's pages too. */
export { viewTabs } from './frame'

/** The render input less the record model: what the pages' frames read once the ledger is spooled. */
export type { FrameInput } from './frame'

export class PreparedTrajectory {
  readonly #store: PieceStore
  readonly #pieces: PieceInfo[]
  readonly #pages: number[][]
  readonly #pageOf = new Map<string, number>()
  readonly #sections: readonly TrajectorySection[]
  readonly #words: TrajectoryWords
  readonly #pendingSides: { path: string; text: string }[]

  /** `input` holds the paged copy of the model only (./paged.ts): the snapshot is let go with the ledger. */
  constructor(
    private readonly renderer: TrajectoryRenderer,
    private readonly input: FrameInput,
    parts: { store: PieceStore; pieces: PieceInfo[]; pages: number[][]; words: TrajectoryWords; sides: { path: string; text: string }[] },
  ) {
    this.#store = parts.store
    this.#pieces = parts.pieces
    this.#pages = parts.pages
    this.#words = parts.words
    this.#pendingSides = parts.sides
    this.#sections = input.snapshot.sections
    parts.pages.forEach((indices, page) => {
      for (const i of indices) for (const id of parts.pieces[i]?.ids ?? []) if (!this.#pageOf.has(id)) this.#pageOf.set(id, page + 1)
    })
  }

  get pages(): number {
    return Math.max(1, this.#pages.length)
  }

  /** The Chat's links into these pages. */
  links(): TrajectoryLinks {
    const stem = this.input.summary.slug
    const href = (id: string): string | null => {
      const page = this.#pageOf.get(id)
      return page === undefined ? null : `${trajectoryFile(stem, page)}#${id}`
    }
    return trajectoryLinks(recordTargets(this.input.snapshot), href, this.#words.t('dv.openTrajectoryRecord'))
  }

  /** Writes every page (and the side files its inspectors cut), now that the Chat's pages are known. */
  async write(chat: ChatIds, out: RenderOutput, chatPaths: ReadonlySet<string> = new Set()): Promise<{ paths: string[]; overBudget: number[] }> {
    try {
      const { input } = this
      const stem = input.summary.slug
      const paths: string[] = []
      for (const side of this.#pendingSides) {
        // A text the Chat cut too is already its side file (same content, same name).
        if (chatPaths.has(side.path)) {
          paths.push(side.path)
          continue
        }
        await out.write(side.path, bomText(side.text))
        paths.push(side.path)
      }
      const chatOf = chatTargets(input.snapshot, chat)
      const overBudget: number[] = []
      const pages = this.#pages.length === 0 ? [[]] : this.#pages
      // Each page's name made once, not once per link to it.
      const names = pages.map((_, p) => trajectoryFile(stem, p + 1))
      // A link to a record on the same page stays `#id` (null: kept as written); on another page it gets that page's name.
      const resolverFor = (current: number) => (id: string): string | null => {
        if (id.startsWith('chat-')) {
          const record = input.snapshot.records[Number(id.slice(5)) - 1]
          return (record === undefined ? null : chatOf(record)) ?? chat.file(1)
        }
        const page = this.#pageOf.get(id)
        return page === undefined || page === current ? null : `${names[page - 1] ?? trajectoryFile(stem, page)}#${id}`
      }
      const frames = this.renderer.frames(input, this.#words)
      for (let p = 0; p < pages.length; p++) {
        const indices = pages[p] as number[]
        const sections = [...new Set(indices.map((i) => this.#pieces[i]?.section ?? -1))].flatMap((s) => (this.#sections[s] === undefined ? [] : [this.#sections[s] as TrajectorySection]))
        const frame = frames.page(p + 1, pages.length, sections)
        // The page's size without a second scan of its bytes: its pieces' measures, and what resolving the
        // links changed (a link keeps its one element; its new href is counted as written).
        const resolve = resolverFor(p + 1)
        let hrefNodes = 0
        const ledger = resolveLinks(indices.length === 0 ? [] : this.#store.chunks(indices[0] as number, (indices[indices.length - 1] as number) + 1), (id) => {
          const href = resolve(id)
          // An href is a page name and an id (encoded or escaped): it holds no element, but is counted all the same.
          if (href !== null && href.includes('<')) hrefNodes += measure(href).nodes
          return href
        })
        const bytes = frame.size.bytes + ledger.length
        let nodes = frame.size.nodes + hrefNodes
        for (const i of indices) nodes += this.#pieces[i]?.measured.nodes ?? 0
        const size: Size = { bytes, nodes }
        if (!fits(size, { bytes: MAX_PAGE_BYTES, nodes: MAX_PAGE_NODES })) overBudget.push(p + 1)
        const path = `sessions/${names[p] as string}`
        await out.write(path, [...frame.head, ledger, ...frame.tail])
        paths.push(path)
      }
      return { paths, overBudget }
    } finally {
      this.#store.close()
    }
  }

  /** Lets the spool go without writing (the session's render failed). */
  discard(): void {
    this.#store.close()
  }
}

export class TrajectoryRenderer {
  constructor(
    private readonly shell: Shell,
    private readonly text: SiteText,
  ) {}

  /** Step 1: sections rendered, measured, spooled and packed into pages. */
  prepare(input: TrajectoryRenderInput, out: RenderOutput | null): PreparedTrajectory {
    const stem = input.summary.slug
    const words = trajectoryWords(input.locale)
    const sides: { path: string; text: string }[] = []
    const sideSeen = new Set<string>(input.written ?? [])
    const ctx = trajectoryViewContext(input.snapshot, words, stem, (path, text) => {
      if (!sideSeen.has(path)) {
        sideSeen.add(path)
        sides.push({ path, text })
      }
    })
    const growth = linkGrowth(Math.max(Buffer.byteLength(longestTrajectoryFile(stem)), Buffer.byteLength(pageFile(stem, 999_999)) + CHAT_ID_BYTES))
    const { snapshot, ...rest } = input
    const whole = pagedView(snapshot)
    const limit = this.room({ ...rest, snapshot: whole }, words)
    const store = new PieceStore(out === null ? null : out.spoolDir, out?.spill)
    const pieces: PieceInfo[] = []
    // A piece is its section's frame around rows `from`…`to − 1`: the rows are encoded once as they are
    // written (./section-bytes.ts) and never joined into one string, a copy of the whole ledger that was a
    // measurable share of the tab's build time; their elements and deferred links are counted as the
    // markup is written (ledger-html's Tally), not scanned for afterwards.
    const encoded = new SectionBytes()
    const keep = (frame: { open: string; close: string }, from: number, to: number, section: number, ids: string[]) => {
      const piece = encoded.piece(frame, from, to)
      store.put(piece.bytes)
      pieces.push({ size: { bytes: piece.size.bytes + piece.links * growth + (to - from) * OVERVIEW_BYTES_PER_RECORD, nodes: piece.size.nodes }, measured: piece.size, section, ids })
    }
    const counted = tally()
    input.snapshot.sections.forEach((modelSection, s) => {
      const section = ledgerSection(modelSection, ctx)
      const rows = section.rows
      encoded.reset()
      for (const row of rows) {
        counted.nodes = 0
        counted.links = 0
        encoded.add(rowHtml(row, counted), counted.nodes, counted.links)
      }
      const whole = sectionFrame(section)
      const ids = (from: number, to: number, anchor: string | null) => {
        const out: string[] = anchor === null ? [] : [anchor]
        for (let i = from; i < to; i++) {
          const row = rows[i] as LedgerRow
          out.push(row.id)
          if (row.marker !== null) out.push(row.marker.id)
        }
        return out
      }
      if (fits(encoded.size(whole, 0, rows.length), limit)) {
        keep(whole, 0, rows.length, s, ids(0, rows.length, section.anchor))
        return
      }
      // Too big for a page: parts between rows (the first keeps the turn's anchor), as the Chat splits a turn.
      const later = sectionFrame({ ...section, anchor: null })
      const parts = splitRows(encoded.sizes, { bytes: limit.bytes - Buffer.byteLength(whole.open + whole.close), nodes: limit.nodes - 1 })
      parts.forEach((indices, k) => {
        const from = indices[0] ?? 0
        const to = (indices[indices.length - 1] ?? -1) + 1
        keep(k === 0 ? whole : later, from, to, s, ids(from, to, k === 0 ? section.anchor : null))
      })
    })
    const pages = packPages(pieces.map((p) => p.size), () => limit)
    const framed: FrameInput = { ...rest, snapshot: pagedSnapshot(snapshot, whole.retried) }
    return new PreparedTrajectory(this, framed, { store, pieces, pages, words, sides })
  }

  /** The ledger's room on a page: the budgets less the largest chrome (with navigation) a page of it has. */
  room(input: FrameInput, words: TrajectoryWords): Size {
    const { size } = this.frames(input, words).page(2, 3, [])
    const reserve = add(size, { bytes: 2_000, nodes: 40 })
    return { bytes: MAX_PAGE_BYTES - reserve.bytes, nodes: MAX_PAGE_NODES - reserve.nodes }
  }

  /** The frames of a session's pages (./frame.tsx): the document around the ledger, page by page. */
  frames(input: FrameInput, words: TrajectoryWords): TrajectoryFrames {
    return new TrajectoryFrames(this.shell, this.text, input, words)
  }
}

