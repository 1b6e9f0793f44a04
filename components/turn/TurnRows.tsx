/**
 * The rows of one turn section in the newer client's layout (cards-current.md §5–§6), drawn once for every view
 * mode: the opening input, then the whole-turn control with the folded process rows (a native `<details
 * data-turn-process>` when the turn can fold, else a disabled button), the process rows in activity groups
 * (`<details data-process-activity>`), then the answer's response part and the tail. Rows the newer client does
 * not show sit in place wrapped in `data-m="c"` (classic only). Which folds start open comes from the page's
 * default mode; the page script re-applies them when the reader switches modes (src/site/README.md "View modes
 * in the markup"). Sections without a layout (or with a stale one) draw their rows flat, as classic does.
 */
import { Fragment, type ReactNode } from 'react'
import type { ActivityGroupModel, PageRow, PageSection, RowPlacement, TurnControlModel } from '../../src/cards/types'
import type { ViewMode } from '../../src/cards/view-mode'
// The one runtime import from src/ in components: the per-mode open state is presentation policy that the page
// script (src/site/client/view-mode.ts) applies too, so both read it from one place.
import { foldOpen } from '../../src/cards/view-folds'
import { Icon, PlacedChevron } from '../primitives/Icon'
import { VisuallyHidden } from '../primitives/VisuallyHidden'
import quiet from '../primitives/QuietHeader.module.css'
import './TurnRows.module.css'

export interface TurnRowsProps {
  section: PageSection
  view: ViewMode
  /** Draws one row (and whatever the caller puts after it). */
  renderRow: (row: PageRow) => ReactNode
}

interface Run {
  group: number | null
  items: { row: PageRow; placement: RowPlacement }[]
}

export function TurnRows({ section, view, renderRow }: TurnRowsProps) {
  const { rows, placements, process } = section
  if (placements === undefined || placements.length !== rows.length || process == null) {
    return <>{rows.map((row, i) => <Placed key={row.key} hidden={placements?.[i]?.hidden === true && placements.length === rows.length}>{renderRow(row)}</Placed>)}</>
  }
  const control = process.control
  const out: ReactNode[] = []
  let i = 0
  for (; i < rows.length && (placements[i] as RowPlacement).zone === 'lead'; i++) {
    out.push(<Placed key={(rows[i] as PageRow).key} hidden={(placements[i] as RowPlacement).hidden}>{renderRow(rows[i] as PageRow)}</Placed>)
  }
  // The fold holds the run of process rows right after the opening input (a collapsible turn has only one).
  let end = i
  while (end < rows.length && (placements[end] as RowPlacement).zone === 'process') end++
  const processRows = (from: number, to: number) => (
    <ProcessRows
      rows={rows.slice(from, to)}
      placements={placements.slice(from, to)}
      groups={process.groups}
      closed={process.closed}
      view={view}
      renderRow={renderRow}
    />
  )
  if (control !== null) {
    out.push(
      <TurnControl key="turn-process" control={control} open={foldOpen(view, 'turn')}>
        {processRows(i, end)}
      </TurnControl>,
    )
  } else out.push(<Fragment key="process">{processRows(i, end)}</Fragment>)
  // After the answer: the response part, then the tail (always last, wherever the log anchored it); a stray
  // process row (interleaved input) groups in place.
  const tails: ReactNode[] = []
  for (let j = end; j < rows.length; ) {
    const row = rows[j] as PageRow
    if (row.kind === 'turn-tail') {
      tails.push(<Placed key={row.key} hidden={(placements[j] as RowPlacement).hidden}>{renderRow(row)}</Placed>)
      j++
      continue
    }
    if ((placements[j] as RowPlacement).zone === 'process') {
      let k = j
      while (k < rows.length && (placements[k] as RowPlacement).zone === 'process') k++
      out.push(<Fragment key={`process-${j}`}>{processRows(j, k)}</Fragment>)
      j = k
      continue
    }
    out.push(<Placed key={row.key} hidden={(placements[j] as RowPlacement).hidden}>{renderRow(row)}</Placed>)
    j++
  }
  return <>{out}{tails}</>
}

/** A row the newer client hides (classic only), or a row drawn in every mode. */
function Placed({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return hidden ? <div data-m="c">{children}</div> : <>{children}</>
}

function TurnControl({ control, open, children }: { control: TurnControlModel; open: boolean; children: ReactNode }) {
  const status = (
    <div role="status" data-m="n">
      <VisuallyHidden>{control.announcement}</VisuallyHidden>
    </div>
  )
  if (control.collapsible)
    return (
      <>
        {status}
        <details data-turn-process="" open={open ? true : undefined}>
          <summary>
            {control.label}
            <PlacedChevron />
          </summary>
          <div>{children}</div>
        </details>
      </>
    )
  return (
    <>
      {status}
      <button type="button" disabled className={quiet.header} data-turn-process="" data-m="n" aria-expanded={control.hasContent ? true : undefined}>
        {control.label}
      </button>
      {children}
    </>
  )
}

interface ProcessRowsProps {
  rows: readonly PageRow[]
  placements: readonly RowPlacement[]
  groups: readonly ActivityGroupModel[]
  closed: boolean
  view: ViewMode
  renderRow: (row: PageRow) => ReactNode
}

/** Consecutive rows of one activity group under its header; rows on their own stay bare. */
function ProcessRows({ rows, placements, groups, closed, view, renderRow }: ProcessRowsProps) {
  const runs: Run[] = []
  rows.forEach((row, i) => {
    const placement = placements[i] as RowPlacement
    const last = runs[runs.length - 1]
    if (last !== undefined && placement.group !== null && last.group === placement.group) last.items.push({ row, placement })
    else runs.push({ group: placement.group, items: [{ row, placement }] })
  })
  // Server-rendered open state = the page default's (§6.3): closed where a header shows, open where it does not.
  const open = foldOpen(view, 'activity', !closed)
  return (
    <>
      {runs.map((run) => {
        const first = run.items[0] as Run['items'][number]
        const drawn = run.items.map(({ row, placement }) => <Placed key={row.key} hidden={placement.hidden}>{renderRow(row)}</Placed>)
        const group = run.group === null ? undefined : groups[run.group]
        if (group === undefined) return drawn
        return (
          <details key={`group:${first.row.key}`} data-process-activity="" data-live={closed ? undefined : ''} open={open ? true : undefined}>
            <summary>
              <Icon name={group.icon} />
              {group.title}
              <PlacedChevron />
            </summary>
            <div>{drawn}</div>
          </details>
        )
      })}
    </>
  )
}
