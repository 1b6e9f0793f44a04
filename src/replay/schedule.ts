/**
 * The replay schedule of one session (issue 30): every row of its pages — by the row's key, the element id
 * the page gives it — with when it appeared, as the log tells it. Made once from the conversation model
 * (which holds the rows, their keys and most clocks) and the replay timing fold (./timing.ts: the streams'
 * arrival curves and the boundary clocks the model keeps only seqs of), before the model is handed to the
 * renderer. Items are in chat order, which is the pages' order; their times are made monotone in that
 * order (a clock that steps back, or an event without one, takes the time of the item before it), so the
 * page reveals rows in the order it shows them.
 *
 * Kinds: a `section` (a turn, or the stretch between turns) appears at its start; a `row` appears at once;
 * a `text` row (an answer, a Think row) appears with its first delta and grows along its curve until its
 * last; a `work` row (a tool call, a command, a compaction) appears running and settles at its result.
 * Times are milliseconds from the session's first item; a log without clocks gets all zeros and
 * `timed: false` (the player then offers paced timing only, and says why).
 */
import { childRowKey } from '../cards/tool-row'
import type { AssistantBlock, ChatNode, Conversation, ContextNode } from '../conversation/model'
import type { ToolCallNode } from '../conversation/tool-call'
import type { Curve } from './curve'
import { placeTicks, type ChildTick, type Tick } from './progress'
import type { ReplayTiming, StreamTimes } from './timing'

export type ItemKind = 'section' | 'row' | 'text' | 'work'

export interface ScheduleItem {
  /** The row's key: the element id its page gives it. */
  key: string
  kind: ItemKind
  /** Milliseconds from the session's first item: when it appears, and when it ends (≥ t0). */
  t0: number
  t1: number
  /** A `text` item's length in UTF-16 units (what paced timing reads); 0 otherwise. */
  units: number
  /** A `text` item's arrival curve (times from the session's first item); null: shown whole at t0. */
  curve: Curve | null
  /** A failure: a failed tool call, attempt, compaction, a turn that ended in an error. */
  failed: boolean
  /** The item ends its section (a turn's tail): the turn is over when it appears. */
  ends: boolean
  /** Index of its section in `Schedule.sections`. */
  section: number
  /** A subagent call's child progress (./progress.ts), inside [t0, t1]; absent for any other item. */
  ticks?: Tick[]
}

export interface ScheduleSection {
  key: string
  /** Turn number; null for a stretch between turns. */
  turn: number | null
  /** Index of the section's own item. */
  item: number
}

export type ChapterKind = 'turn' | 'compaction' | 'failure' | 'goal' | 'mark'

export interface Chapter {
  kind: ChapterKind
  /** The item it starts at. */
  item: number
  /** A mark's label, a goal's round; null for the others (the page words them). */
  label: string | null
}

export interface Schedule {
  /** The log had clocks: real and compressed timing are possible. */
  timed: boolean
  /** The first item's clock (epoch ms; 0 when untimed): what item times are relative to. */
  start: number
  items: ScheduleItem[]
  sections: ScheduleSection[]
  chapters: Chapter[]
}

/** `--mark "N:Label"`: a chapter at turn N. */
export interface Mark {
  turn: number
  label: string
}

/** An item before its times are made monotone: clocks absolute, null when unknown. */
interface Draft {
  key: string
  kind: ItemKind
  t0: number | null
  t1: number | null
  units: number
  curve: Curve | null
  failed: boolean
  ends: boolean
  /** The child sessions' ticks of a subagent call (absolute clocks). */
  ticks?: readonly ChildTick[]
}

const clock = (time: number | null | undefined): number | null => (typeof time === 'number' && time > 0 ? time : null)

/**
 * `children`: for a parent session, its subagent calls' child progress by call id (the children's own logs,
 * src/replay/progress.ts `childTicks`); each call's card then carries them as `ticks`.
 */
