/**
 * SkillRow (cards.md §11.3): summary (failure line, else `args.name`, else the raw arguments, else the
 * callId), the skill-specific hidden status inside the header, and the `Instructions` body holding the raw
 * output. Title and `Inspect` are literals at [L].
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { Locale, RowState, SkillBody } from './types'
import type { GenericModel } from './generic'
import { firstLine, jsonObject, nonEmpty } from './narrow'
import { strings } from './strings'

export interface SkillPresentation {
  summary: string
  failure: boolean
  hiddenStatus: string | null
  body: SkillBody | null
}

export function skillPresentation(node: ToolCallNode, g: GenericModel, state: RowState, locale: Locale): SkillPresentation {
  const t = strings(locale)
  const name = nonEmpty(jsonObject(node.argsRaw)?.name)
  const fallback = node.argsRaw === '' ? node.callId : firstLine(node.argsRaw)
  const summary = g.errorSummary ?? (name !== null ? firstLine(name) : fallback)
  const hiddenStatus = state === 'running' ? t.skillLoading : state === 'error' ? t.skillFailed
    : state === 'stopped' ? t.skillStopped : null
  return {
    summary,
    failure: g.errorSummary !== null,
    hiddenStatus,
    body: g.output === null ? null : { kind: 'skill', label: t.skillInstructions, text: g.output, isError: state === 'error' },
  }
}
