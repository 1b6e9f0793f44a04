/**
 * An event the Chat does not draw, kept verbatim so nothing is lost (an unknown type from a newer dsh, or one
 * the fold could not place): the event type (or, without one, the reason) as the header, the reason as its
 * summary, and inside the payload JSON beside the log line number.
 */
import type { RawEventRow as RawEventRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './Markers.module.css'

export function RawEventRow({ row }: { row: RawEventRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="raw-event"
      icon="sparkle"
      title={row.type ?? row.reason}
      summary={row.type === null ? '' : row.reason}
      body={
        <div className={styles.lineBox} data-line-number={row.line} data-seq={row.seq ?? undefined}>
          <span className={styles.lineNumber}>{row.line}</span>
          <pre className={styles.lineText}>{row.json}</pre>
        </div>
      }
    />
  )
}
