/**
 * A slash command the user ran (`/name args`): the typed text as the row title, its output inside when there
 * is any. The status only colours the leading dot (`data-state`); the model carries no status words yet.
 */
import type { CommandRow as CommandRowModel, RowState } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './Markers.module.css'

const STATE: Record<CommandRowModel['status'], RowState> = { running: 'running', success: 'ok', error: 'error' }

export function CommandRow({ row }: { row: CommandRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="command"
      state={STATE[row.status]}
      icon="command"
      dot={row.status === 'error' ? 'red' : null}
      title={row.text}
      summary=""
      body={row.output === null ? null : <pre className={styles.pre}>{row.output}</pre>}
    />
  )
}
