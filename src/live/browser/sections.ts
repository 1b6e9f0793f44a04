/**
 * Conversation → the page's sections, the way the static build makes them (src/site/build-site.ts):
 * `viewModel()` with the session's cwd, then the HTML pass of src/site/enrich.ts for Markdown (no syntax
 * colours in the browser: shiki stays on the server, code is drawn as plain text), then the links the site
 * puts after the call that spawned a child session. A section whose view model did not change keeps its
 * previous object, so the memoized components skip it and only the growing tail is lexed and re-rendered.
 * Pure apart from the (async, DOM-free) enricher.
 */
import { viewModel } from '../../cards/view-model'
import type { Locale, PageSection, ToolRowModel } from '../../cards/types'
import type { Conversation } from '../../conversation/model'
import { Enricher } from '../../site/enrich'
import type { RowExtra, SiteText } from '../../site/types'
import type { SitePage } from './site-feed'

interface Cached {
  json: string
  section: PageSection
}

export class SectionCache {
  #cache = new Map<string, Cached>()
  readonly #enricher = new Enricher(null)

  /** The enriched sections of `conversation`; unchanged ones are the very objects returned last time. */
  async sections(conversation: Conversation, locale: Locale): Promise<PageSection[]> {
    const view = viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale })
    const next = new Map<string, Cached>()
    const out: PageSection[] = []
    for (const raw of view.sections) {
      const json = JSON.stringify(raw)
      const old = this.#cache.get(raw.key)
      const section = old !== undefined && old.json === json ? old.section : await this.#enricher.section(raw)
      next.set(raw.key, { json, section })
      out.push(section)
    }
    this.#cache = next
    return out
  }
}

/**
 * Row key → the "open child session" link after the row whose call (or a call nested under it) spawned a
 * child that has a page; as the static renderer adds them (src/site/render-session.tsx).
 */
export function childExtras(sections: readonly PageSection[], conversation: Conversation, pages: readonly SitePage[], text: SiteText): Record<string, RowExtra[]> {
  const byId = new Map(pages.map((p) => [p.id, p]))
  const byCall = new Map<string, SitePage[]>()
  for (const link of conversation.facts.children) {
    const page = byId.get(link.sessionId)
    if (page === undefined || link.callId === null || link.sessionId === conversation.facts.id) continue
    byCall.set(link.callId, [...(byCall.get(link.callId) ?? []), page])
  }
  const extras: Record<string, RowExtra[]> = {}
  if (byCall.size === 0) return extras
  const spawned = (row: ToolRowModel): SitePage[] => [...(byCall.get(row.callId) ?? []), ...row.children.flatMap(spawned)]
  for (const section of sections) {
    for (const row of section.rows) {
      if (row.kind !== 'tool') continue
      for (const child of spawned(row)) {
        // Links are relative to the session page, which sits in `sessions/` like its children.
        const href = child.href.replace(/^sessions\//, '')
        ;(extras[row.key] ??= []).push({ kind: 'child-session', href, label: `${text.openChild}: ${child.title}`, id: child.anchor })
      }
    }
  }
  return extras
}
