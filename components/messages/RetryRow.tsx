/**
 * An `llm/retry`: the model's label and, when known, the reason, as a quiet status line. The dot between
 * them is the reason's CSS `::before` with empty alternative text (Markers.module.css), not an element.
 */
import type { RetryRow as RetryRowModel } from '../../src/cards/types'
import styles from './Markers.module.css'

export function RetryRow({ row }: { row: RetryRowModel }) {
  return (
    <div id={row.key} className={styles.note}>
      <span className={styles.noteLabel}>{row.label}</span>
      {row.detail !== null && (
        <>
          {' '}
          <span className={styles.noteDetail}>{row.detail}</span>
        </>
      )}
    </div>
  )
}
