/**
 * Which file in a session directory the follower reads (live.md §6.9, §7.4; log-format.md §2.4): the
 * highest `session.vN` generation of the wanted child slot, the zstd file winning a tie (dsh's default
 * encoding). Names are judged by src/log/node/names.ts, the same rules the static build's discovery uses,
 * so `.lock`, `session.lock` and `*.tmp` are never transcripts. The child slot exists for the upstream
 * fixture layout (`session.1.jsonl` beside `session.jsonl`); real dsh directories hold one session.
 */
import { parseTranscriptName } from '../../log/node/names'

export type TranscriptEncoding = 'raw' | 'zstd'

export interface TranscriptFile {
  name: string
  generation: number
  encoding: TranscriptEncoding
}

/** A transcript name's facts, or null for anything else. */
export function transcriptFile(name: string, child: number | null = null): TranscriptFile | null {
  const parsed = parseTranscriptName(name)
  if (parsed === null || parsed.child !== child) return null
  return { name, generation: parsed.generation, encoding: parsed.encoding === 'zstd' ? 'zstd' : 'raw' }
}

/** The current transcript among a directory's entries for `child` (null: the session's own). */
export function pickTranscript(names: Iterable<string>, child: number | null = null): TranscriptFile | null {
  let best: TranscriptFile | null = null
  for (const name of names) {
    const file = transcriptFile(name, child)
    if (file === null) continue
    if (best === null || file.generation > best.generation || (file.generation === best.generation && file.encoding === 'zstd' && best.encoding === 'raw')) best = file
  }
  return best
}

/** A pinned file name that is not a transcript name (a legacy flat log): encoding from its suffix. */
export function pinnedFile(name: string): TranscriptFile {
  const parsed = parseTranscriptName(name)
  if (parsed !== null) return { name, generation: parsed.generation, encoding: parsed.encoding === 'zstd' ? 'zstd' : 'raw' }
  return { name, generation: 0, encoding: /\.zstd?$/i.test(name) ? 'zstd' : 'raw' }
}
