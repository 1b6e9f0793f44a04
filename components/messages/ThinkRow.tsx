/**
 * A reasoning block as a Think row (cards.md §3.4): title `Think`, the model's one-line summary, `Running`
 * visually hidden while streaming, and the full reasoning when expanded (always expandable).
 * Golden: `button "Think Load the requested skill."` with two `img`s (icon and hover chevron).
 *
 * The newer client's preview (cards-current.md §7: first line, `**` removed) is the header's segment after the
 * title, which the compact mode hides by place (components/layout/view-modes.css; its ARIA name is then just
 * `Think`); when it differs from classic's summary both are drawn, each in a wrapper marked per mode (`data-m`).
 * No `data-think-preview` marker (issue 14: ~8,000 Think rows on a long session's pages), and no wrapper when
 * summary and preview agree.
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
  if (summary === preview) return summary === '' ? null : <SummarySegment text={summary} />
  return (
    <>
      {summary !== '' && <SegmentWrap data-m="c"><SummarySegment text={summary} /></SegmentWrap>}
      {preview !== '' && <SegmentWrap data-m="n"><SummarySegment text={preview} /></SegmentWrap>}
    </>
  )
}
