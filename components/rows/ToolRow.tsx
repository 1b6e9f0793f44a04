/**
 * One tool row and its code-dispatch sub-calls (cards.md §4.1, §4.3). Every row kind of §4.2 — BashRow,
 * ReadRow, FileMutationRow, SearchRow, WebRow, TodoRow, AskQuestionRow, SkillRow, GenericToolCard — is this
 * component: `ToolRowModel` already carries what differs between them (title, summary and its style, the
 * `+k` suffix, hidden-status placement, the body kind), so separate components would only repeat this markup.
 *
 * `ToolCallTree` draws the row, then a `[data-subcalls]` container that is always visible with one tree per
 * child, recursively. A row without sub-calls (almost every row) is drawn bare, without the tree's wrapper: it
 * would only hold that one row (issue 14: ~14,000 wrappers on the 100 MB session).
 */
import type { ToolRowModel } from '../../src/cards/types'
import { RowBodyView } from '../cards/RowBodyView'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { ToolDetails, type InspectMode } from './ToolDetails'
import styles from './ToolRow.module.css'

export interface ToolRowProps {
  row: ToolRowModel
  /** How much the `Inspect` pill repeats (see `ToolDetails`); `none` drops it. */
  inspect?: InspectMode
}

export function ToolRow({ row, inspect = 'compact' }: ToolRowProps) {
  const style = row.inspectStyle ?? 'pill'
  // The `present` row offers Details as an `Inspect call` text button after its detail text, or not at all.
  const details =
    inspect === 'none' || style === 'none' ? null : (
      <ToolDetails details={row.details} body={row.body} label={row.inspectLabel} mode={inspect} control={style} />
    )
  // A non-expandable row (background or stopped shell) has no body to hold the pill; its result would be
  // unreachable on a static page, so the pill follows the header when there is a raw result to show.
  const trailing = row.body === null && row.details.output?.kind === 'raw' ? details : null
  return (
    <DisclosureRow
      id={row.key}
      variant={row.variant}
      tool={row.tool}
      state={row.state}
      icon={row.icon}
      dot={row.dot}
      hiddenStatus={row.hiddenStatus}
      hiddenStatusPlacement={row.hiddenStatusPlacement}
      title={row.title}
      summary={row.summary}
      summaryStyle={row.summaryStyle}
      filePath={row.filePath}
      suffix={row.summarySuffix}
      closedStatus={row.summaryStatus ?? null}
      body={row.body === null ? null : <RowBodyView body={row.body} place="chat" />}
      footer={row.body === null ? null : details}
      trailing={trailing}
    />
  )
}

export function ToolCallTree({ row, inspect }: ToolRowProps) {
  if (row.children.length === 0) return <ToolRow row={row} inspect={inspect} />
  return (
    <div className={styles.tree} data-depth={row.depth}>
      <ToolRow row={row} inspect={inspect} />
      {row.children.length > 0 && (
        <div className={styles.subcalls} data-subcalls="">
          {row.children.map((child) => (
            <ToolCallTree key={child.key} row={child} inspect={inspect} />
          ))}
        </div>
      )}
    </div>
  )
}
