/**
 * Real corpus logs as writer timelines: the header line plus the stored records cut into append batches,
 * for the fake writer to replay (live.md §11.1). A real zstd log gives its own batches (one frame per
 * dsh append); a raw log is cut by a repeating pattern of batch sizes, which mixes single-record batches
 * with larger ones the way an agent's 200 ms windows do. Also dsh's project directory name for a cwd
 * (log-format.md §2.2), so fake roots are laid out like real ones. Test-only.
 */
import { decompress } from 'fzstd'
import { scanZstdFrames } from '../../log/bytes/zstd-frames'

export interface Timeline {
  /** The header record (JSON text, no newline). */
  header: string
  /** Stored records (JSON text, no newline) per append batch. */
  batches: string[][]
}

/** Cuts a raw JSONL log (text) into batches; the sizes repeat. Blank trailing text is ignored. */
export function timelineFromJsonl(text: string, sizes: readonly number[] = [1, 4, 2, 7, 3]): Timeline {
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const [header, ...records] = lines
  if (header === undefined) throw new Error('empty log')
  const batches: string[][] = []
  let at = 0
  for (let i = 0; at < records.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1)
    batches.push(records.slice(at, at + size))
    at += size
  }
  return { header, batches }
}

/** A real dsh zstd log: frame 0 is the header, every later frame one append batch. */
export function timelineFromZstd(bytes: Uint8Array): Timeline {
  const scan = scanZstdFrames(bytes)
  if (scan.corrupt !== null || scan.tornStart !== null) throw new Error('timeline source must be an intact zstd log')
  const decoder = new TextDecoder()
  const frames = scan.frames.map((frame) => {
    const text = decoder.decode(decompress(bytes.subarray(frame.start, frame.end)))
    return text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n')
  })
  const [first, ...rest] = frames
  const header = first?.[0]
  if (header === undefined || first?.length !== 1) throw new Error('frame 0 must hold exactly the header line')
  return { header, batches: rest }
}

/** All records of a timeline in order. */
export function timelineRecords(timeline: Timeline): string[] {
  return timeline.batches.flat()
}

/** dsh's project directory for a header cwd (log-format.md §2.2); `_no-cwd` when there is none. */
export function projectDirName(cwd: string | undefined): string {
  if (cwd === undefined) return '_no-cwd'
  let slug = ''
  let lastSeparator = false
  for (let i = 0; i < cwd.length; i++) {
    const ch = cwd[i] ?? ''
    if (ch === '/' || ch === '\\' || ch === ':') {
      if (!lastSeparator) slug += '-'
      lastSeparator = true
      continue
    }
    lastSeparator = false
    slug += /[A-Za-z0-9._-]/.test(ch) ? ch : `~${cwd.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  slug = slug.replace(/^-+/, '')
  if (slug === '') slug = 'root'
  return `--${slug.slice(0, 251)}--`
}
