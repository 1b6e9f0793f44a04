/**
 * The index page: every session summary → groups by project (cwd), most recently active project first,
 * sessions newest first, child sessions nested under their parent (oldest first, the order they were
 * started). Sorting uses only summary data, with the session id as the last tie-breaker, so the page is the
 * same whatever order the files were found in.
 */
import { createHash } from 'node:crypto'
import { renderStaticMarkup } from '../html/static-markup'
import { SessionIndex } from '../../../components/index/SessionIndex'
import { liveHead } from '../html/live'
import { indexFile, paginateIndex } from './index-pages'
import { overviewModel, type PriceInfo } from './overview'
import { fits, MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../render/pages/measure'
import { fillShell, headMarkup, type Shell } from '../html/shell'
import { pageFile } from '../plan/slug'
import { shardFile } from '../../search/chrome'
import { CATALOG_FILE } from '../../search/catalog'
import { SESSION_STATUSES } from '../../conversation/status'
import type { SessionStatus } from '../../conversation/model'
import { searchText } from '../../search/strings'
import { utcDay } from '../../stats/insight'
import type { FacetFilterModel, IndexEntry, IndexGroup, IndexModel, IndexPageLink, SessionSummary, SiteText } from '../types'

/** Page links listed per paginated session on the index; the session's own navigation reaches the rest. */
const MAX_PAGE_LINKS = 24

/**
 * Code-unit order, not `localeCompare`: that depends on the machine's locale (two machines would order the
 * index differently) and its first use loads ICU data.
 */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const startOf = (s: SessionSummary) => s.start?.iso ?? ''
const newestFirst = (a: SessionSummary, b: SessionSummary) => cmp(startOf(b), startOf(a)) || cmp(a.title, b.title) || cmp(a.id, b.id)
const oldestFirst = (a: SessionSummary, b: SessionSummary) => cmp(startOf(a), startOf(b)) || cmp(a.id, b.id)

/**
 * Pages 2… of a paginated session as the index lists them: up to MAX_PAGE_LINKS, then the last page after an
 * ellipsis (`gapBefore`) that says pages are skipped; a gap of one page shows that page instead.
 */
export function pageLinks(s: Pick<SessionSummary, 'pages' | 'slug'>): IndexPageLink[] {
  if (s.pages <= 1) return []
  // Skipping a single page would save nothing: then every page is listed.
  const upTo = s.pages - MAX_PAGE_LINKS <= 2 ? s.pages : MAX_PAGE_LINKS
  const numbers: number[] = []
  for (let p = 2; p <= upTo; p++) numbers.push(p)
  if (upTo < s.pages) numbers.push(s.pages)
  return numbers.map((p, i) => ({
    href: `sessions/${pageFile(s.slug, p)}`,
    label: String(p),
    ...(i > 0 && p - (numbers[i - 1] as number) > 1 ? { gapBefore: true } : {}),
  }))
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
    shard: `sessions/${shardFile(s.slug)}`,
    warnings: s.warnings > 0 ? text.warnings(s.warnings) : null,
    children: children.map(c => entry(c, childrenOf, text, seen)),
    model: s.insight?.model ?? '',
    day: utcDay(s.insight?.start ?? null) ?? '',
  }
}

/**
 * A project's own overview page (issue 31 point 5), beside index.html so its links are the index's;
 * `project-<hash>.p2.html`, … when its sessions do not fit on one page.
 */
export const projectFile = (project: string, page = 1): string => `project-${projectHash(project)}${page === 1 ? '' : `.p${page}`}.html`

/**
 * The pages of every project of a root with more than one (none otherwise): each the index of that
 * project's sessions, with the same overview summed over them, and a link back to the whole index.
 */
export function projectIndexPages(shell: Shell, summaries: readonly SessionSummary[], text: SiteText, lang: string, baseUrl: string | null, title: string | null, pageElements = INDEX_PAGE_ELEMENTS, price: PriceInfo | null = null): { path: string; content: string }[] {
  const byProject = new Map<string, SessionSummary[]>()
  for (const s of summaries) {
    const key = s.project ?? ''
    const list = byProject.get(key)
    if (list === undefined) byProject.set(key, [s])
    else list.push(s)
  }
  if (byProject.size < 2) return []
  const out: { path: string; content: string }[] = []
  for (const [project, list] of [...byProject.entries()].sort((a, b) => cmp(a[0], b[0]))) {
    if (project === '') continue
    const model = indexModel(list, text, `${project} · ${title ?? text.siteTitle}`, false, price)
    model.back = { href: indexFile(1), label: text.allSessions }
    if (model.overview != null) model.overview.project = project
    out.push(...renderIndexPages(shell, model, text, lang, baseUrl, false, pageElements, p => projectFile(project, p)))
  }
  return out
}
const projectHash = (project: string): string => createHash('sha256').update(project).digest('hex').slice(0, 10)

