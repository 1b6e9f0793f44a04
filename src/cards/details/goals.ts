/**
 * Goal tools (cards-current.md §10, §11.2): `create_goal`, `get_goal`, `update_goal`. The result is
 * `{goal:{id, objective, revision, roundsStarted, maxGoalRounds, phase, blockedReason?}, activation}`; the card
 * is one goal item (no caption) titled with the objective, with Status (an active goal whose activation is
 * `disarmed` is `Awaiting continuation`), Rounds `started / max`, and Blocker when a reason is recorded.
 * `goal: null` is the empty card `No goal`, which is also the summary. Any other shape: the generic row.
 */
import type { Locale } from '../types'
import { isObject, nonBlank, parseJson } from '../narrow'
import { EMPTY_ITEM } from './types'
import type { DetailCardResult, DetailTool } from './tool'
import { plainList } from './project'
import { detailWords, type DetailWords } from './strings'

const count = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/** The goal card of a result text, or null when it is not a goal result. */
export function goalCard(text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  const value = parseJson(text)
  if (!isObject(value)) return null
  if (value.goal === null) return { summary: w.noGoal, status: null, body: plainList([], w.noGoal) }
  const goal = value.goal
  if (!isObject(goal) || nonBlank(goal.id) === null || !count(goal.revision) || !count(goal.roundsStarted)
    || !count(goal.maxGoalRounds)) return null
  const objective = nonBlank(goal.objective)
  if (objective === null) return null
  const phase = typeof goal.phase === 'string' ? w.goalPhase.get(goal.phase) : undefined
  if (phase === undefined) return null
  if (value.activation !== 'armed' && value.activation !== 'disarmed') return null
  const status = goal.phase === 'active' && value.activation === 'disarmed' ? w.goalDisarmed : phase
  const fields = [
    { term: w.status, definition: status },
    { term: w.rounds, definition: `${goal.roundsStarted} / ${goal.maxGoalRounds}` },
  ]
  if (goal.blockedReason !== undefined) {
    const reason = goal.blockedReason
    if (!isObject(reason) || nonBlank(reason.code) === null) return null
    const message = nonBlank(reason.message)
    if (message === null) return null
    fields.push({ term: w.blocker, definition: message })
  }
  return { summary: objective, status: null, body: plainList([{ ...EMPTY_ITEM, title: objective, fields }], w.noGoal) }
}

const goalTool = (title: (w: DetailWords) => string): DetailTool => ({
  title: (_node, locale) => title(detailWords(locale)),
  card: (text, _args, _node, ctx) => goalCard(text, ctx.locale),
})

export const GOAL_TOOLS: ReadonlyArray<readonly [string, DetailTool]> = [
  ['create_goal', goalTool(w => w.titleCreateGoal)],
  ['get_goal', goalTool(w => w.titleGetGoal)],
  ['update_goal', goalTool(w => w.titleUpdateGoal)],
]
