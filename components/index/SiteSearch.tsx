/**
 * Search all sessions (issue 7): a field and a result list on the index page. Rendered `hidden` (it needs
 * a script) and run by src/search/client/site-search.ts, which loads every session's search shard as a
 * script file on first use — no fetch, so it works from file:// — and lists matching cards with links
 * into their pages. Templates for the counts ride on data attributes.
 */
import type { SiteSearchText } from '../../src/search/types'
import field from './FilterBox.module.css'
import styles from './SiteSearch.module.css'

/** `catalog`: the site's session catalog script (src/search/catalog.ts), relative to the page. */
export function SiteSearch({ text, catalog }: { text: SiteSearchText; catalog?: string }) {
  return (
    <div
      role="search"
      aria-label={text.region}
      className={field.box}
      data-site-search=""
      data-catalog={catalog}
      data-loading={text.loading}
      data-count={text.count}
      data-none={text.none}
      data-more={text.more}
      data-unavailable={text.unavailable}
      hidden
    >
      <label htmlFor="dsh-search" className={field.label}>
        {text.label}
      </label>
      <input id="dsh-search" type="search" className={field.input} placeholder={text.placeholder} autoComplete="off" spellCheck={false} />
      <output htmlFor="dsh-search" className={styles.status} aria-live="polite" data-search-status="" />
      <ol className={styles.results} data-search-results="" />
    </div>
  )
}
