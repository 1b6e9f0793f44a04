/** The system prompt (v3+ `system/message`): a collapsed row with the model's label and the prompt inside. */
import type { SystemRow } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'
import styles from './ContextInjectionRow.module.css'

export function SystemPromptRow({ row }: { row: SystemRow }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="system"
      icon="context"
      title={row.label}
      summary=""
      body={<pre className={cx(box.box, box.surface, styles.text)}>{row.text}</pre>}
    />
  )
}
