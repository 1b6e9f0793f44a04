/** A surface replacement not tied to a known compaction: a quiet note with the model's label. */
import type { ReplacementRow } from '../../src/cards/types'
import styles from './Markers.module.css'

export function ReplacementMarker({ row }: { row: ReplacementRow }) {
  return (
    <div id={row.key} className={styles.note}>
      <span className={styles.noteLabel}>{row.label}</span>
    </div>
  )
}
