/**
 * An event the Chat does not draw, kept verbatim so nothing is lost (an unknown type from a newer dsh, or one
 * the fold could not place): named `Unknown event` (the model's label), then its type and the reason, and
 * inside the payload JSON beside the log line. Type and reason are log text: the header ellipsises them,
 * the body wraps anywhere.
 */
import type { RawEventRow as RawEventRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'
import styles from './Markers.module.css'

export function RawEventRow({ row }: { row: RawEventRowModel }) {
  // Without a label (an older model): the type, or the reason, names the row as before.
  const title = row.label ?? row.type ?? row.reason
  const summary = row.label === undefined ? (row.type === null ? '' : row.reason) : (row.type ?? row.reason)
  return (
    <DisclosureRow
      id={row.key}
      variant="raw-event"
      icon="sparkle"
      title={title}
      titleShrinks
      summary={summary}
      extra={row.label !== undefined && row.type !== null ? row.reason : null}
      body={
        <div className={styles.lineBox} data-line-number={row.line} data-seq={row.seq ?? undefined}>
          <span className={styles.lineNumber}>{row.lineLabel ?? row.line}</span>
          <pre className={cx(box.box, box.surface)}>{row.json}</pre>
        </div>
      }
    />
  )
}
