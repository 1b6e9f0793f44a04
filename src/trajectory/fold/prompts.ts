/**
 * System prompt and tool-catalog state (trajectory.md §4.7), folded in log order:
 * - the system *surface*: every `system/message` node at its surface position, moved or dropped by surface
 *   replacements (a replacement's position is its start endpoint's, chained through earlier replacements);
 *   the effective prompt is the last surviving node with non-empty text;
 * - `request/header`: a prompt snapshot `{config, system (the effective text), tools}` and, against the
 *   previous state, a change `initial | system | tools | system-and-tools` (system text compared as text,
 *   tools by JSON; an in-history update already showed its own text, so a header reports no system change
 *   for it; the first header reports `initial` only when its `reason` is `initial`);
 * - an in-history update (a later `system/message` append) or a replacement that changes the effective
 *   text gives a synthetic header with a `system` change at its own seq, when a header precedes it.
 * A `system/message` append that produces no header is a standalone SYSTEM row (text only).
 * v0–v2 logs carry the prompt as `request/header.header.system` instead (v4 README §2.5, §3 item 8); dsh's
 * v2→v3 migration turns it into a system node at the header (appended first, then replaced whenever the text
 * changes), which is how a header's `system` string is read here — a reading of the field, not a log upgrade.
 * dsh-view always reads a log from its start, so no replacement endpoint is ever unknown (upstream withholds
 * the prompt for endpoints before its loaded window; that case cannot arise here).
 */
import type { KnownEvent } from '../../log/events/schema'
import type { PromptChangeKind } from '../model'
import type { Location } from './location'
import type { PromptStore } from './prompt-store'

/** A system node as it sits in the surface. */
export interface SystemNode {
  seq: number
  time: number | null
  text: string
  /** Appended after an earlier non-empty system node: an in-history update. */
  update: boolean
}

export interface HeaderChange {
  seq: number
  time: number | null
  kind: PromptChangeKind
  /** The prompt before the change; absent for `initial`. */
  previous?: number
}

/** A request header fact (logged, or synthetic from a system update) at `seq`. */
export interface HeaderState {
  seq: number
  time: number | null
  location: Location
  prompt: number
  change?: HeaderChange
}

interface Surface {
  nodes: { position: number; node: SystemNode }[]
  replacements: Map<number, number>
  effective: SystemNode | undefined
  /** The latest synthetic header, carried across unrelated surface events. */
  header: HeaderState | undefined
}

/** What one surface event contributes: a header fact, a standalone system prompt, or nothing. */
export type SurfaceContribution = { kind: 'header'; header: HeaderState } | { kind: 'system-prompt'; node: SystemNode } | null

const lastNonEmpty = (nodes: Surface['nodes']): SystemNode | undefined => {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]?.node
    if (node !== undefined && node.text !== '') return node
  }
  return undefined
}

function systemText(event: KnownEvent): string {
  if (event.type !== 'system/message') return ''
  let text = ''
  for (const block of event.data.message.content) if (block.type === 'text' && typeof block['text'] === 'string') text += block['text']
  return text
}

const isAppend = (event: KnownEvent): boolean => event.surfaceOp === undefined || event.surfaceOp === 'append'

export class PromptFold {
  #surface: Surface = { nodes: [], replacements: new Map(), effective: undefined, header: undefined }
  #header: HeaderState | undefined

  constructor(readonly store: PromptStore) {}

  /** Whether `event` is one the surface reads: a system message or any surface replacement. */
  static reads(event: KnownEvent): boolean {
    return event.type === 'system/message' || !isAppend(event)
  }

  surfaceEvent(event: KnownEvent, location: Location): SurfaceContribution {
    const prior = this.#surface
    const { surface: next, introduced } = this.#apply(prior, event)
    const node = next.effective
    if (node === undefined || node.text === prior.effective?.text || (introduced !== undefined && !introduced.update)) {
      next.header = prior.header
    } else {
      const header = this.#header
      const systemHeader = prior.header
      const previous = systemHeader !== undefined && (header === undefined || systemHeader.seq > header.seq) ? systemHeader : header
      if (previous !== undefined) {
        next.header = {
          seq: node.seq,
          time: node.time,
          location,
          prompt: this.store.withSystem(previous.prompt, node.text),
          change: { seq: node.seq, time: node.time, kind: 'system', previous: previous.prompt },
        }
      }
    }
    this.#surface = next
    if (next.header !== undefined && next.header.seq === event.seq) return { kind: 'header', header: next.header }
    if (introduced !== undefined && introduced.text !== '' && isAppend(event)) return { kind: 'system-prompt', node: introduced }
    return null
  }

