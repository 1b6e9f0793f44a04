/**
 * Test helpers for the Trajectory props (test-only; nothing in src imports this outside `*.test.ts`): a view
 * context over a snapshot with stand-in site services — no Chat rows, texts cut at a small cap, side files
 * named by their length — and the terms of a block list as `[term, value]` pairs, values as a reader sees them.
 */
import type { TrajectorySnapshot } from '../trajectory/model'
import { viewContext, type ViewContext } from './context'
import { trajectoryWords } from './strings'
import type { Block, InspectorModel, Value } from './types'
import type { Locale } from '../cards/types'

export function testContext(snapshot: TrajectorySnapshot, locale: Locale = 'en', cap = 4000): ViewContext {
  return viewContext(snapshot, trajectoryWords(locale), {
    chatLink: () => null,
    cutText: (text) => (text.length <= cap ? { text } : { text: text.slice(0, cap), cut: { note: `${cap} of ${text.length}`, href: `side-${text.length}.txt`, label: 'Full text' } }),
    sideFile: (text) => `side-${text.length}.txt`,
  })
}

export function valueText(value: Value): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map((v) => v.label).join(', ')
  return value.kind === 'link' ? value.label : value.text
}

/** The first term list of a tab, as pairs. */
export function terms(inspector: InspectorModel | undefined, tab = 'summary'): [string, string][] {
  const blocks: Block[] = inspector?.tabs.find((t) => t.id === tab)?.blocks ?? []
  for (const block of blocks) if (block.kind === 'terms') return block.terms.map((t) => [t.term, valueText(t.value)])
  return []
}
