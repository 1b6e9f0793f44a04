/**
 * Props of the site chrome (components/layout, components/index): everything pre-formatted, so components
 * only draw (architecture.md §1 "components never derive"). Built by src/site/render/chrome.ts from the
 * conversation facts and the build's link table. Plain JSON: a summary is also what the incremental
 * manifest stores for an unchanged session.
 */
import type { SessionPill } from '../cards/pills'
import type { Locale, TimeLabel } from '../cards/types'
import type { SessionStatus } from '../conversation/model'
import type { ViewMode } from '../cards/view-mode'
import type { SessionInsight } from '../stats/insight'
import type { OverviewModel, OverviewText } from './index/overview-types'

/** A fact of the session header (`Started`, `Model`, …). */
export interface Fact {
  label: string
  value: string
  /** Machine-readable form for `<time datetime>`, when the value is a time. */
  datetime?: string
  /**
   * A session pill (cards-current.md §8.2): drawn in the header's pill row as dsh draws it — a button that
   * opens its breakdown — not in the facts list; `label` is its breakdown's name, `value` its accessible name.
   */
  pill?: SessionPill
}

export interface Link {
  href: string
  label: string
}

/** One session as the index lists it (also kept in the manifest for unchanged sessions). */
export interface SessionSummary {
  /** Session id as written in the header (or the file path when there is none). */
  id: string
  /** Output file stem under `sessions/` (src/site/plan/slug.ts). */
  slug: string
  /** Relative from the site root: `sessions/<slug>.html`. */
  href: string
  title: string
  /** The session's cwd (the index groups by it); null when the header has none. */
  project: string | null
  start: TimeLabel | null
  /** Formatted (`4m 05s`), null when unknown. */
  duration: string | null
  /** First model used, `provider/model`; null when none was logged. */
  model: string | null
  turns: number
  toolCalls: number
  status: SessionStatus
  /** Header `parentSession`. */
  parentId: string | null
  /** Pages written (1 for most sessions). */
  pages: number
  /** Damage worth a look: invalid lines, unknown events, a torn tail. */
  warnings: number
  /**
   * The session's archive record (src/stats/insight.ts) the index overview adds up; kept in the manifest so
   * a rebuild does not read unchanged logs again. Absent: not known (a preview, a damaged session's page).
   */
  insight?: SessionInsight
}

/** Site-wide text, per locale (src/site/strings.ts). */
export interface SiteText {
  /** The locale these strings are in (card-level text, such as the session pills, follows it). */
  locale: Locale
  siteTitle: string
  allSessions: string
  skipToTranscript: string
  skipToSessions: string
  transcript: string
  pagesNav: string
  previous: string
  next: string
  firstPage: string
  lastPage: string
  pageOf: (page: number, pages: number) => string
  subagentOf: string
  childSessions: (n: number) => string
  openChild: string
  filterLabel: string
  filterPlaceholder: string
  /** The index's facet filters (issue 31): project, model, start date from / to; `All` for a select. */
  facetProject: string
  facetModel: string
  facetSince: string
  facetUntil: string
  facetAll: string
  /** The link to a project's own overview page (issue 31 point 5). */
  projectPage: string
  /** `{shown}` and `{total}` are filled in by the filter script. */
  filterCount: string
  /** The filter's placeholder and count on one page of a paginated index: it filters that page only. */
  filterPagePlaceholder: string
  filterPageCount: string
  /** A session page's notice for a link to nothing in the session: `{n}` the turn, `{id}` any other address. */
  noSuchTurn: string
  noSuchAnchor: string
  /** Where the sessions were, when the filter matches none (`…on this page` on one index page of several). */
  filterNoMatch: string
  filterPageNoMatch: string
  /** Name of the index's page navigation. */
  indexPagesNav: string
  sessionsCount: (sessions: number, projects: number) => string
  noSessions: string
  noProject: string
  turns: (n: number) => string
  toolCalls: (n: number) => string
  pages: string
  status: Record<SessionStatus, string>
  factProject: string
  factStarted: string
  factDuration: string
  factModel: string
  factTurns: string
  factToolCalls: string
  factStatus: string
  factSession: string
  warnings: (n: number) => string
  /** Beside `warnings`: the log's last line was torn off and is not shown. */
  tornTail: string
  cutNote: string
  fullText: string
  continued: string
  generatedBy: string
  /** A preview index's word for its sessions' state (src/site/preview.ts). */
  previewStatus: string
  /** The note on a preview's session page (src/site/preview.ts). */
  previewPage: string
  /** The note on a preview's index: `shown` sessions have a first page in it, of `total` being built. */
  previewIndex: (shown: number, total: number) => string
  /** The prompt list (issue 15): its landmark, fold summary, window note, link to the full list. */
  prompts: string
  promptsSummary: (n: number) => string
  promptsWindow: (from: number, to: number, total: number) => string
  allPrompts: (n: number) => string
  /** A prompt with no text (an image only). */
  promptNoText: string
  /** Title of the full prompt list's page (`Prompts: <session title>`). */
  promptsTitle: (title: string) => string
  backToSession: string
  skipToPrompts: string
  /** The Expand all / Collapse all buttons and the name of their group. */
  foldsLabel: string
  expandAll: string
  collapseAll: string
  /** Index: the status filter's label, its `all` option, the counts line's name. */
  statusFilter: string
  statusAll: (n: number) => string
  statusCounts: string
  /** Index with no session: a second line saying what a site is built from. */
  noSessionsHint: string
  /** Label of the header's view-mode control (`Work details`). */
  viewLabel: string
  /** Each view mode's name in that control. */
  viewModes: Record<ViewMode, string>
  /** The index overview's words (src/site/index/overview.ts). */
  overview: OverviewText
}

