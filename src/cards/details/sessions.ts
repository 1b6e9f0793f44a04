/**
 * Session tools (cards-current.md §10, §11.6), parsed from their text results:
 * - `session_event_read`: `Session <id> — <title>`, `Target event seq <n>:`, a fenced `json` event, then the
 *   neighbour text → the event item (type; `<title> · <id>`; Event sequence, Time), the projected event `data`,
 *   and a `Surrounding events` group holding the neighbour text; summary `<type> · #<seq>`. Without the card
 *   (a result cut short by a spill notice, running, failed) the summary is still what can be read — the
 *   target line's seq and the event's leading `type`, else the `seq` argument (`#5`) — never the arguments'
 *   raw JSON (`{"seq":5}`, issue 32);
 * - `session_event_search` / `session_search`: numbered hits → one item each (snippet or title, subtitle,
 *   Time and Record status / the labelled lines); `Result cap reached.` → the capped caption; the tools'
 *   "no matches" texts → `0 matches`;
 * - `session_event_trace`: one item with the trace lines as fields (`none` → None);
 * - `session_trace`: the session item, then `Ancestor sessions` / `Descendant sessions` items.
 * Dates are UTC (./dates). Any other text: the generic row.
 */
import type { Locale } from '../types'
import type { ToolCallNode } from '../../conversation/tool-call'
import { isObject, jsonObject, parseJson, singleText } from '../narrow'
import { EMPTY_ITEM, type DetailField, type DetailItem } from './types'
import type { DetailCardResult, DetailTool } from './tool'
import { projectValue, recordedList } from './project'
import { dateTimeShort, instant } from './dates'
import { detailWords, type DetailWords } from './strings'

/** A `Time` field: UTC text, and the instant for the page to show in the reader's zone. */
const timeField = (term: string, value: string | number, locale: Locale): DetailField => {
  const date = instant(value)
  return date === null ? { term, definition: String(value) } : { term, definition: dateTimeShort(date, locale), local: { iso: date.toISOString(), style: 'short' } }
}

/** Labelled result lines (`Created: …`) → field labels; the rest of a line is the value. */
const TRACE_LABELS: ReadonlyMap<string, (w: DetailWords) => string> = new Map([
  ['Created', w => w.time], ['Availability', w => w.availability], ['Parent', w => w.parent],
  ['Best match', w => w.bestMatch], ['Target', w => w.targetEvent], ['Replaced by', w => w.replacedBy],
  ['Replacement chain', w => w.replacementChain], ['Events replaced by target', w => w.replacedEvents],
  ['Events cited directly as sources', w => w.sourceEvents], ['Direct derived events', w => w.derivedEvents],
])

function textFields(text: string, locale: Locale): DetailField[] {
  const w = detailWords(locale)
  const fields: DetailField[] = []
  for (const line of text.split('\n')) {
    const match = /^\s*([^:]+): (.+)$/.exec(line)
    const [, key, value] = match ?? []
    if (key === undefined || value === undefined) continue
    const label = TRACE_LABELS.get(key)
    if (label === undefined) continue
    fields.push(key === 'Created' ? timeField(label(w), value, locale) : { term: label(w), definition: value === 'none' ? w.none : value })
  }
  return fields
}

function search(name: string, text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  if (text === 'No prior session matches found.' || text.endsWith('\n\nNo prior event matches found.')) {
    return { summary: w.matches(0), status: null, body: recordedList([], locale) }
  }
  const blocks = text.split(/\n(?=\d+\. )/).filter(block => /^\d+\. /.test(block))
  if (blocks.length === 0) return null
  const items: DetailItem[] = []
  for (const block of blocks) {
    const snippet = /\n\s*Snippet: ([\s\S]*?)(?:\n\nResult cap reached\.|$)/.exec(block)?.[1]?.trimEnd() ?? null
    if (name === 'session_search') {
      const [, id, title] = /^\d+\. Session (\S+) — (.*)/.exec(block) ?? []
      if (id === undefined || title === undefined) return null
      items.push({ ...EMPTY_ITEM, title, subtitle: id, description: snippet, fields: textFields(block, locale) })
    } else {
      const [, seq, type, status, time] = /^\d+\. seq (\d+) \| ([^|]+) \| ([^|]+) \| ([^\n]+)/.exec(block) ?? []
      if (seq === undefined || type === undefined || status === undefined || time === undefined) return null
      items.push({
        ...EMPTY_ITEM,
        title: snippet ?? type,
        subtitle: `${type.trim()} · #${seq}`,
        fields: [timeField(w.time, time, locale), { term: w.recordStatus, definition: status.trim() }],
      })
    }
  }
  const body = recordedList(items, locale)
  return {
    summary: w.matches(items.length),
    status: null,
    body: text.includes('Result cap reached.') ? { ...body, caption: w.matchesCapped } : body,
  }
}

