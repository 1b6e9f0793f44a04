/**
 * The end of a turn (cards.md §3.6, §12): the `Produced` row with up to six file chips (basename, full path as
 * `title`) and the `+ N files` overflow, which opens to the rest; the turn's failure; then the timing line
 * (time, `Ran for …`, `TTFT …`, `… tok/s`, each pre-formatted by the model). A chip is a plain label on a
 * static page — there is no host to open the file — which the enhancement script makes copy the path.
 * The changed-files card (cards-current.md §8.3) leads the tail when a Host summary was fetched, and the
 * turn usage button (§8.1, `data-m="n"`: newer view modes only) follows the timing line.
 */
import type { DeliverableChip, DeliverablesModel, TurnTailRow } from '../../src/cards/types'
import { ChangedFiles } from './ChangedFiles'
import styles from './TurnTail.module.css'
import { TurnUsage } from './TurnUsage'

export function TurnTail({ row }: { row: TurnTailRow }) {
  const timing = row.timing
  return (
    <div id={row.key} className={styles.tail} data-turn={row.turn}>
      {row.changedFiles != null && <ChangedFiles model={row.changedFiles} />}
      {row.deliverables !== null && <Deliverables model={row.deliverables} />}
      {row.error !== null && <div className={styles.error}>{row.error}</div>}
      {timing !== null && (
        <div className={styles.timing}>
          {timing.time !== null && <span data-time={timing.time.iso}>{timing.time.label}</span>}
          {timing.ranFor !== null && <> <span>{timing.ranFor}</span></>}
          {timing.ttft !== null && <> <span>{timing.ttft}</span></>}
          {timing.throughput !== null && <> <span>{timing.throughput}</span></>}
        </div>
      )}
      {row.usage != null && <TurnUsage model={row.usage} />}
    </div>
  )
}

function Deliverables({ model }: { model: DeliverablesModel }) {
  return (
    <div className={styles.produced} data-deliverables="">
      <span className={styles.label}>{model.label}</span>
      <ul className={styles.chips}>
        {model.chips.map((chip) => (
          <Chip key={chip.path} chip={chip} />
        ))}
      </ul>
      {model.overflow !== null && (
        <details className={styles.more}>
          <summary role="button" className={styles.moreToggle}>
            {model.overflow}
          </summary>
          <ul className={styles.chips}>
            {model.hidden.map((chip) => (
              <Chip key={chip.path} chip={chip} />
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

function Chip({ chip }: { chip: DeliverableChip }) {
  return (
    <li className={styles.item}>
      <span className={styles.chip} title={chip.path} data-copy-path={chip.path}>
        {chip.label}
      </span>
    </li>
  )
}
