/**
 * Assistant content: the chunk fold (streamed deltas into a sparse block array by `index`) and the mapping
 * from content blocks to visible Chat blocks (cards.md §3.4). `assistant/message` content is the final
 * truth; the fold only matters for live streaming, the interrupted fallback, failed attempts and timing.
 */
import type { ContentBlock, StreamChunk } from '../log/events/schema'
import type { AssistantBlock } from './model'
import { failureOf, num, prop, str } from './narrow'

const NON_BLANK = /\S/

/** No non-whitespace character (a regex scan stops early and allocates nothing, unlike `trim()`). */
export const isBlank = (text: string): boolean => !NON_BLANK.test(text)

/**
 * First non-empty line (settled Think row) or last non-empty line (while streaming), trimmed. Scans line
 * by line from the relevant end: reasoning can be long and only one line is needed.
 */
export function thinkSummary(text: string, streaming: boolean): string {
  if (streaming) {
    let end = text.length
    while (end > 0) {
      const start = text.lastIndexOf('\n', end - 1) + 1
      const line = text.slice(start, end)
      if (!isBlank(line)) return line.trim()
      end = start - 1
    }
    return ''
  }
  let start = 0
  while (start <= text.length) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    const line = text.slice(start, end)
    if (!isBlank(line)) return line.trim()
    if (newline === -1) break
    start = newline + 1
  }
  return ''
}

function blockText(block: ContentBlock): string | null {
  return str(block.text)
}

/** Visible blocks in message order; tool-call and blank text/reasoning blocks render nothing. */
export function toAssistantBlocks(content: readonly ContentBlock[], streaming = false): AssistantBlock[] {
  return visibleBlocks(content, streaming).blocks
}

/**
 * `toAssistantBlocks` with, for each visible block, the index in `content` of the block it starts at
 * (`sources[i]`; an image group starts at its first image): what a stream's block `index` maps onto
 * (src/replay times each row by the deltas of its content block).
 */
export function visibleBlocks(content: readonly ContentBlock[], streaming = false): { blocks: AssistantBlock[]; sources: number[] } {
  const out: AssistantBlock[] = []
  const sources: number[] = []
  const push = (block: AssistantBlock, source: number) => {
    out.push(block)
    sources.push(source)
  }
  content.forEach((block, i) => {
    switch (block.type) {
      case 'reasoning': {
        const text = blockText(block) ?? ''
        if (!isBlank(text)) push({ type: 'think', text, summary: thinkSummary(text, streaming) }, i)
        break
      }
      case 'text': {
        const text = blockText(block) ?? ''
        if (!isBlank(text)) push({ type: 'markdown', text }, i)
        break
      }
      case 'image': {
        const last = out[out.length - 1]
        if (last?.type === 'images') last.images.push(block)
        else push({ type: 'images', images: [block] }, i)
        break
      }
      case 'tool-call':
        break
      default:
        push({ type: 'unknown', block }, i)
    }
  })
  return { blocks: out, sources }
}

/** A block being streamed. Text pieces are joined lazily so a long stream costs one push per delta. */
interface OpenBlock {
  type: string
  pieces: string[]
  id: string | null
  name: string | null
  /** The assembled block from `block-end`; wins over the pieces. */
  final: ContentBlock | null
}

/** What the timing lines need from a stream (times are epoch ms; null when the log has none). */
export interface StreamTiming {
  firstChunkTime: number | null
  firstTokenTime: number | null
  lastChunkTime: number | null
}

export function emptyTiming(): StreamTiming {
  return { firstChunkTime: null, firstTokenTime: null, lastChunkTime: null }
}

/** The finish chunk's reason, when a stream ended in a failure. */
export interface FinishInfo {
  kind: string | null
  failure: { message: string | null; code: string | null } | null
}

export class ChunkFold {
  #blocks: (OpenBlock | undefined)[] = []
  /** True once a delta or block made the fold visible (text, reasoning, image or unknown). */
  visible = false
  finish: FinishInfo | null = null
  usage: Record<string, unknown> | null = null

