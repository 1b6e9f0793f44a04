/**
 * Session view model → the find box's props, and the shard file's name. The site (src/site) calls these;
 * kept here so the file name the page points at and the file the build writes cannot disagree.
 */
import type { Locale, PageViewModel } from '../cards/types'
import { toolCounts } from './shard'
import { searchText } from './strings'
import type { FindBoxModel } from './types'

/** Tool options listed in the filter; a session calling more kinds of tool lists the most used. */
const MAX_TOOLS = 40

/** The shard of session `stem`, relative to `sessions/`. */
export const shardFile = (stem: string) => `${stem}.search.js`

export function findBoxModel(view: PageViewModel, stem: string, locale: Locale): FindBoxModel {
  return findBoxFor(toolCounts(view), stem, locale)
}

/** The find box from tool counts as `toolCounts` gives them (a build rendering in batches counts them first). */
export function findBoxFor(counts: readonly [tool: string, count: number][], stem: string, locale: Locale): FindBoxModel {
  const kept = new Set([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_TOOLS).map(([tool]) => tool))
  return {
    text: searchText(locale).find,
    shard: shardFile(stem),
    session: stem,
    tools: counts.filter(([tool]) => kept.has(tool)).map(([tool, n]) => ({ value: tool, label: `${tool} (${n})` })),
  }
}
