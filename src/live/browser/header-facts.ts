/**
 * The live page's header facts that change as a session grows — Turns, Tool calls, Status — kept in step
 * with the transcript: set from the same conversation snapshot, in the same draw (issue 32: the header only
 * changed when the rebuilt page arrived, ~2 s later, so a page could show a "Finished" badge and a drawn
 * final answer beside "Status running · Tool calls 0"). The labels and values are the build's
 * (src/site/render/growing-facts.ts, from the one count of src/conversation/counts.ts and the status rule of
 * src/conversation/status.ts); the rebuilt header still replaces the whole header once the session settles.
 * A fact is found by its label (`<dt>`), so a header without it is left alone.
 */
import type { SessionFacts } from '../../conversation/model'
import type { SiteText } from '../../site/types'
import { growingFacts } from '../../site/render/growing-facts'

/** The header facts' values for `facts`, by label, as the build writes them. */
export function liveHeaderFacts(facts: SessionFacts, text: SiteText): Map<string, string> {
  const counts = { turns: facts.stats.turns, toolCalls: facts.stats.toolCalls, status: facts.status }
  return new Map(growingFacts(counts, text).map(f => [f.label, f.value]))
}

/** Sets the `<dd>` of each fact named in `values` in the page header (`body > header`); returns how many changed. */
export function syncHeaderFacts(doc: Document, values: ReadonlyMap<string, string>): number {
  let changed = 0
  for (const dt of doc.querySelectorAll('body > header dl dt')) {
    const value = values.get(dt.textContent ?? '')
    const dd = dt.nextElementSibling
    if (value === undefined || dd === null || dd.tagName !== 'DD' || dd.textContent === value) continue
    dd.textContent = value
    changed++
  }
  return changed
}
