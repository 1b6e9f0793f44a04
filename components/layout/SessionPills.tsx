/**
 * The session pills (cards-current.md §8.2) in a session page's header: the activity pill, the usage pill and
 * the context meter, each a button that opens its breakdown (../primitives/PillDisclosure) — dsh draws them
 * under its composer and opens live dialogs. One row, in dsh's order, known by `data-session-pills` (the ARIA
 * snapshot captures it after the transcript, where dsh's tree has the pills). Everything arrives formatted
 * (src/cards/pills.ts).
 */
import type { SessionPill } from '../../src/cards/pills'
import { PillDisclosure, PlainPill } from '../primitives/PillDisclosure'
import styles from './SessionPills.module.css'

export function SessionPills({ pills }: { pills: readonly SessionPill[] }) {
  if (pills.length === 0) return null
  return (
    <div className={styles.pills} data-session-pills="">
      {pills.map((pill) =>
        pill.button ? (
          <PillDisclosure key={pill.title} parts={pill.parts} name={pill.name === pill.parts.join('') ? undefined : pill.name} title={pill.title} items={pill.items} />
        ) : (
          <PlainPill key={pill.title} parts={pill.parts} />
        ),
      )}
    </div>
  )
}
