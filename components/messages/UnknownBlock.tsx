/**
 * A content block the Chat does not know (cards.md §3.4): its JSON under the `Unknown content block` label,
 * so nothing in the log is silently dropped.
 */
import type { UnknownBlockRow } from '../../src/cards/types'
import box from '../primitives/TextBox.module.css'
import styles from './UnknownBlock.module.css'

export function UnknownBlock({ row }: { row: UnknownBlockRow }) {
  return (
    <div id={row.key} className={styles.unknown}>
      <div className={styles.label}>{row.label}</div>
      <pre className={box.box}>{row.json}</pre>
    </div>
  )
}
