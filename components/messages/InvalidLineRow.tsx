/**
 * A log line that could not be read: a red-dotted row named `Unreadable line` (the model's label) followed by
 * the parse reason, and inside it the line itself (as text) beside its line number. The reason and the line
 * are log text: the header ellipsises, the body wraps anywhere. A run of unreadable lines (one row, issue 32)
 * is named by its count and range, and shows its first few lines, each beside its own number.
 */
import type { InvalidLineRow as InvalidLineRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'
import styles from './Markers.module.css'

export function InvalidLineRow({ row }: { row: InvalidLineRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="invalid-line"
      state="error"
      icon="sparkle"
      dot="red"
      title={row.label ?? row.reason}
      titleShrinks
      summary={row.label === undefined ? '' : row.run === undefined ? row.reason : `${row.run.rangeLabel} · ${row.reason}`}
      summaryStyle="failure"
      body={
        <>
          <div className={styles.lineBox} data-line-number={row.line}>
            <span className={styles.lineNumber}>{row.lineLabel ?? row.line}</span>
            <pre className={cx(box.box, box.surface)}>{row.text}</pre>
          </div>
          {row.run?.more.map(m => (
            <div key={m.line} className={styles.lineBox} data-line-number={m.line}>
              <span className={styles.lineNumber}>{m.lineLabel}</span>
              <pre className={cx(box.box, box.surface)}>{m.reason === row.reason ? m.text : `${m.reason}\n${m.text}`}</pre>
            </div>
          ))}
        </>
      }
    />
  )
}
