/**
 * Find in this session (issue 7 search): a text field with previous/next, tool and status filters, a live
 * count and the matches on other pages. Rendered `hidden` — without scripts the page is complete and the
 * browser's own find works — and brought to life by src/search/client/find.ts, which loads the session's
 * search shard (a script file, so it works from file://) on first use. The templates for counts ride on
 * data attributes; the script fills them in as text.
 *
 * The bar sticks to the top, so it is kept short (issue 32): the field and its steps wrap as one group and
 * the filters as another (two rows on a 390 px phone, one on a desktop), and the matches on other pages are
 * a fold beside the count — the count already says how many — that the script opens only when this page
 * holds none of them (then there is nothing under the bar to cover).
 */
import type { FindBoxModel } from '../../src/search/types'
import styles from './FindBox.module.css'

export function FindBox({ model }: { model: FindBoxModel }) {
  const { text } = model
  return (
    <div
      role="search"
      aria-label={text.region}
      className={styles.box}
      data-find-box=""
      data-shard={model.shard}
      data-session={model.session}
      data-count={text.count}
      data-count-elsewhere={text.countElsewhere}
      data-none={text.none}
      data-loading={text.loading}
      data-unavailable={text.unavailable}
      data-partial={text.partial}
      hidden
    >
      <div className={styles.controls}>
        <span className={styles.query}>
          <label htmlFor="dsh-find" className={styles.label}>
            {text.label}
          </label>
          <input id="dsh-find" type="search" className={styles.input} placeholder={text.placeholder} autoComplete="off" spellCheck={false} />
          <button type="button" className={styles.step} data-find-step="-1" aria-label={text.previous} title={text.previous}>
            ↑
          </button>
          <button type="button" className={styles.step} data-find-step="1" aria-label={text.next} title={text.next}>
            ↓
          </button>
        </span>
        <span className={styles.filters}>
          <label htmlFor="dsh-find-tool" className={styles.label}>
            {text.tool}
          </label>
          <select id="dsh-find-tool" className={styles.select}>
            <option value="">{text.any}</option>
            {model.tools.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <label htmlFor="dsh-find-status" className={styles.label}>
            {text.status}
          </label>
          <select id="dsh-find-status" className={styles.select}>
            <option value="">{text.any}</option>
            {text.states.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </span>
      </div>
      <div className={styles.results}>
        <output htmlFor="dsh-find" className={styles.status} aria-live="polite" data-find-status="" />
        <details className={styles.elsewhere} data-find-elsewhere="" hidden>
          <summary>{text.elsewhere}</summary>
          <nav aria-label={text.elsewhere}>
            <ul />
          </nav>
        </details>
      </div>
    </div>
  )
}
