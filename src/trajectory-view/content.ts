/**
 * What a ledger row says (trajectory.md §3.2, the client's `recordDisplayText`): the content cell, the
 * result after `→` for a tool, the list text the row's name and the search use, and the kind tag.
 * - an assistant record with no text and no reasoning that calls tools reads "(tool call only)", muted;
 * - a `run_code` call shows `run_code` and its program's description;
 * - any other call shows its tool name and the preview of its raw arguments;
 * - everything else: its labels (dsh's own words, translated) and text, then its preview; else the preview
 *   of its input, output or reasoning; else `—`;
 * - a call's result: the error code (red), "No output" (muted), or the preview of its first text block.
 */
import { previewText } from '../trajectory'
import type { RecordKind, TrajectoryLabel, TrajectoryRecord } from '../trajectory/model'
import { DASH } from './format'
import type { TrajectoryKey, TrajectoryWords } from './strings'
import type { ContentModel, ResultModel } from './types'
import { plainText } from '../cards/plain-text'

const KIND_KEYS: Record<RecordKind, TrajectoryKey> = {
  system: 'kind.system',
  user: 'kind.user',
  context: 'kind.context',
  compacted: 'kind.compacted',
  message: 'kind.assistant',
  tool: 'kind.tool',
  subtool: 'kind.subtool',
}

export function kindLabel(kind: RecordKind, words: TrajectoryWords): string {
  return words.t(KIND_KEYS[kind])
}

/** A model label in the page's language (labels are keys of the Trajectory dictionary, never words). */
export function labelText(label: TrajectoryLabel, words: TrajectoryWords): string {
  return words.t(label.key, label.values)
}

/** The labels of a record in the page's language, `·`-joined (an attachment row: `Images ×2 · Files ×1`). */
function labelsText(labels: readonly TrajectoryLabel[], words: TrajectoryWords): string {
  return labels.map((l) => labelText(l, words)).join(' · ')
}

const isToolCallOnly = (record: TrajectoryRecord) => record.kind === 'message' && record.labels.some((l) => l.key === 'layout.toolCallOnly')

/**
 * The content cell (§3.2), as plain text: terminal escapes and control characters a log's text or tool
 * output holds are left out, as on every plain-text surface of the Chat (src/cards/plain-text.ts).
 */
export function contentOf(record: TrajectoryRecord, words: TrajectoryWords): ContentModel {
  // rawContentOf's model is always a new object: its text is made plain in place.
  const content = rawContentOf(record, words)
  if (content.kind !== 'empty') content.text = plainText(content.text)
  return content
}

function rawContentOf(record: TrajectoryRecord, words: TrajectoryWords): ContentModel {
  if (record.requestOnly) return { kind: 'empty' }
  if (isToolCallOnly(record)) return { kind: 'muted', text: words.t('record.toolCallOnly') }
  if ((record.kind === 'tool' || record.kind === 'subtool') && record.toolName !== undefined) {
    if (record.program !== undefined) return { kind: 'tool', name: record.toolName, text: record.program.description, program: true }
    return { kind: 'tool', name: record.toolName, text: record.preview ?? '', program: false }
  }
  const head = [labelsText(record.labels, words), record.text].filter((t) => t !== '').join(' · ')
  const preview = record.preview ?? ''
  const text = head !== '' && preview !== '' ? `${head} · ${preview}` : head !== '' ? head : preview
  if (text !== '') return { kind: 'text', text }
  const detail = record.inputDetail ?? record.outputDetail ?? record.reasoningDetail ?? ''
  const fallback = detail === '' ? '' : previewText(detail)
  return fallback === '' ? { kind: 'muted', text: DASH } : { kind: 'text', text: fallback }
}

/** The result after `→` (tools only; null without a result), as plain text (see contentOf). */
export function resultOf(record: TrajectoryRecord, words: TrajectoryWords): ResultModel | null {
  const result = rawResultOf(record, words)
  if (result !== null) result.text = plainText(result.text)
  return result
}

function rawResultOf(record: TrajectoryRecord, words: TrajectoryWords): ResultModel | null {
  const result = record.result
  if (result === undefined || (record.kind !== 'tool' && record.kind !== 'subtool') || record.toolName === undefined) return null
  if (result.isError) return result.text === '' ? { text: labelsText(result.labels, words), tone: 'error', verbatim: false } : { text: result.text, tone: 'error', verbatim: true }
  if (result.preview !== undefined && result.preview !== '') return { text: result.preview, tone: null, verbatim: true }
  const labels = labelsText(result.labels, words)
  const muted = result.labels.some((l) => l.key === 'record.noOutput')
  return { text: labels === '' ? result.text : labels, tone: muted ? 'muted' : null, verbatim: labels === '' }
}

/** The row's list text: the content as one line (`name preview`, tools joined by a space). */
export function listText(content: ContentModel): string {
  switch (content.kind) {
    case 'empty':
      return ''
    case 'muted':
    case 'text':
      return content.text
    case 'tool':
      return content.text === '' ? content.name : `${content.name} ${content.text}`
  }
}

/** The cell's title: `{list text} → {result}`. */
export function titleOf(content: ContentModel, result: ResultModel | null): string {
  const list = listText(content)
  return result === null ? list : `${list} → ${result.text}`
}
