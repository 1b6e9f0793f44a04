/**
 * The index filter: rendered `hidden` (a box that does nothing without scripts would be a trap) and
 * revealed by filter-client.ts, which filters the `[data-filter]` entries as you type. Works from file://:
 * it reads only the page it is on.
 */
import styles from './FilterBox.module.css'

export interface FilterBoxText {
  label: string
  placeholder: string
  /** Count line template pieces are formatted by the script from `data-count-*`. */
  countTemplate: string
}

export function FilterBox({ text }: { text: FilterBoxText }) {
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
      <output htmlFor="dsh-filter" className={styles.count} aria-live="polite" data-count-template={text.countTemplate} />
    </div>
  )
}
