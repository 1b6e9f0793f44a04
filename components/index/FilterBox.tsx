/**
 * The index filter: rendered `hidden` (a box that does nothing without scripts would be a trap) and
 * revealed by filter-client.ts, which filters the `[data-filter]` entries as you type and by the status
 * picked (issue 15). Works from file://:
 * it reads only the page it is on.
 */
import type { FacetFilterModel } from '../../src/site/types'
import styles from './FilterBox.module.css'

export interface FilterBoxText {
  label: string
  placeholder: string
  /** Count line template pieces are formatted by the script from `data-count-*`. */
  countTemplate: string
  /** What the index says where the sessions were when none matches (SessionIndex draws it, hidden). */
  noMatch: string
}

/** The status filter: `All (N)` and one option per status the site has (value = the status). */
export interface StatusFilterModel {
  label: string
  all: string
  options: { value: string; label: string }[]
}

/**
 * The facet filters (issue 31): project and model selects and a start-date range. The project select's
 * options carry their project page (`data-href`), which the link beside it follows.
 */
function Facets({ facets }: { facets: FacetFilterModel }) {
  return (
    <>
      {facets.project !== null && (
        <label className={styles.label}>
          {facets.project.label}{' '}
          <select id="dsh-project" className={styles.select} defaultValue="">
            <option value="">{facets.project.all}</option>
            {facets.project.options.map((o) => (
              <option key={o.value} value={o.value} data-href={o.href ?? undefined}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {facets.project !== null && facets.project.options.some((o) => o.href !== null) && (
        <a className={styles.label} data-project-link="" hidden>
          {facets.projectPage}
        </a>
      )}
      {facets.model.options.length > 1 && (
        <label className={styles.label}>
          {facets.model.label}{' '}
          <select id="dsh-model" className={styles.select} defaultValue="">
            <option value="">{facets.model.all}</option>
            {facets.model.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {facets.since.min !== '' && (
        <>
          <label className={styles.label}>
            {facets.since.label}{' '}
            <input id="dsh-since" type="date" className={styles.select} min={facets.since.min} max={facets.since.max} />
          </label>
          <label className={styles.label}>
            {facets.until.label}{' '}
            <input id="dsh-until" type="date" className={styles.select} min={facets.since.min} max={facets.since.max} />
          </label>
        </>
      )}
    </>
  )
}

export function FilterBox({ text, status, facets }: { text: FilterBoxText; status?: StatusFilterModel; facets?: FacetFilterModel | null }) {
  return (
    <div className={styles.box} data-filter-box="" hidden>
      <label htmlFor="dsh-filter" className={styles.label}>
        {text.label}
      </label>
      <input
        id="dsh-filter"
        type="search"
        className={styles.input}
        placeholder={text.placeholder}
        autoComplete="off"
        spellCheck={false}
      />
      {status !== undefined && (
        <label className={styles.label}>
          {status.label}{' '}
          <select id="dsh-status" className={styles.select} defaultValue="">
            <option value="">{status.all}</option>
            {status.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {facets != null && <Facets facets={facets} />}
      <output htmlFor="dsh-filter" className={styles.count} aria-live="polite" data-count-template={text.countTemplate} />
    </div>
  )
}
