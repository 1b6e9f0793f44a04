/**
 * Who wrote a `user/message`, and how its row is labelled (cards.md §3.5; v4 README §2.7, §3 item 9).
 * A person (`source.kind: 'user'`) gets a message node; every producer (runtime context, time context,
 * skill catalog, subagent notices, hooks, goals, plugins…) gets a collapsed context row whose label follows
 * upstream `context-provenance.ts`: plugin name, instruction paths, skill name, recall labels, else the kind.
 * Unknown kinds are opaque attribution: their label is the kind itself.
 */
import type { MessageSource } from '../log/events/schema'
import { prop } from './narrow'

export interface ContextLabel {
  title: 'injection' | 'recall'
  label: string
  summary: string | null
  form: string | null
}

/** True when the message is a person's prompt rather than injected context. */
export function isPersonSource(source: MessageSource): boolean {
  return source.kind === 'user'
}

/** Distinct non-empty strings joined with `", "`, or null when there are none (falls back to the kind). */
function joinDistinct(values: unknown, pick: (item: unknown) => unknown): string | null {
  if (!Array.isArray(values)) return null
  const seen: string[] = []
  for (const item of values) {
    const value = pick(item)
    if (typeof value === 'string' && value !== '' && !seen.includes(value)) seen.push(value)
  }
  return seen.length > 0 ? seen.join(', ') : null
}

const field = (name: string) => (item: unknown): unknown => prop(item, name)

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** The collapsed row's title, label and optional notice summary for a producer-written message. */
export function contextLabel(source: MessageSource): ContextLabel {
  const kind = source.kind
  const form = typeof source.form === 'string' ? source.form : null
  // Only notices carry a one-line summary segment (upstream ContextBody.tsx); other forms never add one.
  const summary = form === 'notice' ? nonEmptyString(typeof source.summary === 'string' ? source.summary.trim() : null) : null
  let label: string | null = null
  let title: ContextLabel['title'] = 'injection'
  switch (kind) {
    case 'plugin':
      label = nonEmptyString(source.plugin)
      break
    case 'agent-instructions':
      label = joinDistinct(source.changes, field('path'))
      break
    case 'skill-invocation':
      label = nonEmptyString(source.name)
      break
    case 'session-reference':
      title = 'recall'
      label = joinDistinct(source.references, field('label'))
      break
  }
  return { title, label: label ?? kind, summary, form }
}
