/**
 * A live Trajectory page's ledger, drawn in the browser from the records the page folds (the one
 * `TrajectoryBuilder`, as the build folds the same lines): each ledger section is the build's markup —
 * the same props (src/trajectory-view `ledgerSection`, with the build's services,
 * src/site/render/trajectory/view-services.ts) written by the same string builder
 * (components/trajectory/ledger-html.ts `sectionHtml`) — so a section drawn here equals the one the next
 * rebuild writes, apart from what only a build knows: which Chat page holds a record's row (here: the
 * Chat's last page, where new rows are) and the timing overview, both the rebuild's to correct.
 * `growLedger` takes a page the build wrote and the records as the page was made, and gives that page with
 * the sections that changed or came since redrawn.
 */
import { pageFile } from '../../site/plan/slug'
import { chatTargets } from '../../site/render/trajectory/chat-targets'
import { trajectoryViewContext } from '../../site/render/trajectory/view-services'
import { ledgerSection, type TrajectoryWords } from '../../trajectory-view'
import type { TrajectorySnapshot } from '../../trajectory/model'
import { sectionHtml } from '../../../components/trajectory/ledger-html'

/** Markup of every ledger section of `snapshot` from `from` on, as the build renders a section. */
export function sectionMarkup(snapshot: TrajectorySnapshot, words: TrajectoryWords, stem: string, from = 0): string[] {
  const ctx = trajectoryViewContext(snapshot, words, stem, () => {})
  return snapshot.sections.slice(from).map((section) => sectionHtml(ledgerSection(section, ctx)))
}

/** A page the build wrote, with what the page needs to grow it. */
export interface BuiltLedger {
  doc: Document
  /** Index of the model section its first `<tbody>` draws. */
  first: number
  /** Markup of the sections it draws, as this page renders them from the same records (unresolved links). */
  base: string[]
  /** Whether its first `<tbody>` is a later part of a section a page break split (it is then never redrawn). */
  split: boolean
}

/**
 * The built ledger of page `doc`, made from the records of `snapshot` (the lines the page says it was made
 * from); null when the page is not the session's last (an earlier page never grows: the build never moves
 * it) or does not hold what the snapshot says it should.
 */
export function builtLedger(doc: Document, snapshot: TrajectorySnapshot, words: TrajectoryWords, stem: string): BuiltLedger | null {
  if (doc.querySelector('nav a[rel="next"]') !== null) return null
  const table = doc.querySelector<HTMLTableElement>('table[data-tj-ledger]')
  if (table === null) return null
  const bodies = table.tBodies.length
  const first = snapshot.sections.length - bodies
  if (first < 0) return null
  const base = sectionMarkup(snapshot, words, stem, first)
  const head = table.tBodies[0]
  const split = head !== undefined && head.id === '' && /^<tbody id="/.test(base[0] ?? '')
  return { doc, first, base, split }
}

/**
 * The built page grown to the records of `snapshot` (a fresh document; the built one is kept): the
 * sections whose markup changed are drawn again, the new ones appended, and their links resolved as the
 * build resolves them — a link between records to `#id`, a record's way back to its Chat row to that row
 * on the Chat's last page (`chatPages`). Null when the records no longer continue the page's (a repaired
 * log): only a rebuild can say what the page is then. `parse` reads markup into a document (the page's
 * `DOMParser`, as it reads a fetched page: src/live/browser/site-client.ts): a section is parsed there and
 * its `<tbody>` imported, no HTML sink is written (test/repo/trusted-html.test.ts).
 */
export function growLedger(
  built: BuiltLedger,
  snapshot: TrajectorySnapshot,
  words: TrajectoryWords,
  stem: string,
  chatPages: number,
  parse: (html: string) => Document,
): Document | null {
  if (snapshot.sections.length < built.first + built.base.length) return null
  const doc = built.doc.cloneNode(true) as Document
  const table = doc.querySelector<HTMLTableElement>('table[data-tj-ledger]')
  if (table === null) return null
  const bodies = [...table.tBodies]
  const markup = sectionMarkup(snapshot, words, stem, built.first)
  const drawn: HTMLTableSectionElement[] = []
  markup.forEach((html, j) => {
    if (j < built.base.length && (html === built.base[j] || (j === 0 && built.split))) return
    const parsed = parse(`<table>${html}</table>`).querySelector('tbody')
    if (parsed === null) return
    const body = doc.importNode(parsed, true)
    const old = bodies[j]
    if (old !== undefined && j < built.base.length) old.replaceWith(body)
    else table.append(body)
    drawn.push(body)
  })
  if (drawn.length === 0) return doc
  const chatOf = chatTargets(snapshot, { pageOf: () => chatPages, ids: () => [], file: (page) => pageFile(stem, page) })
  for (const body of drawn) {
    for (const a of body.querySelectorAll('a[data-x]')) {
      const id = (a.getAttribute('href') ?? '').slice(1)
      let href = `#${id}`
      if (id.startsWith('chat-')) {
        const record = snapshot.records[Number(id.slice(5)) - 1]
        href = (record === undefined ? null : chatOf(record)) ?? pageFile(stem, 1)
      }
      a.removeAttribute('data-x')
      a.setAttribute('href', href)
    }
  }
  return doc
}
