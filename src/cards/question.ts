/**
 * AskQuestionRow (cards-current.md §11.8): summary and state by priority — `cancelled` (ASK_CANCELLED: state
 * ok, not an error), `interrupted` (ASK_ABORTED, or any other stop: state stopped), `waiting` (running), a
 * failed call's failure line (the row renderer's, as on every row: a null summary on an error), `<a>/<t>
 * answered` — and the body: the Q&A card when the argument questions pair one-to-one with the result answers
 * by id (selected answers and custom text, or `Not answered`), or the cancelled / interrupted verdict with the
 * question list. A settled result that is not the answers' JSON reads as the first question asked: the
 * arguments hold no top-level string, so the generic summary would be their raw JSON (issue 32). A null
 * summary means "the generic summary"; a null body means the IN/OUT body.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { Locale, QuestionCardBody, QuestionCardItem, RowState } from './types'
import { asString, everyItem, firstLine, isObject, jsonObject, nonBlank, nonEmpty, parseJson, textOf } from './narrow'
import { strings } from './strings'
import { toolStrings } from './tool-strings'

export interface AskPresentation {
  summary: string | null
  state: RowState
  body: QuestionCardBody | null
}

interface Question {
  id: string | null
  header: string | null
  question: string
}

interface Answer {
  id: string | null
  answers: string[]
}

function question(v: unknown): Question | null {
  if (!isObject(v)) return null
  const text = nonBlank(v.question)
  return text === null ? null : { id: nonEmpty(v.id), header: nonBlank(v.header), question: text }
}

/** A selected entry: an option label string, or an object with a string `label`. */
function selectedLabel(v: unknown): string | null {
  if (typeof v === 'string') return v
  return isObject(v) ? asString(v.label) : null
}

function answer(v: unknown): Answer | null {
  if (!isObject(v)) return null
  const selected = v.selected === undefined ? [] : everyItem(v.selected, selectedLabel)
  if (selected === null) return null
  const custom = nonBlank(v.custom)
  return { id: nonEmpty(v.id), answers: custom === null ? selected : [...selected, custom] }
}

function questions(node: ToolCallNode): Question[] | null {
  const args = jsonObject(node.argsRaw)
  return args === null ? null : everyItem(args.questions, question)
}

function verdictBody(node: ToolCallNode, verdict: string): QuestionCardBody | null {
  const qs = questions(node)
  if (qs === null) return null
  return { kind: 'questions', verdict, items: qs.map(q => ({ header: q.header, question: q.question, answers: [], missing: null })) }
}

/** Questions and answers paired one-to-one by id, or null when they do not pair. */
function pairs(qs: Question[], as: Answer[], skipped: string): QuestionCardItem[] | null {
  if (qs.length !== as.length) return null
  const byId = new Map<string, Answer>()
  for (const a of as) {
    if (a.id === null || byId.has(a.id)) return null
    byId.set(a.id, a)
  }
  const items: QuestionCardItem[] = []
  for (const q of qs) {
    const a = q.id === null ? undefined : byId.get(q.id)
    if (a === undefined) return null
    items.push({ header: q.header, question: q.question, answers: a.answers, missing: a.answers.length === 0 ? skipped : null })
  }
  return items
}

export function askPresentation(node: ToolCallNode, state: RowState, locale: Locale): AskPresentation {
  const t = strings(locale)
  const d = toolStrings(locale)
  const result = node.result
  if (result?.error?.code === 'ASK_CANCELLED') return { summary: t.askCancelled, state: 'ok', body: verdictBody(node, d.ask.cancelledDetail) }
  if (result?.error?.code === 'ASK_ABORTED') return { summary: t.askInterrupted, state: 'stopped', body: verdictBody(node, d.ask.interruptedDetail) }
  if (result === null) return { summary: t.askWaiting, state, body: null }
  if (state === 'stopped') return { summary: t.askInterrupted, state, body: null }
  if (state !== 'ok') return { summary: null, state, body: null }
  const text = result.content.map(b => textOf(b) ?? '').join('')
  const parsed = parseJson(text)
  if (!isObject(parsed) || !Array.isArray(parsed.answers)) {
    const first = questions(node)?.[0]?.question
    return { summary: first === undefined ? null : firstLine(first), state, body: null }
  }
  const raw: unknown[] = parsed.answers
  const answered = raw.filter(a => { const n = answer(a); return n !== null && n.answers.length > 0 }).length
  const as = everyItem(raw, answer)
  const qs = questions(node)
  const items = as === null || qs === null ? null : pairs(qs, as, d.ask.skipped)
  return { summary: t.askAnswered(answered, raw.length), state, body: items === null ? null : { kind: 'questions', verdict: null, items } }
}
