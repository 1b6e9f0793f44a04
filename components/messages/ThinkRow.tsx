/**
 * A reasoning block as a Think row (cards.md §3.4): title `Think`, the model's one-line summary, `Running`
 * visually hidden while streaming, and the full reasoning when expanded (always expandable).
 * Golden: `button "Think Load the requested skill."` with two `img`s (icon and hover chevron).
 */
import type { ThinkRow as ThinkRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './ThinkRow.module.css'

export function ThinkRow({ row }: { row: ThinkRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="think"
      state={row.running ? 'running' : 'ok'}
      icon="think"
      hiddenStatus={row.hiddenStatus}
      hiddenStatusPlacement="in-header"
      title={row.title}
      summary={row.summary}
      body={<div className={styles.text}>{row.text}</div>}
    />
  )
}
