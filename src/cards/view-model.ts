/**
 * The whole Chat page as props: `viewModel(conversation, ctx)` turns every conversation node into ready
 * rows (cards.md §3), section by section, in the conversation's order. Tool trees go through
 * `toolRowModel`; everything else is formatted here. Text stays text: markdown is passed through as
 * source for the site's sanitising pass, unknown blocks and raw events as JSON.
 */
import { plainText } from './plain-text'
import type { ContentBlock } from '../log/events/schema'
import type {
  AssistantBlock, AssistantNode, AttemptNode, ChatNode, CompactionNode, Conversation, RetryNode, Section,
  TurnTailNode,
} from '../conversation/model'
import type {
  CardContext, ImageRef, PageRow, PageSection, PageViewModel, ThinkRow, MarkdownRow, ImageGroupRow,
  UnknownBlockRow, TurnTailRow, Locale,
} from './types'
import { asString, finiteNumber, isObject, textOf } from './narrow'
import { strings, type Dictionary } from './strings'
import { formatDuration, formatRate, timeLabel } from './format'
import { deliverablesModel } from './deliverables'
import { deliveredModel } from './delivered'
import { reasonText } from './reasons'
import { turnUsageModel } from './turn-usage'
import { mentionTargets } from './mentions'
import { toolRowModel } from './tool-row'
import { turnLayout, type NodeRows } from './turn-layout'
import { turnStrings } from './turn-strings'

type BlockRow = ThinkRow | MarkdownRow | ImageGroupRow | UnknownBlockRow

/** Text blocks joined with a blank line, as the conversation model joins user text. */
function joinText(content: readonly ContentBlock[]): string {
  return content.flatMap(b => { const t = textOf(b); return t === null ? [] : [t] }).join('\n\n')
}

function imageRef(block: ContentBlock, alt: string): ImageRef | null {
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
    alt: name ?? mediaType ?? alt,
  }
}

const images = (content: readonly ContentBlock[], t: Dictionary): ImageRef[] =>
  content.flatMap(b => { const r = imageRef(b, t.imageAlt); return r === null ? [] : [r] })

/**
 * The newer client's Think preview (cards-current.md §7): the reasoning's first line with every `**` removed;
 * while streaming, the model's own running summary. `''` when the first line is empty.
 */
function thinkPreview(text: string, summary: string, running: boolean): string {
  if (running) return plainText(summary)
  const newline = text.indexOf('\n')
  return plainText(newline === -1 ? text : text.slice(0, newline)).split('**').join('').trim()
}

/** `HH:MM` of a time (UTC, like every clock on a static page), with its ISO form. */
function clockOf(ms: number | null): { iso: string; label: string } | null {
  const label = timeLabel(ms)
  return label === null ? null : { iso: label.iso, label: label.label.slice(11, 16) }
}

