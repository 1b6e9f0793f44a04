/**
 * The whole Chat page as props: `viewModel(conversation, ctx)` turns every conversation node into ready
 * rows (cards.md §3), section by section, in the conversation's order. Tool trees go through
 * `toolRowModel`; everything else is formatted here. Text stays text: markdown is passed through as
 * source for the site's sanitising pass, unknown blocks and raw events as JSON.
 */
import type { ContentBlock } from '../log/schema'
import type {
  AssistantBlock, AssistantNode, AttemptNode, ChatNode, CompactionNode, Conversation, RetryNode, Section,
  TurnTailNode,
} from '../conversation/model'
import type {
  CardContext, ImageRef, PageRow, PageSection, PageViewModel, ThinkRow, MarkdownRow, ImageGroupRow,
  UnknownBlockRow, TurnTailRow,
} from './types'
import { asString, finiteNumber, isObject, textOf } from './narrow'
import { FIXED, strings, type Dictionary } from './strings'
import { formatDuration, formatRate, timeLabel } from './format'
import { deliverablesModel } from './deliverables'
import { turnUsageModel } from './turn-usage'
import { toolRowModel } from './tool-row'

type BlockRow = ThinkRow | MarkdownRow | ImageGroupRow | UnknownBlockRow

/** Text blocks joined with a blank line, as the conversation model joins user text. */
function joinText(content: readonly ContentBlock[]): string {
  return content.flatMap(b => { const t = textOf(b); return t === null ? [] : [t] }).join('\n\n')
}

function imageRef(block: ContentBlock): ImageRef | null {
  if (block.type !== 'image') return null
  const a = isObject(block.attachment) ? block.attachment : {}
  const name = asString(a.name)
  const mediaType = asString(a.mediaType)
  return {
    attachmentId: asString(a.attachmentId),
    mediaType,
    width: finiteNumber(a.width),
    height: finiteNumber(a.height),
    name,
    alt: name ?? mediaType ?? 'image',
  }
}

const images = (content: readonly ContentBlock[]): ImageRef[] =>
  content.flatMap(b => { const r = imageRef(b); return r === null ? [] : [r] })

function blockRows(key: string, blocks: readonly AssistantBlock[], streaming: boolean, t: Dictionary): BlockRow[] {
  return blocks.map((block, i): BlockRow => {
    const k = `${key}:${i}`
    switch (block.type) {
      case 'think': {
        const running = streaming && i === blocks.length - 1
        return { kind: 'think', key: k, title: FIXED.think, summary: block.summary, text: block.text, running,
          hiddenStatus: running ? t.rowRunning : null }
      }
      case 'markdown':
        return { kind: 'markdown', key: k, text: block.text, html: null }
      case 'images':
        return { kind: 'images', key: k, images: images(block.images) }
      case 'unknown':
        return { kind: 'unknown-block', key: k, label: t.unknownBlock, json: JSON.stringify(block.block, null, 2) }
    }
  })
}

function assistantRows(node: AssistantNode, t: Dictionary): PageRow[] {
  const rows: PageRow[] = blockRows(node.key, node.blocks, node.status === 'streaming', t)
  if (node.status === 'interrupted') rows.push({ kind: 'stopped', key: `${node.key}:stopped`, label: t.stopped })
  return rows
}

function attemptRow(node: AttemptNode, t: Dictionary): PageRow {
  const detail = [node.failure?.code, node.failure?.message].filter((s): s is string => !!s).join(': ')
  return { kind: 'attempt', key: node.key, label: t.attemptFailed, detail: detail === '' ? null : detail,
    blocks: blockRows(node.key, node.blocks, false, t) }
}

function retryRow(node: RetryNode, t: Dictionary): PageRow {
  const parts = [node.failure?.message ?? null, node.delayMs === null ? null : t.retryDelay(formatDuration(node.delayMs))]
  const detail = parts.filter((s): s is string => !!s).join(' · ')
  return { kind: 'retry', key: node.key, label: t.retry(node.retry, node.maxRetries), detail: detail === '' ? null : detail }
}

function compactionRow(node: CompactionNode, t: Dictionary): PageRow {
  const label = node.status === 'running' ? t.compactionRunning : node.status === 'failed' ? t.compactionFailed
    : node.mode === 'prune' ? t.prune : t.compaction
  const detail = node.error?.message ?? node.error?.code ?? null
  return { kind: 'compaction', key: node.key, label, summary: node.summary === null ? null : joinText(node.summary),
    status: node.status, detail }
}

