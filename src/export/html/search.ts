/**
 * Find in a one-file export (issue 32 point 4): the search shards the site writes beside its pages
 * (src/search/shard.ts, `<stem>.search.js`) ride in the file instead, as one inert JSON data block
 * (`<script type="application/json">`: never executed, so the file's policy needs no hash for it; `<` escaped,
 * so no text in it can end the block). The site's own find client reads it (src/search/client/shards.ts, a
 * `#id` shard) and so finds, marks and opens exactly what it would on the site.
 *
 * One shard for the family: each session's rows, root first, in the file's order. Descendants' row ids carry
 * their stem prefix already (html/keys.ts), so they are unique in the file. Only rows whose id is in a part
 * the file kept are listed — a row of a part left out for the budget has nowhere to jump to. The block holds
 * at most MAX_EXPORT_SEARCH_BYTES; past it the site's rule applies to the whole family (one fair cap per row,
 * then rows dropped from the end, `complete: false`). Deterministic: a function of the shards' text.
 */
import { shardOf, shardOfScript, utf8Length, type SearchShard, type ShardRow } from '../../search/shard'

/** The element holding an export's search data; the find box names it (`data-shard="#…"`). */
export const SEARCH_DATA_ID = 'dsh-search-data'

/** The data block's bytes, at most: four site shards' worth, as much as the embedded full texts may take. */
export const MAX_EXPORT_SEARCH_BYTES = 4_000_000

export interface SessionShard {
  /** The shard script the session's render made (src/search/collector.ts). */
  script: string
  /** Ids the file's kept parts of this session hold. */
  ids: ReadonlySet<string>
}

/** `<` never reaches the block as written: `</script>` in a session's text cannot close it. */
const blockJson = (shard: SearchShard) => JSON.stringify(shard).replace(/</g, '\\u003c')

/** The family's shard, as JSON for the data block, within `budget` bytes. */
export function exportSearchJson(sessions: readonly SessionShard[], root: { stem: string; title: string }, budget: number = MAX_EXPORT_SEARCH_BYTES): string {
  let complete = true
  const entries: ShardRow[] = []
  for (const s of sessions) {
    const shard = shardOfScript(s.script)
    complete &&= shard.complete
    for (const row of shard.rows) if (s.ids.has(row[0])) entries.push(row)
  }
  const base = { v: 1 as const, session: root.stem, title: root.title }
  const whole = blockJson({ ...base, complete, rows: entries })
  if (utf8Length(whole) <= budget) return whole
  // `<` costs six bytes in the block but one in the script shardOf measures: the target shrinks until it fits.
  for (let target = budget; target > 0; target = Math.floor(target * 0.9)) {
    const cut = shardOfScript(shardOf(entries, base, target))
    const json = blockJson({ ...cut, complete: complete && cut.complete })
    if (utf8Length(json) <= budget) return json
  }
  return blockJson({ ...base, complete: false, rows: [] })
}

export const searchBlock = (json: string) => `<script type="application/json" id="${SEARCH_DATA_ID}">${json}</script>`
