/**
 * The end of a turn (cards.md §3.6, §12): the `Produced` row with up to six file chips (basename, full path as
 * `title`) and the `+ N files` overflow, which opens to the rest; the turn's failure; then the timing line
 * (time, `Ran for …`, `TTFT …`, `… tok/s`, each pre-formatted by the model). A chip is a plain label on a
 * static page — there is no host to open the file — which the enhancement script makes copy the path.
 */
import type { DeliverableChip, DeliverablesModel, TurnTailRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import styles from './TurnTail.module.css'

/**
 * The newer client's tail (cards-current.md §8.1) is drawn beside the classic one: the turn's failure or
 * output-limit notice, then the closing reply's actions (Copy) and clock, marked `data-m="n"`; classic's error
 * and `Ran for … TTFT … tok/s` line are marked `data-m="c"`. Feedback and branching need the dsh Host (§14).
 */
export function TurnTail({ row }: { row: TurnTailRow }) {
  const timing = row.timing
  const notice = row.notice ?? null
  const reply = row.reply ?? null
  return (
    <div id={row.key} className={styles.tail} data-turn={row.turn}>
      {row.deliverables !== null && <Deliverables model={row.deliverables} />}
      {notice !== null && (
        <div data-m="n" className={styles.error}>
          {notice.text}
          {notice.hint !== null && <p className={styles.hint}>{notice.hint}</p>}
        </div>
      )}
      {reply !== null && (
        <div data-m="n" className={styles.actions}>
          <CopyButton control={reply.copy} target={reply.target ?? undefined} />
          {reply.clock !== null && <time dateTime={reply.clock.iso}>{reply.clock.label}</time>}
        </div>
      )}
      {row.error !== null && <div data-m="c" className={styles.error}>{row.error}</div>}
      {timing !== null && (
        <div data-m="c" className={styles.timing}>
          {timing.time !== null && <span data-time={timing.time.iso}>{timing.time.label}</span>}
          {timing.ranFor !== null && <> <span>{timing.ranFor}</span></>}
          {timing.ttft !== null && <> <span>{timing.ttft}</span></>}
          {timing.throughput !== null && <> <span>{timing.throughput}</span></>}
        </div>
      )}
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