const EVENT_READ = /^Session (\S+) — ([^\n]*)\nTarget event seq (\d+):\n```json\n([\s\S]*?)\n```([\s\S]*)$/

function eventRead(text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  const [, id, title, seq, json, rest] = EVENT_READ.exec(text) ?? []
  if (id === undefined || title === undefined || seq === undefined || json === undefined) return null
  const event = parseJson(json)
  if (!isObject(event) || typeof event.type !== 'string' || !isObject(event.data)) return null
  const fields: DetailField[] = [{ term: w.eventSeq, definition: seq }]
  if (typeof event.time === 'number') fields.push(timeField(w.time, event.time, locale))
  const items: DetailItem[] = [
    { ...EMPTY_ITEM, title: event.type, subtitle: `${title} · ${id}`, fields },
    ...projectValue(event.data, locale),
  ]
  const around = rest?.trim() ?? ''
  if (around !== '') items.push({ ...EMPTY_ITEM, groups: [{ label: w.surroundingEvents, items: [{ ...EMPTY_ITEM, description: around }] }] })
  return { summary: `${event.type} · #${seq}`, status: null, body: recordedList(items, locale) }
}

/** The target line and the start of the event block, also in a text that was cut short (a spill notice). */
const EVENT_HEAD = /^Session \S+ — [^\n]*\nTarget event seq (\d+):\n```json\n\{\s*"type":\s*("(?:[^"\\\n]|\\.)*")/
const EVENT_TARGET = /^Session \S+ — [^\n]*\nTarget event seq (\d+):/

/** `<type> · #<seq>` as far as the result or the arguments tell it (see the module comment); null: neither does. */
function eventReadSummary(node: ToolCallNode): string | null {
  const text = node.result === null ? null : singleText(node.result.content)
  if (text !== null) {
    const [, seq, literal] = EVENT_HEAD.exec(text) ?? []
    const type = literal === undefined ? null : parseJson(literal)
    if (seq !== undefined && typeof type === 'string' && type !== '') return `${type} · #${seq}`
    const target = EVENT_TARGET.exec(text)?.[1]
    if (target !== undefined) return `#${target}`
  }
  const seq = jsonObject(node.argsRaw)?.seq
  if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0) return `#${seq}`
  if (typeof seq === 'string' && /^\d{1,15}$/.test(seq)) return `#${seq}`
  return null
}

const TRACE = /^Session (\S+) — ([^\n]*)\n([\s\S]*)$/

function trace(name: string, text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  const [, id, title, rest] = TRACE.exec(text) ?? []
  if (id === undefined || title === undefined || rest === undefined) return null
  if (name === 'session_event_trace') {
    return { summary: title, status: null, body: recordedList([{ ...EMPTY_ITEM, title, subtitle: id, fields: textFields(rest, locale) }], locale) }
  }
  const [first = '', ...sections] = rest.split('\n\n')
  const items: DetailItem[] = [{ ...EMPTY_ITEM, title, subtitle: id, fields: textFields(first, locale) }]
  for (const section of sections) {
    const label = section.startsWith('Ancestors (nearest first):') ? w.ancestors : section.startsWith('Descendants:') ? w.descendants : null
    const lineBreak = section.indexOf('\n')
    if (label === null || lineBreak < 0) return null
    const body = section.slice(lineBreak + 1)
    items.push(body === '- none' || body === '- none (target is a root session)'
      ? { ...EMPTY_ITEM, title: label, description: w.none }
      : { ...EMPTY_ITEM, title: label, bullets: body.split('\n').map(line => line.replace(/^\s*- /, '')) })
  }
  return { summary: title, status: null, body: recordedList(items, locale) }
}

const tool = (title: (w: DetailWords) => string, card: (text: string, locale: Locale) => DetailCardResult | null): DetailTool => ({
  title: (_node, locale) => title(detailWords(locale)),
  card: (text, _args, _node, ctx) => card(text, ctx.locale),
})

export const SESSION_TOOLS: ReadonlyArray<readonly [string, DetailTool]> = [
  ['session_event_read', { ...tool(w => w.titleEventRead, eventRead), fallbackSummary: eventReadSummary }],
  ['session_event_search', tool(w => w.titleEventSearch, (text, locale) => search('session_event_search', text, locale))],
  ['session_event_trace', tool(w => w.titleEventTrace, (text, locale) => trace('session_event_trace', text, locale))],
  ['session_search', tool(w => w.titleSessionSearch, (text, locale) => search('session_search', text, locale))],
  ['session_trace', tool(w => w.titleSessionTrace, (text, locale) => trace('session_trace', text, locale))],
]