function blockRows(key: string, blocks: readonly AssistantBlock[], streaming: boolean, t: Dictionary): BlockRow[] {
  return blocks.map((block, i): BlockRow => {
    const k = `${key}:${i}`
    switch (block.type) {
      case 'think': {
        const running = streaming && i === blocks.length - 1
        // Reasoning and answers are text, not terminal output: escapes would show as garbage (plain-text.ts).
        return { kind: 'think', key: k, title: t.think, summary: plainText(block.summary), text: plainText(block.text), running,
          hiddenStatus: running ? t.rowRunning : null, preview: thinkPreview(block.text, block.summary, running) }
      }
      case 'markdown':
        return { kind: 'markdown', key: k, text: plainText(block.text), html: null }
      case 'images':
        return { kind: 'images', key: k, images: images(block.images, t) }
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

function retryRow(node: RetryNode, t: Dictionary, locale: Locale): PageRow {
  const parts = [node.failure?.message ?? null, node.delayMs === null ? null : t.retryDelay(formatDuration(node.delayMs, locale))]
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

/** The closing reply's text (its Markdown blocks, as written) and time, for the tail's Copy and clock. */
interface Closing { text: string; time: number | null }

function turnTail(node: TurnTailNode, closing: Closing | null, t: Dictionary, ctx: CardContext): TurnTailRow {
  const closingTime = closing?.time ?? null
  const timing = node.closingMessageSeq === null ? null : {
    time: timeLabel(closingTime),
    ranFor: node.durationMs === null ? null : t.ranFor(formatDuration(node.durationMs, ctx.locale)),
    ttft: node.ttftMs === null ? null : t.ttft(formatDuration(node.ttftMs, ctx.locale)),
    throughput: node.tokensPerSecond === null ? null : t.tokensPerSecond(formatRate(node.tokensPerSecond)),
  }
  const error = node.error === null ? null : [node.error.code, node.error.message].filter((s): s is string => !!s).join(': ')
  const tt = turnStrings(ctx.locale)
  const notice = node.endReason === 'error' ? { text: tt.turnFailed, hint: null, kind: 'error' as const }
    : node.endReason === 'max-tokens' || node.endReason === 'max_tokens' ? { text: tt.maxTokens, hint: tt.maxTokensHint, kind: 'max-tokens' as const }
    : null
  // Escapes in the reply would be garbage on the clipboard (and are never shown): copied as plain text.
  const reply = closing === null ? null : { copy: { label: t.copy, copiedLabel: t.copied, text: plainText(closing.text) }, clock: clockOf(closing.time) }
  const delivered = deliveredModel(node.key, node.delivered, ctx.locale)
  // The usage button needs the action row, i.e. a closing reply (cards-current.md §8.1); the key is left out when absent.
  const usage = timing === null ? null : turnUsageModel(node.exactUsage, ctx.locale)
  return { kind: 'turn-tail', key: node.key, turn: node.turn, timing, error: error === '' ? null : error,
    deliverables: deliverablesModel(node.deliverables, ctx.locale), reply, notice, ...(delivered !== null ? { delivered } : {}),
    ...(usage === null ? {} : { usage }) }
}

function triggerModel(kind: string, provider: unknown, time: number | null, ctx: CardContext) {
  const t = turnStrings(ctx.locale)
  return { title: t.trigger(kind, typeof provider === 'string' ? provider : null), clock: clockOf(time), explanation: t.triggerExplanation }
}

/** The rows one conversation node becomes (none, one, or one per assistant block). `siblings` lets a turn
 *  tail find its closing message's time. */
export function nodeRows(node: ChatNode, ctx: CardContext, siblings: readonly ChatNode[] = []): PageRow[] {
  const t = strings(ctx.locale)
  switch (node.kind) {
    case 'user':
    case 'steering':
      return [{ kind: 'user', key: node.key, text: node.text, images: images(node.content, t), role: node.kind,
        time: timeLabel(node.time), copy: { label: t.copy, copiedLabel: t.copied, text: node.text } }]
    case 'context':
      return [{ kind: 'context', key: node.key, label: node.title === 'recall' ? t.contextRecall : t.contextInjection,
        producer: node.label, notice: node.summary, text: joinText(node.content),
        trigger: node.trigger === true ? triggerModel(node.sourceKind, node.source.provider, node.time, ctx) : null }]
    case 'system':
      return [{ kind: 'system', key: node.key, label: t.systemPrompt, text: joinText(node.content) }]
    case 'assistant':
      return assistantRows(node, t)
    case 'attempt':
      return [attemptRow(node, t)]
    case 'retry':
      return [retryRow(node, t, ctx.locale)]
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
      const empty = (tail: TurnTailRow) =>
        tail.timing === null && tail.error === null && tail.deliverables === null && tail.notice === null && (tail.delivered ?? null) === null
      if (closing?.kind !== 'assistant') {
        const tail = turnTail(node, null, t, ctx)
        return empty(tail) ? [] : [tail]
      }
      const markdown = closing.blocks.flatMap(b => (b.type === 'markdown' ? [b.text] : []))
      const tail = turnTail(node, { text: markdown.join('\n\n'), time: closing.time }, t, ctx)
      return empty(tail) ? [] : [tail]
    }
    case 'raw':
      return node.rawKind === 'invalid'
        ? [invalidLineRow(node, t, ctx.locale)]
        : [{ kind: 'raw-event', key: node.key, type: node.type, seq: node.seq, line: node.line, reason: reasonText(node.reason, ctx.locale),
            json: JSON.stringify(node.data, null, 2) ?? 'undefined', label: t.unknownEvent, lineLabel: t.logLine(node.line) }]
  }
}

/**
 * An unreadable line's row; a run of them (src/log/damage/invalid-runs.ts) is one row named by its count and range,
 * the first line's reason and text, then the next few lines' own.
 */
function invalidLineRow(node: Extract<ChatNode, { kind: 'raw' }>, t: Dictionary, locale: Locale): PageRow {
  const row = { kind: 'invalid-line' as const, key: node.key, line: node.line, reason: reasonText(node.reason, locale), text: node.text ?? '' }
  const run = node.run
  if (run === undefined) return { ...row, label: t.unreadableLine, lineLabel: t.logLine(node.line) }
  return {
    ...row, label: t.unreadableLines(run.count), lineLabel: t.logLine(node.line),
    run: { count: run.count, lastLine: run.lastLine, rangeLabel: t.logLines(node.line, run.lastLine), more: run.more.map(m => ({ line: m.line, lineLabel: t.logLine(m.line), reason: reasonText(m.reason, locale), text: m.text })) },
  }
}

/** Labels of a session-reference context (distinct, non-empty, first-seen order); empty when it has none. */
function referenceLabels(node: ChatNode): string[] {
  if (node.kind !== 'context' || node.sourceKind !== 'session-reference') return []
  const refs = node.source.references
  if (!Array.isArray(refs)) return []
  const labels: string[] = []
  for (const r of refs) {
    const label = isObject(r) ? asString(r.label) : null
    if (label !== null && label !== '' && !labels.includes(label)) labels.push(label)
  }
  return labels
}

/** A session reference right after a user message decorates that message's bubble (cards-current.md §4.2). */
function withReferences(parts: NodeRows[], ctx: CardContext): NodeRows[] {
  return parts.map((part, i) => {
    const next = parts[i + 1]
    const row = part.rows[0]
    if (next === undefined || row?.kind !== 'user') return part
    const labels = referenceLabels(next.node)
    const t = turnStrings(ctx.locale)
    return labels.length === 0 ? part : { ...part, rows: [{ ...row, references: t.referenced(labels.join(t.listSeparator)) }, ...part.rows.slice(1)] }
  })
}

/** The closing reply's Markdown rows carry the files its inline code may name (cards-current.md §8.3). */
function withMentions(parts: NodeRows[], nodes: readonly ChatNode[]): NodeRows[] {
  const tail = nodes.find((n): n is TurnTailNode => n.kind === 'turn-tail') ?? null
  const closing = tail?.closingMessageSeq ?? null
  if (tail === null || closing === null) return parts
  const targets = mentionTargets(nodes, tail, closing)
  if (!targets.some(t => t.row !== null)) return parts
  return parts.map(part => (part.node.kind !== 'assistant' || part.node.seq !== closing ? part
    : { ...part, rows: part.rows.map(row => (row.kind === 'markdown' ? { ...row, mentions: targets } : row)) }))
}

function section(s: Section, ctx: CardContext): PageSection {
  const parts: NodeRows[] = withMentions(withReferences(s.nodes.map(node => ({ node, rows: nodeRows(node, ctx, s.nodes) })), ctx), s.nodes)
  const layout = turnLayout(s, parts, ctx.locale)
  return {
    key: s.key,
    turn: s.turn,
    label: s.turn === null ? null : strings(ctx.locale).turn(s.turn),
    inherited: s.inherited,
    rows: parts.flatMap(p => p.rows),
    process: layout.process,
    placements: layout.placements,
  }
}

/** The page's view model: every section's rows, in Chat order. */
export function viewModel(conversation: Conversation, ctx: CardContext): PageViewModel {
  const feed = sectionFeed(conversation, ctx)
  return { locale: ctx.locale, sections: Array.from({ length: feed.count }, (_, i) => feed.at(i)) }
}

/**
 * The view model one section at a time, for a renderer that lets each section go once it is on disk (the
 * static build of a big session): `at(i)` is `viewModel(conversation, ctx).sections[i]`, and the feed drops
 * its hold on conversation section `i` as it hands it out, so each is asked for once, in any order.
 */
export function sectionFeed(conversation: Conversation, ctx: CardContext): { locale: Locale; count: number; at(i: number): PageSection } {
  const full = fullContext(conversation, ctx)
  const sections: (Section | undefined)[] = [...conversation.sections]
  // Each section's `turn-N` anchor, decided in order now (it depends on the sections before it).
  const anchors = turnAnchors(conversation.sections)
  return {
    locale: ctx.locale,
    count: sections.length,
    at(i) {
      const s = sections[i]
      if (s === undefined) throw new RangeError(`sectionFeed: section ${i} was handed out already or does not exist`)
      sections[i] = undefined
      return { ...section(s, full), anchor: anchors[i] ?? null }
    },
  }
}

/** `turnAnchors` one section at a time. */
export class TurnAnchors {
  readonly #taken = new Set<number>()
  next(s: Section): string | null {
    const anchor = s.turn === null || this.#taken.has(s.turn) ? null : `turn-${s.turn}`
    if (s.turn !== null) this.#taken.add(s.turn)
    return anchor
  }
}

/**
 * Each section's `turn-N` anchor: once per number, on the first section that has it (a damaged log may
 * repeat a number); null for the others. The prompt list links the same anchors (src/site/render/prompts.ts).
 */
export function turnAnchors(sections: readonly Section[]): (string | null)[] {
  const anchors = new TurnAnchors()
  return sections.map(s => anchors.next(s))
}

// The to-do diff reads the session's earlier lists (cards-current.md §11.9).
// A conversation without the field has no `todo/write` event: the history is known and empty.
const fullContext = (conversation: Conversation, ctx: CardContext): CardContext =>
  ctx.todoWrites === undefined ? { ...ctx, todoWrites: conversation.todoWrites ?? [] } : ctx
