/**
 * The index filter: rendered `hidden` (a box that does nothing without scripts would be a trap) and
 * revealed by filter-client.ts, which filters the `[data-filter]` entries as you type and by the status
 * picked (issue 15). Works from file://:
 * it reads only the page it is on.
 */
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

export function FilterBox({ text, status }: { text: FilterBoxText; status?: StatusFilterModel }) {
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
      <output htmlFor="dsh-filter" className={styles.count} aria-live="polite" data-count-template={text.countTemplate} />
    </div>
  )
}
