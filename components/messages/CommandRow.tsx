/**
 * A slash command the user ran (`/name args`): the typed text as the row title, its status in words after
 * it (`Running` / `Done` / `Failed`; the dot's colour alone is not enough), and its output inside when there
 * is any. The title is the user's text, so it may be long and unbroken: it is ellipsised in the header and
 * wraps anywhere in the body.
 */
import type { CommandRow as CommandRowModel, RowState } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'

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
      titleShrinks
      summary={row.statusLabel ?? ''}
      summaryStyle={row.status === 'error' ? 'failure' : 'text'}
      body={row.output === null ? null : <pre className={cx(box.box, box.surface)}>{row.output}</pre>}
    />
  )
}
