/**
 * Conversation → the sections a live page draws from, made the way the static build makes them
 * (src/site/render/render-session.tsx): `viewModel()` with the session's cwd, every section cut at the build's
 * normal caps (src/site/render/pages/cut.ts: long texts keep their head and tail around a marker, the whole text goes to a
 * side file `<stem>.files/<hash>.txt` linked after the row), and the links the site puts after a row — the
 * row's Trajectory record first, then a spawned child session's page, then the full texts, as the build
 * orders them.
 *
 * The side-file links point where the live server's rebuild writes those files, so the final live page
 * equals the static page; until that rebuild has run, side-files.ts serves a click from the text held here.
 * A section whose view model did not change keeps its cut (the very objects of last time), so only the
 * growing tail is cut again. Pure apart from the injected site text: no DOM, no network.
 */
import { viewModel } from '../../cards/view-model'
import type { Locale, PageSection, ToolRowModel } from '../../cards/types'
import type { Conversation } from '../../conversation/model'
import { addExtras, capsFor, Cutter, extrasOf } from '../../site/render/pages/cut'
import { sideFile } from '../../site/plan/slug'
import { addTrajectoryExtras } from '../../site/render/trajectory/row-links'
import type { RowExtra, SiteText, TrajectoryLinks } from '../../site/types'
import type { SitePage } from './site-feed'

interface CutSection {
  json: string
  section: PageSection
  extras: Map<string, RowExtra[]>
  sideTexts: Map<string, string>
}

export interface LiveView {
  /** The view model's sections, uncut (a row too big for a page is cut again from these). */
  raw: PageSection[]
  /** The same sections at the normal caps. */
  cut: PageSection[]
  /** Row key → links after the row: child sessions, then full texts. */
  extras: Map<string, RowExtra[]>
  /** Side-file hash → the full text it holds. */
  sideTexts: ReadonlyMap<string, string>
}

export class LiveSections {
  #cache = new Map<string, CutSection>()

  constructor(
    private readonly stem: string,
    private readonly text: SiteText,
  ) {}

  /** `hrefFor` of the build: side files sit beside the session's pages in `sessions/`. */
  readonly hrefFor = (hash: string): string => sideFile(this.stem, hash)

  /** `records`: the Chat rows' links to the Trajectory (record-links.ts), null for none. */
  view(conversation: Conversation, locale: Locale, pages: readonly SitePage[], records: TrajectoryLinks | null = null): LiveView {
    const view = viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale })
    const next = new Map<string, CutSection>()
    const cut: PageSection[] = []
    const sideTexts = new Map<string, string>()
    // A row's links in the build's order: its record, the child sessions it started, its full texts.
    const extras = new Map<string, RowExtra[]>()
    if (records !== null) for (const raw of view.sections) addTrajectoryExtras(raw, records, extras)
    childExtras(view.sections, conversation, pages, this.text, extras)
    for (const raw of view.sections) {
      const json = JSON.stringify(raw)
      let entry = this.#cache.get(raw.key)
      if (entry === undefined || entry.json !== json) {
        // One Cutter per section gives the build's markers and links: what a Cutter remembers across
        // sections only keeps it from listing a side text twice.
        const cutter = new Cutter(capsFor(0), this.text, this.hrefFor)
        const section = cutter.section(raw)
        entry = { json, section, extras: cutter.extras, sideTexts: new Map(cutter.sideTexts.map((t) => [t.hash, t.text])) }
      }
      next.set(raw.key, entry)
      cut.push(entry.section)
      addExtras(extras, entry.extras)
      for (const [hash, text] of entry.sideTexts) sideTexts.set(hash, text)
    }
    this.#cache = next
    return { raw: view.sections, cut, extras, sideTexts }
  }
}

/**
 * Row key → the "open child session" link after the row whose call (or a call nested under it) spawned a
 * child that has a page; as the static renderer adds them (src/site/render/render-session.tsx), after the
 * links `extras` holds already.
 */
export function childExtras(sections: readonly PageSection[], conversation: Conversation, pages: readonly SitePage[], text: SiteText, extras = new Map<string, RowExtra[]>()): Map<string, RowExtra[]> {
  const byId = new Map(pages.map((p) => [p.id, p]))
  const byCall = new Map<string, SitePage[]>()
  for (const link of conversation.facts.children) {
    const page = byId.get(link.sessionId)
    if (page === undefined || link.callId === null || link.sessionId === conversation.facts.id) continue
    byCall.set(link.callId, [...(byCall.get(link.callId) ?? []), page])
  }
  if (byCall.size === 0) return extras
  const spawned = (row: ToolRowModel): SitePage[] => [...(byCall.get(row.callId) ?? []), ...row.children.flatMap(spawned)]
  for (const section of sections) {
    for (const row of section.rows) {
      if (row.kind !== 'tool') continue
      for (const child of spawned(row)) {
        // Links are relative to the session page, which sits in `sessions/` like its children.
        const href = child.href.replace(/^sessions\//, '')
        ;extrasOf(extras, row.key).push({ kind: 'child-session', href, label: `${text.openChild}: ${child.title}`, id: child.anchor })
      }
    }
  }
  return extras
}
