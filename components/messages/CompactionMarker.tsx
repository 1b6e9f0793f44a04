/**
 * Where the conversation was compacted or pruned: a divider row carrying the model's label (`running`,
 * `failed` or done), the failure detail as its summary, and the compaction summary inside when known.
 */
import type { CompactionRow, RowState } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './Markers.module.css'

const STATE: Record<CompactionRow['status'], RowState> = { running: 'running', done: 'ok', failed: 'error' }

export function CompactionMarker({ row }: { row: CompactionRow }) {
  return (
    <div className={styles.divider}>
      <DisclosureRow
        id={row.key}
        variant="compaction"
        state={STATE[row.status]}
        icon="context"
        dot={row.status === 'failed' ? 'red' : null}
        title={row.label}
        summary={row.detail ?? ''}
        summaryStyle={row.status === 'failed' ? 'failure' : 'text'}
        body={row.summary === null ? null : <div className={styles.prose}>{row.summary}</div>}
      />
    </div>
  )
}
