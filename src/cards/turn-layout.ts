/**
 * The newer dsh client's turn layout (cards-current.md §4.2, §5, §6.1): which rows of a turn stay visible
 * (the opening input, the answer's response part, the tail), which fold behind the whole-turn control, how the
 * folded rows form activity groups, and the control itself. Presentation data only: the rows are the same in
 * every view mode, and classic ignores all of this; the components pick per mode what to show (view-mode.ts).
 */
import type { AssistantNode, ChatNode, Section, TurnTailNode } from '../conversation/model'
import type { ActivityGroupModel, Locale, PageRow, RowPlacement, ToolRowModel, TurnControlModel, TurnProcessModel } from './types'
import { activityTitle, calledTools } from './activity'
import { turnStrings } from './turn-strings'

export interface NodeRows {
  node: ChatNode
  rows: readonly PageRow[]
}

export interface TurnLayout {
  process: TurnProcessModel | null
  placements: RowPlacement[]
}

/** Invisible in the newer client's Chat (§4.2): the system prompt and context injections, but not a trigger. */
function hiddenNode(node: ChatNode): boolean {
  if (node.kind === 'system') return true
  if (node.kind !== 'context' || node.trigger === true) return false
  // The tool-set change notice is the one context row that stays (§4.2).
  return !node.content.some(b => b.type === 'tool-addition' || b.type === 'tool-removal')
}

const isInput = (node: ChatNode): boolean =>
  node.kind === 'user' || node.kind === 'steering' || (node.kind === 'context' && node.trigger === true)

const hasReply = (node: AssistantNode): boolean =>
  node.blocks.some(b => (b.type === 'markdown' ? b.text.trim() !== '' : b.type !== 'think'))

/** The turn's answer (§5.1): the last step's settled message with reply content and no tool call. */
function answerOf(nodes: readonly ChatNode[]): AssistantNode | null {
  let lastStep = -Infinity
  const callSteps = new Set<number>()
  for (const n of nodes) {
    if (n.kind === 'assistant') lastStep = Math.max(lastStep, n.step)
    else if (n.kind === 'tool' && n.call.step !== null) {
      lastStep = Math.max(lastStep, n.call.step)
      callSteps.add(n.call.step)
    }
  }
  let answer: AssistantNode | null = null
  for (const n of nodes) {
    if (n.kind === 'assistant' && n.step === lastStep && n.status === 'settled' && hasReply(n) && !callSteps.has(n.step)) answer = n
  }
  return answer
}

/** `max(1 s, end − start)` in whole seconds, as `5s`, `1m 5s`, `1h 2m 5s` (§5.4). */
export function turnDuration(ms: number, locale: Locale): string {
  const total = Math.floor(Math.max(1000, ms) / 1000)
  return turnStrings(locale).duration(Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60)
}

function control(section: Section, tail: TurnTailNode | null, hasContent: boolean, locale: Locale): TurnControlModel {
  const t = turnStrings(locale)
  const reason = section.endReason
  const state = reason === 'aborted' ? 'stopped' : reason === 'error' ? 'failed' : 'completed'
  const duration = tail?.durationMs ?? null
  const label = state === 'stopped' ? t.stopped : state === 'failed' ? t.failed
    : duration === null ? t.completed : t.completedIn(turnDuration(duration, locale))
  return {
    state,
    announcement: state === 'stopped' ? t.stopped : state === 'failed' ? t.failed : t.completed,
    label,
    hasContent,
    collapsible: hasContent && state === 'completed',
  }
}

/** How a visible process row joins the pending activity group (§6.1). */
type GroupRule = 'join' | 'alone'

function groupRule(row: PageRow): GroupRule {
  switch (row.kind) {
    case 'think':
    case 'tool':
    case 'command':
    case 'compaction':
    case 'replacement':
    case 'raw-event':
    case 'invalid-line':
    case 'context':
      return 'join'
    default:
      // A step's response part (text, images, unknown blocks, its Stopped marker), retries and failed attempts.
      return 'alone'
  }
}

/** The layout of one section; `parts` are its nodes in Chat order with the rows each became. */
export function turnLayout(section: Section, parts: readonly NodeRows[], locale: Locale): TurnLayout {
  const placements: RowPlacement[] = []
  if (section.turn === null) {
    for (const { node, rows } of parts) for (let i = 0; i < rows.length; i++) placements.push({ zone: 'lead', group: null, hidden: hiddenNode(node) })
    return { process: null, placements }
  }
  const nodes = parts.map(p => p.node)
  const answer = answerOf(nodes)
  const tail = (nodes.find(n => n.kind === 'turn-tail') ?? null) as TurnTailNode | null
  let opened = false
  let interleaved = false
  let content = answer !== null && answer.blocks.some(b => b.type === 'think' && b.text.trim() !== '')
  let zone: RowPlacement['zone'] = 'lead'
  const memberRows: { index: number; row: PageRow }[] = []

  for (const { node, rows } of parts) {
    const hidden = hiddenNode(node)
    if (isInput(node)) {
      if (opened) interleaved = true
      opened = true
    }
    rows.forEach(row => {
      let place: RowPlacement['zone']
      if (hidden) place = zone
      else if (node.kind === 'turn-tail') place = 'after'
      else if (isInput(node)) place = zone === 'lead' ? 'lead' : 'after'
      else if (node === answer) place = row.kind === 'think' ? 'process' : 'after'
      else if (answer !== null && answer.seq !== null && node.anchorSeq > answer.seq) place = 'after'
      else place = 'process'
      if (place === 'process' && !hidden && node !== answer) content = true
      if (place === 'process' && zone === 'after') interleaved = true
      // The tail closes the turn in the newer client however the log anchored it (after the closing message,
      // cards.md §3.6): it is drawn last and never makes later process rows count as interleaved.
      if (!hidden && node.kind !== 'turn-tail') zone = place === 'lead' && zone !== 'lead' ? zone : place
      placements.push({ zone: place, group: null, hidden })
      if (place === 'process') memberRows.push({ index: placements.length - 1, row })
    })
  }

  // Activity groups over the process rows (§6.1); hidden rows ride along but never open a group.
  const groups: ActivityGroupModel[] = []
  const groupTools: ToolRowModel[][] = []
  let pending: number | null = null
  for (const { index, row } of memberRows) {
    const placement = placements[index] as RowPlacement
    if (placement.hidden) {
      placement.group = pending
      continue
    }
    if (groupRule(row) === 'alone') {
      pending = null
      continue
    }
    if (pending === null) {
      pending = groups.length
      groups.push({ title: '', icon: 'think' })
      groupTools.push([])
    }
    placement.group = pending
    if (row.kind === 'tool') groupTools[pending]?.push(row)
  }
  groups.forEach((g, i) => Object.assign(g, activityTitle(calledTools(groupTools[i] ?? []), locale)))

  const closed = section.endSeq !== null
  const hasContent = content && !interleaved
  return { process: { closed, control: closed ? control(section, tail, hasContent, locale) : null, groups }, placements }
}
