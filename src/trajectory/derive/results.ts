/**
 * A tool call's result as the ledger and inspector show it (trajectory.md §4.6, `summarizeResult` and
 * `detailResult`): the row's result text — the error code for an error, else the first non-empty text
 * block (as a preview), else "Images ×{n}", else "No output" — and the detail: `{name}: {code}` for an
 * error, else every text block joined by newlines, else "Images ×{n}", else "No output" for no or only
 * empty text content, else the content as JSON.
 */
import type { ContentBlock } from '../../log/events/schema'
import type { CallResult } from '../fold/tools'
import type { TrajectoryLabel, TrajectoryResult } from '../model'
import { count, firstText, joined, textOf } from './blocks'
import { plainConstructor } from './plain-objects'
import { previewText } from './preview'

/**
 * The labels of a record or result that has none: one shared, frozen array rather than an empty one per
 * record (50,000 records of a 100 MB log). A record that gets labels gets an array of its own.
 */
export const NO_LABELS: TrajectoryLabel[] = Object.freeze([]) as unknown as TrajectoryLabel[]

/** Made only for a result that shows it (most have no image). */
const imagesLabel = (count: number): TrajectoryLabel => ({ key: 'layout.imageCount', values: { count } })

/** A result's fields that every result has; the preview and error are set later (./plain-objects.ts). */
function resultObject(this: TrajectoryResult, blocks: ContentBlock[], isError: boolean, interrupted: boolean): void {
  this.text = ''
  this.labels = NO_LABELS
  this.detail = ''
  this.detailLabels = NO_LABELS
  this.blocks = blocks
  this.isError = isError
  this.interrupted = interrupted
}
const ResultObject = plainConstructor(resultObject)

export function resultView(result: CallResult): TrajectoryResult {
  const out = new ResultObject(result.content, result.isError, result.interrupted)
  if (result.error !== undefined) out.error = result.error
  const images = count(result.content, 'image')
  // Row text.
  if (result.isError) out.text = result.error?.code ?? 'error'
  else {
    const first = firstText(result.content, true)
    if (first !== null) out.preview = previewText(first)
    else if (images > 0) out.labels = [imagesLabel(images)]
    else out.labels = [{ key: 'record.noOutput' }]
  }
  // Detail.
  if (result.isError) out.detail = result.error === undefined ? 'error' : `${result.error.name}: ${result.error.code}`
  else {
    const texts = joined(result.content, textOf, '\n')
    if (texts !== '') out.detail = texts
    else if (images > 0) out.detailLabels = [imagesLabel(images)]
    else if (result.content.length === 0 || result.content.every((block) => block.type === 'text' && (textOf(block) ?? '') === '')) out.detailLabels = [{ key: 'record.noOutput' }]
    else out.detail = JSON.stringify(result.content, null, 2)
  }
  return out
}
