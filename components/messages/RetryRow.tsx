/** An `llm/retry`: the model's label and, when known, the reason, as a quiet status line. */
import type { RetryRow as RetryRowModel } from '../../src/cards/types'
import styles from './Markers.module.css'

export function RetryRow({ row }: { row: RetryRowModel }) {
  return (
    <div id={row.key} className={styles.note}>
      <span className={styles.noteLabel}>{row.label}</span>
      {row.detail !== null && (
        <>
          {' '}
          <span aria-hidden="true">·</span> <span className={styles.noteDetail}>{row.detail}</span>
        </>
      )}
    </div>
  )
}
