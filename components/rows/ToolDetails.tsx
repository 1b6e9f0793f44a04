/**
 * The Details view of one call (cards.md §13) behind the row's `Inspect` pill, as a native `<details>` so it
 * opens without scripts: the header (call name or id), `Input` (pretty arguments) and `Output` (the card with
 * its Details window, `Running…`, or the raw flattened result).
 *
 * `mode` bounds the page size (issue: ≤ 1 MB and ≤ 5,000 nodes per page): `compact` leaves out what the row's
 * own body already shows — an output that is a card or exactly the body's OUT text, an input that is exactly
 * its IN text (a Generic row, where they used to double the page's bytes); `full` repeats them (a card with
 * the Details window).
 *
 * Lean markup (issue 14: one per tool row, ~14,000 on the 100 MB session): nothing carries a class but the
 * text-button control's `<details>` (`text`): the `<details>` is known by its place (the one fold that is a child
 * of a row's `<details>`, or of its trailing `<div>` when the row has no body), and its pill `<summary>`, header, section labels and `<pre>`s are reached from it by
 * position in ToolDetails.module.css. The panel and its sections are no elements: the
 * panel's box is the open details' `::details-content`, and after the summary come the header, then each
 * section's label and content in turn, so a label is an odd child from the third on.
 */
import type { RowBody, ToolDetailsModel } from '../../src/cards/types'
import { RowBodyView } from '../cards/RowBodyView'
import styles from './ToolDetails.module.css'

export type InspectMode = 'compact' | 'full' | 'none'

/**
 * The Inspect panels of a page by their place (no class marks them, see above; ToolDetails.module.css reaches
 * them the same way): for scripts that must tell them from the transcript's other folds — Expand all leaves
 * them shut, since a raw-JSON panel under every card is a deliberate click, not a reading aid.
 */
export const INSPECT_FOLDS = '[data-variant] > details > details, [data-variant] > div > details'

export interface ToolDetailsProps {
  details: ToolDetailsModel
  /** The row's body, drawn when `details.output` is `card` and `mode` is `full`. */
  body: RowBody | null
  label: string
  mode: Exclude<InspectMode, 'none'>
  /** `pill` (the `Inspect` pill) or `text` (a text button, the `present` row's `Inspect call`). */
  control?: 'pill' | 'text'
}

export function ToolDetails({ details, body, label, mode, control = 'pill' }: ToolDetailsProps) {
  const output = details.output
  const shownByBody = output?.kind === 'card' ? body !== null : output?.kind === 'raw' && body?.kind === 'io' && body.output === output.text
  const showOutput = output !== null && (output.kind === 'card' ? mode === 'full' && body !== null : mode === 'full' || !shownByBody)
  // A Generic row's IN text is the arguments as Details would print them: compact leaves the copy out too.
  const showInput = details.input !== null && (mode === 'full' || !(body?.kind === 'io' && body.input === details.input))
  return (
    <details className={control === 'text' ? styles.text : undefined}>
      <summary>{label}</summary>
      <div>{details.header}</div>
      {showInput && (
        <>
          <div>{details.inputLabel}</div>
          <pre>{details.input}</pre>
        </>
      )}
      {showOutput && (
        <>
          <div>{details.outputLabel}</div>
          {output.kind === 'card' ? (
            body !== null && <RowBodyView body={body} place="details" />
          ) : output.kind === 'running' ? (
            <p className={styles.running}>{output.text}</p>
          ) : (
            <pre className={output.isError ? styles.error : undefined}>{output.text}</pre>
          )}
        </>
      )}
    </details>
  )
}