function turnTail(node: TurnTailNode, closingTime: number | null, t: Dictionary, ctx: CardContext): TurnTailRow {
  const timing = node.closingMessageSeq === null ? null : {
    time: timeLabel(closingTime),
    ranFor: node.durationMs === null ? null : t.ranFor(formatDuration(node.durationMs)),
    ttft: node.ttftMs === null ? null : t.ttft(formatDuration(node.ttftMs)),
    throughput: node.tokensPerSecond === null ? null : t.tokensPerSecond(formatRate(node.tokensPerSecond)),
  }
  const error = node.error === null ? null : [node.error.code, node.error.message].filter((s): s is string => !!s).join(': ')
  // The usage button needs the action row, i.e. a closing reply (cards-current.md §8.1); the key is left out when absent.
  const usage = timing === null ? null : turnUsageModel(node.exactUsage, ctx.locale)
  return { kind: 'turn-tail', key: node.key, turn: node.turn, timing, error: error === '' ? null : error,
    deliverables: deliverablesModel(node.deliverables, ctx.locale), ...(usage === null ? {} : { usage }) }
}

/** The rows one conversation node becomes (none, one, or one per assistant block). `siblings` lets a turn
 *  tail find its closing message's time. */
export function nodeRows(node: ChatNode, ctx: CardContext, siblings: readonly ChatNode[] = []): PageRow[] {
  const t = strings(ctx.locale)
  switch (node.kind) {
    case 'user':
    case 'steering':
      return [{ kind: 'user', key: node.key, text: node.text, images: images(node.content), role: node.kind,
        time: timeLabel(node.time), copy: { label: t.copy, copiedLabel: t.copied, text: node.text } }]
    case 'context':
      return [{ kind: 'context', key: node.key, label: node.title === 'recall' ? t.contextRecall : t.contextInjection,
        producer: node.label, notice: node.summary, text: joinText(node.content) }]
    case 'system':
      return [{ kind: 'system', key: node.key, label: t.systemPrompt, text: joinText(node.content) }]
    case 'assistant':
      return assistantRows(node, t)
    case 'attempt':
      return [attemptRow(node, t)]
    case 'retry':
      return [retryRow(node, t)]
    case 'tool':
      return [toolRowModel(node.call, ctx, 0, node.key)]
    case 'command':
      return [{ kind: 'command', key: node.key, text: `/${node.name}${node.args ?? ''}`, status: node.status,
        statusLabel: node.status === 'running' ? t.commandRunning : node.status === 'success' ? t.commandSucceeded : t.commandFailed, output: node.text }]
    case 'compaction':
      return [compactionRow(node, t)]
    case 'replacement':
      return [{ kind: 'replacement', key: node.key, label: t.replacement }]
    case 'turn-tail': {
      const closing = siblings.find(n => n.kind === 'assistant' && n.seq !== null && n.seq === node.closingMessageSeq)
      const tail = turnTail(node, closing?.kind === 'assistant' ? closing.time : null, t, ctx)
      return tail.timing === null && tail.error === null && tail.deliverables === null ? [] : [tail]
    }
    case 'raw':
      return node.rawKind === 'invalid'
        ? [{ kind: 'invalid-line', key: node.key, line: node.line, reason: node.reason, text: node.text ?? '',
            label: t.unreadableLine, lineLabel: t.logLine(node.line) }]
        : [{ kind: 'raw-event', key: node.key, type: node.type, seq: node.seq, line: node.line, reason: node.reason,
            json: JSON.stringify(node.data, null, 2) ?? 'undefined', label: t.unknownEvent, lineLabel: t.logLine(node.line) }]
  }
}

function section(s: Section, ctx: CardContext): PageSection {
  return {
    key: s.key,
    turn: s.turn,
    label: s.turn === null ? null : strings(ctx.locale).turn(s.turn),
    inherited: s.inherited,
    rows: s.nodes.flatMap(node => nodeRows(node, ctx, s.nodes)),
  }
}

/** The page's view model: every section's rows, in Chat order. */
export function viewModel(conversation: Conversation, ctx: CardContext): PageViewModel {
  return { locale: ctx.locale, sections: conversation.sections.map(s => section(s, ctx)) }
}
