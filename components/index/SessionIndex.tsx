/**
 * The index page (issue 4): sessions grouped by project (cwd), newest first, each with its title, start,
 * duration, model, turns, tool calls and status, child sessions nested under their parent, and the pages of
 * a paginated session (an ellipsis where pages are skipped); the sessions per status, a status filter (issue
 * 15), an empty state, and one for a filter nothing matches. Compact on purpose — about four elements per session — so a root of a thousand
 * sessions stays inside the page budget; past that the site cuts the index into pages (`model.nav`,
 * src/site/index/index-pages.ts). The filter box is progressive enhancement (FilterBox).
 */
import { Notice } from '../primitives/Notice'
import type { IndexEntry, IndexModel } from '../../src/site/types'
import type { SiteSearchText } from '../../src/search/types'
import { PageNav } from '../layout/PageNav'
import { FilterBox, type FilterBoxText } from './FilterBox'
import { SiteSearch } from './SiteSearch'
import { Overview } from './Overview'
import styles from './SessionIndex.module.css'
import frame from '../layout/SiteFrame.module.css'
import '../theme/tokens.module.css'
import '../layout/global.css'

export interface SessionIndexProps {
  model: IndexModel
  filter: FilterBoxText
  skipLabel: string
  noSessions: string
  pagesLabel: string
  footer: string
  /** The cross-session search (progressive enhancement; absent: none). */
  search?: SiteSearchText
  /** The site's session catalog the search reads (src/search/catalog.ts); absent: this page's sessions. */
  catalog?: string
  /** The words of a project heading's link to its overview page. */
  projectPage?: string
}

function Entry({ entry, pagesLabel }: { entry: IndexEntry; pagesLabel: string }) {
  return (
    <li className={styles.entry} data-filter={entry.filterText} data-status={entry.status} data-shard={entry.shard} data-model={entry.model} data-day={entry.day}>
      <a href={entry.href} className={styles.title}>
        {entry.title}
      </a>{' '}
      <span className={styles.status} data-status={entry.status}>
        {entry.statusLabel}
      </span>
      <span className={styles.meta}>
        {entry.meta}
        {entry.warnings !== null && ` · ${entry.warnings}`}
      </span>
      {entry.pages.length > 0 && (
        <span className={styles.pages}>
          {pagesLabel}:{' '}
          {entry.pages.flatMap((page) => [
            ...(page.gapBefore === true
              ? [
                  <span key={`gap-${page.href}`} className={styles.gap} aria-hidden="true">
                    …
                  </span>,
                ]
              : []),
            <a key={page.href} href={page.href}>
              {page.label}
            </a>,
          ])}
        </span>
      )}
      {entry.children.length > 0 && (
        <ul className={styles.children}>
          {entry.children.map((child) => (
            <Entry key={child.href} entry={child} pagesLabel={pagesLabel} />
          ))}
        </ul>
      )}
    </li>
  )
}

export function SessionIndex({ model, filter, skipLabel, noSessions, pagesLabel, footer, search, catalog, projectPage }: SessionIndexProps) {
  return (
    <>
      <a href="#main" className={frame.skip}>
        {skipLabel}
      </a>
      <header className={styles.header}>
        {model.back != null && (
          <p className={styles.back}>
            <a href={model.back.href}>{model.back.label}</a>
          </p>
        )}
        <h1 className={styles.heading}>{model.title}</h1>
        <p className={styles.count}>{model.count}</p>
        {model.notice != null && <Notice text={model.notice} />}
        {model.statuses !== undefined && model.statuses.length > 0 && (
          <ul className={styles.statuses} aria-label={model.statusFilter?.counts}>
            {model.statuses.map((s) => (
              <li key={s.status}>
                <span className={styles.status} data-status={s.status}>
                  {s.label}
                </span>{' '}
                {s.count}
              </li>
            ))}
          </ul>
        )}
        {model.nav != null && <PageNav nav={model.nav} />}
        <FilterBox
          text={filter}
          status={
            model.statusFilter !== undefined && model.statuses !== undefined && model.statuses.length > 0
              ? { label: model.statusFilter.label, all: model.statusFilter.all, options: model.statuses.map((s) => ({ value: s.status, label: `${s.label} (${s.count})` })) }
              : undefined
          }
          facets={model.facets}
        />
        {search !== undefined && model.groups.length > 0 && <SiteSearch text={search} catalog={catalog} />}
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {model.overview != null && <Overview model={model.overview} />}
        {model.groups.length === 0 && (
          <div className={styles.empty} data-empty-index="">
            <p>{noSessions}</p>
            {model.emptyHint !== undefined && <p className={styles.hint}>{model.emptyHint}</p>}
          </div>
        )}
        {model.groups.length > 0 && (
          <p className={styles.empty} data-filter-empty="" hidden>
            {filter.noMatch}
          </p>
        )}
        {model.groups.map((group) => (
          <section key={group.id} aria-labelledby={group.id} className={styles.group} data-filter-group="" data-project={group.projectKey}>
            <h2 id={group.id} className={styles.project}>
              {group.project}
              {group.projectHref != null && (
                <>
                  {' '}
                  <a href={group.projectHref} className={styles.projectLink}>
                    {projectPage}
                  </a>
                </>
              )}
            </h2>
            <ul className={styles.list}>
              {group.entries.map((entry) => (
                <Entry key={entry.href} entry={entry} pagesLabel={pagesLabel} />
              ))}
            </ul>
          </section>
        ))}
        {/* A long index page: the way on is also at its end. */}
        {model.nav != null && <PageNav nav={model.nav} />}
      </main>
      <footer className={frame.footer}>{footer}</footer>
    </>
  )
}
