/**
 * The end of a turn (cards.md §3.6, §12; cards-current.md §8.1, §8.3): the changed-files card when a Host
 * summary was fetched; the delivered-file block of the newer client (new view modes only, `data-m="n"`: one
 * card per delivered file — basename and secondary text — folded after four behind `All {n} files`); the classic
 * `Produced` row with up to six file chips (basename, full path as `title`) and the `+ N files` overflow (classic
 * mode only, `data-m="c"`); the turn's failure; then the timing line (time, `Ran for …`, `TTFT …`, `… tok/s`, each
 * pre-formatted by the model) and the turn usage button (`data-m="n"`). A chip is a plain label on a static page —
 * there is no host to open the file nor a sidebar to preview it — which the enhancement script makes copy the
 * path; a delivered file's card is text, and the target of the reply's mentions of that file.
 */
import type { DeliverableChip, DeliverablesModel, DeliveredBlock, DeliveredFileCard, TurnTailRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { VisuallyHidden } from '../primitives/VisuallyHidden'
import { ChangedFiles } from './ChangedFiles'
import styles from './TurnTail.module.css'
import { TurnUsage } from './TurnUsage'

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
    <div id={row.key} className={styles.tail}>
      {row.changedFiles != null && <ChangedFiles model={row.changedFiles} />}
      {row.delivered != null && <Delivered model={row.delivered} />}
      {row.deliverables !== null && <Deliverables model={row.deliverables} />}
      {notice !== null && (
        <div data-m="n" className={styles.error}>
          {notice.text}
          {notice.hint !== null && <p className={styles.hint}>{notice.hint}</p>}
        </div>
      )}
      {reply !== null && (
        <div data-m="n" className={styles.actions}>
          {reply.copy !== null && <CopyButton control={reply.copy} />}
          {reply.clock !== null && <time dateTime={reply.clock.iso}>{reply.clock.label}</time>}
        </div>
      )}
      {row.error !== null && <div data-m="c" className={styles.error}>{row.error}</div>}
      {timing !== null && (
        <div data-m="c" className={styles.timing}>
          {timing.time !== null && <span>{timing.time.label}</span>}
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
    <div className={styles.produced} data-deliverables="" data-m="c">
      <span className={styles.label}>{model.label}</span>
      <ul className={styles.chips}>
        {model.chips.map((chip) => (
          <Chip key={chip.path} chip={chip} />
        ))}
      </ul>
      {model.overflow !== null && (
        <details className={styles.more}>
          <summary className={styles.moreToggle}>
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

/** The delivered-file block (cards-current.md §8.3): cards, then the rest behind a toggle past four. */
function Delivered({ model }: { model: DeliveredBlock }) {
  const shown = model.cards.slice(0, model.visible)
  const rest = model.cards.slice(model.visible)
  return (
    <div className={styles.delivered} data-delivered="" data-m="n">
      <ul className={styles.cards}>
        {shown.map((card) => (
          <DeliveredCard key={card.path} card={card} />
        ))}
      </ul>
      {model.toggle !== null && (
        <details className={styles.more}>
          <summary className={styles.moreToggle}>
            <span className={styles.whenClosed}>
              <span aria-hidden="true">{model.toggle.expandLabel}</span>
              <VisuallyHidden>{model.toggle.expandAria}</VisuallyHidden>
            </span>
            <span className={styles.whenOpen}>
              <span aria-hidden="true">{model.toggle.collapseLabel}</span>
              <VisuallyHidden>{model.toggle.collapseAria}</VisuallyHidden>
            </span>
          </summary>
          <ul className={styles.cards}>
            {rest.map((card) => (
              <DeliveredCard key={card.path} card={card} />
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

/** One delivered file: its name and secondary text read as one text, as dsh writes the card; a mention leads here (`id`). */
function DeliveredCard({ card }: { card: DeliveredFileCard }) {
  return (
    <li id={card.id} className={styles.card}>
      <span className={styles.cardName} title={card.path}>{card.name}</span> <span className={styles.secondary}>{card.secondary}</span>
    </li>
  )
}
