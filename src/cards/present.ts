/**
 * PresentRow (cards-current.md §10, §12.4, ui-deliverables): the `present` tool's row, root or code-dispatch
 * child. Summary = a status word (`Delivering` / `Delivered` / `Delivery failed` / `Interrupted`) and the
 * argument `files[].path` values as written, joined `, ` (the raw argument text's first line when it does not
 * parse). The row carries no hidden state text and no `Inspect` pill; it expands only when there is detail
 * text (the flattened result, or `name: code` of the error), drawn in a `pre` followed by `Inspect call`.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { Locale, PresentBody } from './types'
import type { GenericModel } from './generic'
import { firstLine, isObject, nonBlank, parseJson } from './narrow'
import { toolStrings } from './tool-strings'

export interface PresentPresentation {
  summary: string
  body: PresentBody | null
}

/** The argument paths as written, joined `, `; the raw text when the arguments do not parse. */
export function presentedArgumentPaths(argsRaw: string): string {
  const parsed = parseJson(argsRaw)
  if (!isObject(parsed)) return firstLine(argsRaw)
  const files = Array.isArray(parsed.files) ? parsed.files : []
  return files.flatMap(f => { const p = isObject(f) ? nonBlank(f.path) : null; return p === null ? [] : [firstLine(p)] }).join(', ')
}

export function presentPresentation(node: ToolCallNode, g: GenericModel, locale: Locale): PresentPresentation {
  const d = toolStrings(locale).present
  const word = g.state === 'running' ? d.running : g.state === 'stopped' ? d.stopped : g.state === 'error' ? d.error : d.ok
  const paths = presentedArgumentPaths(node.argsRaw)
  return {
    summary: paths === '' ? word : `${word} ${paths}`,
    body: g.output === null ? null : { kind: 'present', text: g.output, isError: g.state === 'error' },
  }
}
