/**
 * A log line that could not be read: a red-dotted row whose header is the parse reason, and inside it the
 * line itself (as text) beside its line number, like a read card's gutter.
 */
import type { InvalidLineRow as InvalidLineRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './Markers.module.css'

export function InvalidLineRow({ row }: { row: InvalidLineRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="invalid-line"
      state="error"
      icon="sparkle"
      dot="red"
      title={row.reason}
      summary=""
      body={
        <div className={styles.lineBox} data-line-number={row.line}>
          <span className={styles.lineNumber}>{row.line}</span>
          <pre className={styles.lineText}>{row.text}</pre>
        </div>
      }
    />
  )
}
