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
  return transcriptsByPreference(names, child)[0] ?? null
}

/** The directory's transcripts for `child`, most current first: highest generation, zstd before raw on a tie. */
export function transcriptsByPreference(names: Iterable<string>, child: number | null = null): TranscriptFile[] {
  const files: TranscriptFile[] = []
  for (const name of names) {
    const file = transcriptFile(name, child)
    if (file !== null) files.push(file)
  }
  const rank = (f: TranscriptFile) => (f.encoding === 'zstd' ? 1 : 0)
  return files.sort((a, b) => b.generation - a.generation || rank(b) - rank(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * The transcript to follow (log-format.md §2.4, as the static build's discovery picks it): the most current
 * one that starts with a session header. A newer generation that does not (yet) — empty while dsh creates
 * it, garbage after a crash — is passed over and named in `skipped`, and the follower switches to it once
 * its header is there. With no readable one, the most current as before.
 */
export async function pickReadableTranscript(
  names: Iterable<string>,
  child: number | null,
  readable: (file: TranscriptFile) => Promise<boolean>,
): Promise<{ file: TranscriptFile | null; skipped: TranscriptFile[] }> {
  const files = transcriptsByPreference(names, child)
  if (files.length <= 1) return { file: files[0] ?? null, skipped: [] }
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as TranscriptFile
    if (await readable(file)) return { file, skipped: files.slice(0, i) }
  }
  return { file: files[0] ?? null, skipped: [] }
}

/** A pinned file name that is not a transcript name (a legacy flat log): encoding from its suffix. */
export function pinnedFile(name: string): TranscriptFile {
  const parsed = parseTranscriptName(name)
  if (parsed !== null) return { name, generation: parsed.generation, encoding: parsed.encoding === 'zstd' ? 'zstd' : 'raw' }
  return { name, generation: 0, encoding: /\.zstd?$/i.test(name) ? 'zstd' : 'raw' }
}