/** The header's view-mode control (src/site/client/view-mode.ts makes it work; hidden without script). */
export interface ViewSwitch {
  label: string
  /** The page's default mode, selected in the markup (the script shows the reader's saved one). */
  current: ViewMode
  options: { value: ViewMode; label: string }[]
}

/** The header and navigation of one session page. */
export interface SessionChrome {
  title: string
  facts: Fact[]
  /** `Subagent of` + a link to the parent page (at the spawning call when known). */
  parent: { prefix: string; link: Link } | null
  /** `3 child sessions`; the list itself is `children`. */
  childrenLabel: string
  children: Link[]
  /** The index, relative to this page; null: no way back to show (a one-file export's own header is the top). */
  index: Link | null
  nav: PageNav | null
  /** `N warnings` line, or null. */
  warnings: string | null
  /** The view-mode control; absent or null: none (a descendant's header inside an export). */
  viewSwitch?: ViewSwitch | null
  /** The session's prompt list (src/site/render/prompts.ts); absent or null: none. */
  prompts?: PromptToc | null
  /** Expand all / Collapse all (shown by the page script); absent or null: none. */
  folds?: FoldControls | null
  /** A note about the page under the title: a preview says it is one (src/site/preview.ts); absent or null: none. */
  notice?: string | null
  /** The `Chat | Trajectory` tabs (issue 29): links between a session's two views; absent or null: none. */
  tabs?: ViewTabs | null
}

/** What the Chat links to on a session's Trajectory pages, once they are cut (src/site/render/trajectory). */
export interface TrajectoryLinks {
  /** `<page>#<id>` of a record, request or turn id, or null when no page holds it. */
  href(id: string): string | null
  /** The Trajectory page a Chat row links to: its tool call's record, its turn's first request. */
  forCall(callId: string): string | null
  forTurn(turn: number): string | null
  label: string
}

/** The session header's view tabs: each a link to that view's page for this part of the session. */
export interface ViewTabs {
  /** Name of the navigation (`Views`). */
  label: string
  /** In order; `href` null for the view this page shows. */
  items: { label: string; href: string | null }[]
}

/** One prompt of the list: a link to its turn on the page that holds it. */
export interface PromptEntry {
  href: string
  /** The prompt's first line, cut. */
  label: string
  /** 1-based position among the session's prompts (the list's number). */
  number: number
  /** The prompt is on the page showing the list. */
  here: boolean
}

/** The prompt list of a session page: a fold in the header (components/layout/PromptToc.tsx). */
export interface PromptToc {
  /** Name of the list's navigation landmark (`Prompts`). */
  label: string
  /** The fold's summary (`Prompts (240)`). */
  summary: string
  entries: PromptEntry[]
  /** `Prompts 41–70 of 240` when the page lists only a window; else null. */
  note: string | null
  /** The full list's first page when the page lists only a window; else null. */
  all: Link | null
}

