/** The `Stopped` marker after an interrupted assistant message (cards.md §3.4). */
import type { StoppedMarkerRow } from '../../src/cards/types'
import styles from './Markers.module.css'

export function StoppedMarker({ row }: { row: StoppedMarkerRow }) {
  return (
    <div id={row.key} className={styles.stopped}>
      <span aria-hidden="true" className={styles.amberDot} /> {row.label}
    </div>
  )
}
