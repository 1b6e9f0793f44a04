/**
 * A reasoning block as a Think row (cards.md §3.4): title `Think`, the model's one-line summary, `Running`
 * visually hidden while streaming, and the full reasoning when expanded (always expandable).
 * Golden: `button "Think Load the requested skill."` with two `img`s (icon and hover chevron).
 *
 * The newer client's preview (cards-current.md §7: first line, `**` removed) sits in `[data-think-preview]`,
 * which the compact mode hides (its ARIA name is then just `Think`); when it differs from classic's summary both
 * are drawn, marked per mode (`data-m`).
 */
import type { ThinkRow as ThinkRowModel } from '../../src/cards/types'
import { DisclosureRow, SegmentWrap, SummarySegment } from '../primitives/DisclosureRow'
import './ThinkRow.module.css'

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
      summaryNode={<ThinkSummary summary={row.summary} preview={row.preview ?? row.summary} />}
      body={row.text}
    />
  )
}

function ThinkSummary({ summary, preview }: { summary: string; preview: string }) {
  if (summary === preview) return summary === '' ? null : <SegmentWrap data-think-preview=""><SummarySegment text={summary} /></SegmentWrap>
  return (
    <>
      {summary !== '' && <SegmentWrap data-m="c"><SummarySegment text={summary} /></SegmentWrap>}
      {preview !== '' && <SegmentWrap data-m="n" data-think-preview=""><SummarySegment text={preview} /></SegmentWrap>}
    </>
  )
}