  /** Folds one chunk; returns true when this chunk made the fold visible for the first time. */
  apply(chunk: StreamChunk): boolean {
    const index = num(chunk.index)
    switch (chunk.type) {
      case 'block-start': {
        if (index === null || index < 0) return false
        const type = str(chunk.blockType) ?? 'unknown'
        this.#blocks[index] = { type, pieces: [], id: null, name: null, final: null }
        return type !== 'text' && type !== 'reasoning' && type !== 'tool-call' && this.#see()
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const text = str(chunk.text)
        if (index === null || index < 0 || text === null) return false
        const block = this.#open(index, chunk.type === 'text-delta' ? 'text' : 'reasoning')
        block.pieces.push(text)
        return !isBlank(text) && this.#see()
      }
      case 'tool-call-delta': {
        if (index === null || index < 0) return false
        const block = this.#open(index, 'tool-call')
        block.id ??= str(chunk.id)
        block.name = str(chunk.name) ?? block.name
        const delta = str(chunk.argumentsDelta)
        if (delta !== null) block.pieces.push(delta)
        return false
      }
      case 'block-end': {
        const final = prop(chunk, 'block')
        if (index === null || index < 0 || typeof final !== 'object' || final === null) return false
        const type = str(prop(final, 'type'))
        if (type === null) return false
        const block = this.#open(index, type)
        block.final = { ...final, type }
        return this.#visibleBlock(block.final) && this.#see()
      }
      case 'usage': {
        const usage = prop(chunk, 'usage')
        if (typeof usage === 'object' && usage !== null && !Array.isArray(usage)) this.usage = { ...usage }
        return false
      }
      case 'finish': {
        const reason = prop(chunk, 'reason')
        this.finish = { kind: str(prop(reason, 'kind')), failure: failureOf(prop(reason, 'failure')) }
        return false
      }
      default:
        return false
    }
  }

  /** `llm/retry`: the retried attempt streams afresh. */
  reset(): void {
    this.#blocks = []
    this.visible = false
    this.finish = null
    this.usage = null
  }

  /** The blocks assembled so far, in index order (sparse holes skipped). */
  content(): ContentBlock[] {
    const out: ContentBlock[] = []
    for (const block of this.#blocks) {
      if (block === undefined) continue
      if (block.final !== null) out.push(block.final)
      else if (block.type === 'tool-call')
        out.push({ type: 'tool-call', id: block.id ?? '', name: block.name ?? '', arguments: block.pieces.join('') })
      else if (block.type === 'text' || block.type === 'reasoning') out.push({ type: block.type, text: block.pieces.join('') })
      else out.push({ type: block.type })
    }
    return out
  }

  /**
   * Chunk evidence for a synthetic interruption at a closed boundary (cards.md §3.4): any non-blank
   * text/reasoning, or any block that is not text.
   */
  hasInterruptionEvidence(): boolean {
    for (const block of this.content()) {
      if (block.type === 'text' || block.type === 'reasoning') {
        if (!isBlank(str(block.text) ?? '')) return true
      } else return true
    }
    return false
  }

  #see(): boolean {
    if (this.visible) return false
    this.visible = true
    return true
  }

  #open(index: number, type: string): OpenBlock {
    let block = this.#blocks[index]
    if (block === undefined) {
      block = { type, pieces: [], id: null, name: null, final: null }
      this.#blocks[index] = block
    }
    return block
  }

  #visibleBlock(block: ContentBlock): boolean {
    if (block.type === 'tool-call') return false
    if (block.type === 'text' || block.type === 'reasoning') return !isBlank(str(block.text) ?? '')
    return true
  }
}

/** Updates stream timing with one chunk's time (first chunk, first non-empty token, last chunk). */
export function noteTiming(timing: StreamTiming, chunk: StreamChunk, time: number | null): void {
  // Fixtures write 0 where the clock was stripped; no real chunk is stamped at the epoch.
  if (time === null || time <= 0) return
  timing.firstChunkTime ??= time
  timing.lastChunkTime = time
  if (timing.firstTokenTime === null && (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta')) {
    const text = str(chunk.text)
    if (text !== null && text !== '') timing.firstTokenTime = time
  }
}