  requestHeader(event: KnownEvent & { type: 'request/header' }, location: Location): HeaderState {
    const legacy = (event.data.header as { system?: unknown }).system
    if (typeof legacy === 'string' && legacy !== this.#surface.effective?.text) this.#legacySystem(event, legacy)
    const header = this.#header
    const systemHeader = this.#surface.header
    const systemNewer = systemHeader !== undefined && (header === undefined || systemHeader.seq > header.seq)
    const previousId = systemNewer ? systemHeader.prompt : header?.prompt
    const system = this.#surface.effective
    const promptId = this.store.fromHeader(event.data.header.config, system?.text ?? '', (event.data.header as { tools?: unknown }).tools)
    let change = this.#change(previousId, promptId, event, system)
    if (change === undefined && systemNewer) change = systemHeader.change
    const state: HeaderState = { seq: event.seq, time: event.time, location, prompt: promptId }
    if (change !== undefined) state.change = change
    this.#header = state
    return state
  }

  /** A v0–v2 header's `system` string, as the node dsh's migration puts at the header (module comment). */
  #legacySystem(event: KnownEvent, text: string): void {
    const node: SystemNode = { seq: event.seq, time: event.time, text, update: false }
    this.#surface = { nodes: [{ position: event.seq, node }], replacements: this.#surface.replacements, effective: text === '' ? undefined : node, header: this.#surface.header }
  }

  #change(previousId: number | undefined, promptId: number, event: KnownEvent & { type: 'request/header' }, system: SystemNode | undefined): HeaderChange | undefined {
    if (previousId === undefined && event.data.reason !== 'initial') return undefined
    const prompt = this.store.get(promptId)
    const previous = previousId === undefined ? undefined : this.store.get(previousId)
    const systemChanged = previous !== undefined && previous.system !== prompt.system && system?.update !== true
    const toolsChanged = previous !== undefined && previous.toolsId !== prompt.toolsId
    if (previous !== undefined && !systemChanged && !toolsChanged) return undefined
    const origin = system !== undefined && (previous === undefined || systemChanged) ? system : event
    const kind: PromptChangeKind = previous === undefined ? 'initial' : systemChanged && toolsChanged ? 'system-and-tools' : systemChanged ? 'system' : 'tools'
    const change: HeaderChange = { seq: origin.seq, time: origin.time, kind }
    if (previousId !== undefined) change.previous = previousId
    return change
  }

  #apply(prior: Surface, event: KnownEvent): { surface: Surface; introduced: SystemNode | undefined } {
    let nodes = prior.nodes
    let replacements = prior.replacements
    let position = event.seq
    const op = event.surfaceOp
    if (op !== undefined && op !== 'append') {
      position = replacements.get(op.start) ?? op.start
      const end = replacements.get(op.end) ?? op.end
      nodes = nodes.filter((item) => item.position < position || item.position > end)
      const retained = new Map<number, number>()
      for (const [seq, value] of replacements) if (value < position || value > end) retained.set(seq, value)
      retained.set(event.seq, position)
      replacements = retained
    }
    let introduced: SystemNode | undefined
    if (event.type === 'system/message') {
      introduced = { seq: event.seq, time: event.time, text: systemText(event), update: isAppend(event) && lastNonEmpty(prior.nodes) !== undefined }
      nodes = [...nodes, { position, node: introduced }].sort((a, b) => a.position - b.position)
    }
    const surviving = lastNonEmpty(nodes)
    const effective =
      surviving === lastNonEmpty(prior.nodes)
        ? prior.effective
        : introduced !== undefined && introduced === surviving
          ? introduced
          : { seq: event.seq, time: event.time, text: surviving?.text ?? '', update: false }
    return { surface: { nodes, replacements, effective, header: undefined }, introduced }
  }
}