export function buildSchedule(conversation: Conversation, timing: ReplayTiming, marks: readonly Mark[] = [], children: ReadonlyMap<string, readonly ChildTick[]> = new Map()): Schedule {
  const drafts: Draft[] = []
  const owner: number[] = []
  const sections: ScheduleSection[] = []
  const chapters: Chapter[] = []
  const push = (draft: Draft) => {
    owner.push(sections.length - 1)
    drafts.push(draft)
    return drafts.length - 1
  }
  for (const section of conversation.sections) {
    sections.push({ key: section.key, turn: section.turn, item: drafts.length })
    const start = section.turn === null ? null : clock(timing.clocks.get(section.startSeq))
    const end = section.endSeq === null ? null : clock(timing.clocks.get(section.endSeq))
    const sectionItem = push({ key: section.key, kind: 'section', t0: start, t1: end, units: 0, curve: null, failed: false, ends: false })
    if (section.turn !== null) chapters.push({ kind: 'turn', item: sectionItem, label: null })
    let failedHere = false
    for (const node of section.nodes) {
      const first = drafts.length
      nodeItems(node, timing, push, children)
      for (let i = first; i < drafts.length; i++) {
        const draft = drafts[i] as Draft
        if (draft.failed && !failedHere) {
          failedHere = true
          chapters.push({ kind: 'failure', item: i, label: null })
        }
      }
      if (node.kind === 'compaction' && first < drafts.length) chapters.push({ kind: 'compaction', item: first, label: null })
      const round = goalRound(node)
      if (round !== null && first < drafts.length) chapters.push({ kind: 'goal', item: first, label: round })
    }
  }
  for (const mark of marks) {
    const section = sections.find(s => s.turn === mark.turn)
    if (section !== undefined) chapters.push({ kind: 'mark', item: section.item, label: mark.label })
  }
  chapters.sort((a, b) => a.item - b.item || CHAPTER_ORDER.indexOf(a.kind) - CHAPTER_ORDER.indexOf(b.kind))
  return settle(drafts, owner, sections, chapters, timing.timed)
}

const CHAPTER_ORDER: readonly ChapterKind[] = ['turn', 'mark', 'goal', 'compaction', 'failure']

/** A goal round's number, from a goal-round context message (`source.kind: 'goal'`); else null. */
function goalRound(node: ChatNode): string | null {
  if (node.kind !== 'context' || node.sourceKind !== 'goal') return null
  const round = (node as ContextNode).source['round']
  return typeof round === 'number' && Number.isFinite(round) ? String(round) : null
}

type Push = (draft: Draft) => number

const row = (key: string, t0: number | null, failed = false, ends = false): Draft => ({ key, kind: 'row', t0, t1: null, units: 0, curve: null, failed, ends })

function nodeItems(node: ChatNode, timing: ReplayTiming, push: Push, children: ReadonlyMap<string, readonly ChildTick[]>): void {
  switch (node.kind) {
    case 'user':
    case 'steering':
    case 'context':
      push(row(node.key, clock(node.time)))
      return
    case 'system':
    case 'replacement':
    case 'raw':
      push(row(node.key, null))
      return
    case 'retry':
      push(row(node.key, clock(node.time), true))
      return
    case 'assistant': {
      const times = node.fromChunks ? timing.streams.get(`i${node.turn}.${node.step}`) : node.seq === null ? undefined : timing.streams.get(`m${node.seq}`)
      blockItems(node.key, node.blocks, times, clock(node.time), push)
      if (node.status === 'interrupted') push(row(`${node.key}:stopped`, clock(node.time)))
      return
    }
    case 'attempt': {
      const times = timing.streams.get(`a${node.seq}`)
      push(row(node.key, clock(times?.first) ?? clock(node.time), true))
      blockItems(node.key, node.blocks, times, clock(node.time), push)
      return
    }
    case 'tool':
      toolItems(node.key, node.call, push, children.get(node.call.callId))
      return
    case 'command':
      push({ key: node.key, kind: 'work', t0: clock(node.time), t1: node.doneSeq === null ? null : clock(timing.clocks.get(node.doneSeq)), units: 0, curve: null, failed: node.status === 'error', ends: false })
      return
    case 'compaction': {
      const t0 = node.startSeq === null ? null : clock(timing.clocks.get(node.startSeq))
      const t1 = node.endSeq === null ? null : clock(timing.clocks.get(node.endSeq))
      push({ key: node.key, kind: 'work', t0: t0 ?? t1, t1, units: 0, curve: null, failed: node.status === 'failed', ends: false })
      return
    }
    case 'turn-tail':
      push(row(node.key, clock(timing.clocks.get(node.endSeq)), node.endReason === 'error', true))
      return
  }
}

/**
 * A step's visible blocks `key:0…`: text and Think rows along their stream's curve (the timing fold keeps
 * one per visible block, in the model's order; without one they show whole, or paced by their length),
 * others at the stream's end (else at `fallback`).
 */