/** A page of a session's full prompt list (components/layout/PromptsPage.tsx). */
export interface PromptsPageModel {
  title: string
  /** Back to the session (its first page). */
  session: Link
  index: Link
  label: string
  entries: PromptEntry[]
  nav: PageNav | null
}

/** Labels of the header's Expand all / Collapse all buttons (src/site/client/folds.ts runs them). */
export interface FoldControls {
  label: string
  expand: string
  collapse: string
}

export interface PageNav {
  label: string
  /** `Page 2 of 5`. */
  position: string
  /** `First page` (null on page 1) and `Last page` (null on the last page). */
  first?: Link | null
  last?: Link | null
  previous: Link | null
  next: Link | null
  /** Up to a handful of page links around the current one, plus first and last; `gapBefore`: an ellipsis first. */
  pages: (Link & { current: boolean; gapBefore?: boolean })[]
}

/** Links the site adds after a transcript row: full text of cut outputs, a spawned child session. */
export interface RowExtra {
  kind: 'full-text' | 'child-session' | 'trajectory'
  href: string
  label: string
  /** Anchor id of the extra itself (children link back to it). */
  id?: string
}

/** Index page props. */
export interface IndexModel {
  title: string
  /** `12 sessions in 3 projects`. */
  count: string
  groups: IndexGroup[]
  /** Previous / next between the index pages of a site with too many sessions for one (src/site/index/index-pages.ts). */
  nav?: PageNav | null
  /** Sessions per status over the whole site, statuses with none left out (issue 15); absent: none shown. */
  statuses?: StatusCount[]
  /** The status filter's label and its `All (N)` option. */
  statusFilter?: { label: string; all: string; counts: string }
  /** The line under "No sessions found." on an empty site. */
  emptyHint?: string
  /** A note about the page under the count: a preview says it is one (src/site/preview.ts). */
  notice?: string | null
  /** The archive overview (totals and charts, src/site/index/overview.ts); on the first index page only. */
  overview?: OverviewModel | null
  /** A project page's link back to the whole index (issue 31 point 5). */
  back?: { href: string; label: string } | null
  /** The facet filters' choices (issue 31): the projects and models the sessions have, their first and last start day. */
  facets?: FacetFilterModel | null
}

export interface StatusCount {
  status: SessionStatus
  /** `completed` (the status's name) and the number of sessions. */
  label: string
  count: number
}

export interface IndexGroup {
  /** The cwd, or the "no project" label. */
  project: string
  /** The cwd as the project filter names it ('' when the sessions have none). */
  projectKey?: string
  /** The project's own overview page, when the site has more than one project. */
  projectHref?: string | null
  id: string
  entries: IndexEntry[]
}

/** A page link on an index entry; `gapBefore`: an ellipsis stands for the pages skipped before it. */
export type IndexPageLink = Link & { gapBefore?: boolean }

export interface IndexEntry {
  href: string
  title: string
  /** One line: start · duration · model · turns · tool calls. */
  meta: string
  status: SessionStatus
  statusLabel: string
  /** Lower-cased text the filter box matches against. */
  filterText: string
  /** Links to pages 2… when the session was paginated (page 1 is `href`); `gapBefore`: pages skipped before it. */
  pages: IndexPageLink[]
  warnings: string | null
  children: IndexEntry[]
  /** The session's search shard, relative to the site root (the index search loads it). */
  shard?: string
  /** The first model (`provider/model`, '' when none) and start day (`YYYY-MM-DD` UTC, '' when unknown) the facet filters read. */
  model?: string
  day?: string
}

/** The index's facet filters: selects of projects and models (value '' = all), a start-date range. */
export interface FacetFilterModel {
  project: { label: string; all: string; options: { value: string; label: string; href: string | null }[] } | null
  model: { label: string; all: string; options: { value: string; label: string }[] }
  since: { label: string; min: string; max: string }
  until: { label: string }
  /** `Project page` (the link the project filter shows for the project picked). */
  projectPage: string
}
