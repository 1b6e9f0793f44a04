/**
 * The index page: every session summary → groups by project (cwd), most recently active project first,
 * sessions newest first, child sessions nested under their parent (oldest first, the order they were
 * started). Sorting uses only summary data, with the session id as the last tie-breaker, so the page is the
 * same whatever order the files were found in.
 */
import { createHash } from 'node:crypto'
import { renderToStaticMarkup } from 'react-dom/server'
import { SessionIndex } from '../../components/index/SessionIndex'
import { fillShell, headMarkup, type Shell } from './shell'
import { pageFile } from './slug'
import type { IndexEntry, IndexGroup, IndexModel, Link, SessionSummary, SiteText } from './types'

/** Page links listed per paginated session on the index; the session's own navigation reaches the rest. */
const MAX_PAGE_LINKS = 24

const startOf = (s: SessionSummary) => s.start?.iso ?? ''
const newestFirst = (a: SessionSummary, b: SessionSummary) =>
  startOf(b).localeCompare(startOf(a)) || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const oldestFirst = (a: SessionSummary, b: SessionSummary) => startOf(a).localeCompare(startOf(b)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

function pageLinks(s: SessionSummary): Link[] {
  if (s.pages <= 1) return []
  const numbers: number[] = []
  for (let p = 2; p <= Math.min(s.pages, MAX_PAGE_LINKS); p++) numbers.push(p)
  if (s.pages > MAX_PAGE_LINKS) numbers.push(s.pages)
  return numbers.map(p => ({ href: `sessions/${pageFile(s.slug, p)}`, label: String(p) }))
}

function entry(s: SessionSummary, childrenOf: Map<string, SessionSummary[]>, text: SiteText, seen: Set<SessionSummary>): IndexEntry {
  seen.add(s)
  const meta = [s.start?.label, s.duration, s.model, text.turns(s.turns), text.toolCalls(s.toolCalls)].filter((x): x is string => !!x)
  const children = (childrenOf.get(s.id) ?? []).filter(c => !seen.has(c)).sort(oldestFirst)
  return {
    href: s.href,
    title: s.title,
    meta: meta.join(' · '),
    status: s.status,
    statusLabel: text.status[s.status],
    filterText: [s.title, s.project ?? '', s.model ?? '', text.status[s.status], s.id].join(' ').toLowerCase(),
    pages: pageLinks(s),
    warnings: s.warnings > 0 ? text.warnings(s.warnings) : null,
    children: children.map(c => entry(c, childrenOf, text, seen)),
  }
}

export function indexModel(summaries: readonly SessionSummary[], text: SiteText, title: string | null): IndexModel {
  const ids = new Set(summaries.map(s => s.id))
  const childrenOf = new Map<string, SessionSummary[]>()
  for (const s of summaries) {
    if (s.parentId === null || s.parentId === s.id || !ids.has(s.parentId)) continue
    const list = childrenOf.get(s.parentId) ?? []
    list.push(s)
    childrenOf.set(s.parentId, list)
  }
  const tops = summaries.filter(s => s.parentId === null || s.parentId === s.id || !ids.has(s.parentId))
  const byProject = new Map<string, SessionSummary[]>()
  for (const s of [...tops].sort(newestFirst)) {
    const key = s.project ?? ''
    byProject.set(key, [...(byProject.get(key) ?? []), s])
  }
  const seen = new Set<SessionSummary>()
  const groups: IndexGroup[] = [...byProject.entries()]
    // Most recent project first: its newest session leads (lists are already newest first).
    .sort(([pa, a], [pb, b]) => newestFirst(a[0] as SessionSummary, b[0] as SessionSummary) || pa.localeCompare(pb))
    .map(([project, list]) => ({
      project: project === '' ? text.noProject : project,
      id: `project-${createHash('sha256').update(project).digest('hex').slice(0, 10)}`,
      entries: list.map(s => entry(s, childrenOf, text, seen)),
    }))
  // A parent/child cycle leaves sessions no root reaches: list them at the end rather than lose them.
  const lost = summaries.filter(s => !seen.has(s)).sort(newestFirst)
  if (lost.length > 0) {
    groups.push({ project: text.noProject, id: 'project-unreached', entries: lost.map(s => entry(s, new Map(), text, seen)) })
  }
  const projects = new Set(summaries.map(s => s.project ?? '')).size
  return { title: title ?? text.siteTitle, count: text.sessionsCount(summaries.length, projects), groups }
}

export function renderIndex(shell: Shell, model: IndexModel, text: SiteText, lang: string, baseUrl: string | null): string {
  const body = renderToStaticMarkup(
    <SessionIndex
      model={model}
      filter={{ label: text.filterLabel, placeholder: text.filterPlaceholder, countTemplate: text.filterCount }}
      skipLabel={text.skipToSessions}
      noSessions={text.noSessions}
      pagesLabel={text.pages}
      footer={text.generatedBy}
    />,
  )
  return fillShell(shell, { lang, root: '', head: headMarkup(model.title, baseUrl === null ? null : `${baseUrl}index.html`), body })
}