function blockItems(key: string, blocks: readonly AssistantBlock[], times: StreamTimes | undefined, fallback: number | null, push: Push): void {
  blocks.forEach((block, i) => {
    const blockKey = `${key}:${i}`
    const curve = times?.blocks[i] ?? null
    const timed = curve !== null && curve.times.length > 0
    if (block.type === 'think' || block.type === 'markdown') {
      const t0 = timed ? (curve.times[0] ?? null) : (clock(times?.first) ?? fallback)
      const t1 = timed ? (curve.times[curve.times.length - 1] ?? null) : t0
      push({ key: blockKey, kind: 'text', t0, t1, units: block.text.length, curve: timed ? curve : null, failed: false, ends: false })
    } else push(row(blockKey, clock(times?.last) ?? fallback))
  })
}

/** A tool tree: the root and its code-dispatch children, each running from its call to its result. */
function toolItems(key: string, call: ToolCallNode, push: Push, ticks: readonly ChildTick[] | undefined): void {
  // Children are drawn under their parent, in dispatch order: an explicit stack, never recursion on log data.
  const stack: { key: string; call: ToolCallNode }[] = [{ key, call }]
  while (stack.length > 0) {
    const { key: k, call: c } = stack.pop() as { key: string; call: ToolCallNode }
    const t0 = clock(c.callTime)
    const t1 = c.result === null ? null : clock(c.result.time)
    const root = c === call && ticks !== undefined && ticks.length > 0
    push({ key: k, kind: 'work', t0: t0 ?? t1, t1, units: 0, curve: null, failed: c.result?.isError === true, ends: false, ...(root ? { ticks } : {}) })
    for (let i = c.subCalls.length - 1; i >= 0; i--) {
      const child = c.subCalls[i] as ToolCallNode
      stack.push({ key: childRowKey(k, c.callId, child.callId), call: child })
    }
  }
}

/**
 * Times made monotone in chat order and relative to the first item; an unknown end is the item's start
 * (a `work` row that never settled ends with its section's end, or the session's).
 */
function settle(drafts: readonly Draft[], owner: readonly number[], sections: ScheduleSection[], chapters: Chapter[], timed: boolean): Schedule {
  let start: number | null = null
  for (const d of drafts) {
    if (d.t0 !== null) {
      start = d.t0
      break
    }
  }
  const base = timed && start !== null ? start : 0
  const items: ScheduleItem[] = []
  const shifts: number[] = []
  let at = 0
  for (let i = 0; i < drafts.length; i++) {
    const d = drafts[i] as Draft
    const raw = timed && d.t0 !== null ? d.t0 - base : null
    const t0 = Math.max(at, raw ?? at)
    at = t0
    // A curve keeps its pace: moved whole when its start was moved.
    const shift = raw === null ? 0 : t0 - raw
    const curve = d.curve === null || !timed ? null : { times: d.curve.times.map(t => Math.max(t0, t - base + shift)), units: d.curve.units }
    const end = timed && d.t1 !== null ? d.t1 - base + shift : null
    items.push({ key: d.key, kind: d.kind, t0, t1: Math.max(t0, end ?? t0), units: d.units, curve, failed: d.failed, ends: d.ends, section: owner[i] ?? 0 })
    shifts.push(shift)
  }
  // Unsettled work runs to its section's end (or the last time of the session).
  const last = items.reduce((m, it) => Math.max(m, it.t1), 0)
  for (let s = 0; s < sections.length; s++) {
    const first = sections[s]?.item ?? 0
    const next = sections[s + 1]?.item ?? items.length
    const sectionItem = items[first]
    if (sectionItem === undefined) continue
    let end = sectionItem.t1
    for (let i = first; i < next; i++) end = Math.max(end, (items[i] as ScheduleItem).t1)
    sectionItem.t1 = end
    for (let i = first + 1; i < next; i++) {
      const item = items[i] as ScheduleItem
      const draft = drafts[i] as Draft
      if (item.kind === 'work' && draft.t1 === null && timed) item.t1 = Math.max(item.t0, s + 1 < sections.length ? end : last)
    }
  }
  // A child's ticks go on its card once the card's span is final (an unsettled one ran to its section's end).
  if (timed) {
    drafts.forEach((d, i) => {
      const item = items[i] as ScheduleItem
      if (d.ticks !== undefined) item.ticks = placeTicks(d.ticks, base, shifts[i] ?? 0, item.t0, item.t1)
    })
  }
  return { timed, start: base, items, sections, chapters }
}