/** The facet filters' choices: every project and model the sessions name, and their start days' range. */
function facetsOf(summaries: readonly SessionSummary[], text: SiteText, projectPages: boolean): FacetFilterModel | null {
  const projects = [...new Set(summaries.flatMap(s => (s.project === null || s.project === '' ? [] : [s.project])))].sort(cmp)
  const models = [...new Set(summaries.flatMap(s => (s.insight?.model == null ? [] : [s.insight.model])))].sort(cmp)
  const days = summaries.flatMap(s => {
    const d = utcDay(s.insight?.start ?? null)
    return d === null ? [] : [d]
  }).sort(cmp)
  if (days.length === 0 && models.length === 0 && projects.length <= 1) return null
  return {
    project: projects.length > 1 ? { label: text.facetProject, all: text.facetAll, options: projects.map(p => ({ value: p, label: p, href: projectPages ? projectFile(p) : null })) } : null,
    model: { label: text.facetModel, all: text.facetAll, options: models.map(m => ({ value: m, label: m })) },
    since: { label: text.facetSince, min: days[0] ?? '', max: days[days.length - 1] ?? '' },
    until: { label: text.facetUntil },
    projectPage: text.projectPage,
  }
}

/** `projectPages`: the site writes a page per project (more than one project, and this is the root's index). */
export function indexModel(summaries: readonly SessionSummary[], text: SiteText, title: string | null, projectPages = false, price: PriceInfo | null = null): IndexModel {
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
    const list = byProject.get(key)
    if (list === undefined) byProject.set(key, [s])
    else list.push(s)
  }
  const seen = new Set<SessionSummary>()
  const groups: IndexGroup[] = [...byProject.entries()]
    // Most recent project first: its newest session leads (lists are already newest first).
    .sort(([pa, a], [pb, b]) => newestFirst(a[0] as SessionSummary, b[0] as SessionSummary) || cmp(pa, pb))
    .map(([project, list]) => ({
      project: project === '' ? text.noProject : project,
      projectKey: project,
      projectHref: projectPages && project !== '' ? projectFile(project) : null,
      id: `project-${projectHash(project)}`,
      entries: list.map(s => entry(s, childrenOf, text, seen)),
    }))
  // A parent/child cycle leaves sessions no root reaches: list them at the end rather than lose them.
  const lost = summaries.filter(s => !seen.has(s)).sort(newestFirst)
  if (lost.length > 0) {
    groups.push({ project: text.noProject, id: 'project-unreached', entries: lost.map(s => entry(s, new Map(), text, seen)) })
  }
  const projects = new Set(summaries.map(s => s.project ?? '')).size
  const counts = new Map<SessionStatus, number>()
  for (const s of summaries) counts.set(s.status, (counts.get(s.status) ?? 0) + 1)
  const statuses = SESSION_STATUSES.flatMap(status => {
    const count = counts.get(status) ?? 0
    return count === 0 ? [] : [{ status, label: text.status[status], count }]
  })
  return {
    title: title ?? text.siteTitle,
    count: text.sessionsCount(summaries.length, projects),
    groups,
    statuses,
    statusFilter: { label: text.statusFilter, all: text.statusAll(summaries.length), counts: text.statusCounts },
    emptyHint: text.noSessionsHint,
    overview: overviewModel(summaries, text, price),
    facets: facetsOf(summaries, text, projectPages),
  }
}

/** Entry elements packed on one index page at first: the budget less room for the chrome around them. */
const INDEX_PAGE_ELEMENTS = MAX_PAGE_NODES - 400

/**
 * Every index page (`index.html`, then `index.p2.html`, … when the sessions do not fit on one page): packed
 * by estimate, then measured; if a page is still over a budget the whole index is cut again, smaller.
 */
export function renderIndexPages(shell: Shell, model: IndexModel, text: SiteText, lang: string, baseUrl: string | null, live = false, pageElements = INDEX_PAGE_ELEMENTS, fileOf: (page: number) => string = indexFile): { path: string; content: string }[] {
  let limit = pageElements
  for (;;) {
    const pages = paginateIndex(model, text, limit, fileOf)
    const files = pages.map((page, i) => ({ path: fileOf(i + 1), content: renderIndex(shell, page, text, lang, baseUrl, live, fileOf(i + 1)) }))
    // A single entry bigger than a page cannot be cut further: stop at one entry a page.
    if (limit <= 50 || files.every(f => fits(measure(f.content), { bytes: MAX_PAGE_BYTES, nodes: MAX_PAGE_NODES }))) return files
    limit = Math.floor(limit * 0.8)
  }
}

/** `live`: the page is written by `dsh-view live` (src/site/html/live.ts adds its flag, script and stylesheet). */
/** `search`: the cross-session search box (a preview's index has none: its sessions have no search shards). */
export function renderIndex(shell: Shell, model: IndexModel, text: SiteText, lang: string, baseUrl: string | null, live = false, file = 'index.html', search = true): string {
  // On one page of several the filter sees only that page, and says so.
  const paged = model.nav != null
  const body = renderStaticMarkup(
    <SessionIndex
      model={model}
      filter={{
        label: text.filterLabel,
        placeholder: paged ? text.filterPagePlaceholder : text.filterPlaceholder,
        countTemplate: paged ? text.filterPageCount : text.filterCount,
        noMatch: paged ? text.filterPageNoMatch : text.filterNoMatch,
      }}
      skipLabel={text.skipToSessions}
      noSessions={text.noSessions}
      pagesLabel={text.pages}
      footer={text.generatedBy}
      projectPage={text.projectPage}
      {...(search ? { search: searchText(lang.startsWith('zh') ? 'zh' : 'en').site, catalog: CATALOG_FILE } : {})}
    />,
  )
  const title = model.nav == null ? model.title : `${model.title} (${model.nav.position})`
  const head = headMarkup(title, baseUrl === null ? null : `${baseUrl}${file}`) + (live ? liveHead({ page: 'index' }, '') : '')
  return fillShell(shell, { lang, root: '', head, body })
}
