/**
 * Runs of unreadable lines (issue 32): a log with a million blank lines in a row, or a tiny zstd frame that
 * decodes to millions of them, must cost a reader, a fold and a page what one entry costs. Consecutive
 * unreadable lines of one kind are therefore folded into the `invalid` entry of the first (`run`): a count,
 * where the run ends, and the positions and reasons of its first RUN_SAMPLES lines — a size that does not
 * grow with the run. The reader folds what it hands out in one batch, the skip-superseded hold what it holds,
 * and the conversation model (and a live page) what arrives across batches, all by `joins` below.
 *
 * Two kinds never mix in a run: *damage* (a line that could not be read: blank, not JSON, not an event, a
 * bad packed row, a misplaced header, damage found below the line level in a zstd frame) and *reports*
 * (`utf8`: invalid UTF-8 in a line that was still read). A header problem (line 1), a seq gap (reported
 * before the event it precedes, which is kept) and a reader error stay entries of their own. A UTF-8 report
 * followed by the same line's own damage becomes part of that damage's reason (`absorb`), so a run of
 * undecodable garbage lines is one run, not two entries a line.
 */
import type { InvalidCode, InvalidRun, InvalidSample, ParsedLine } from '../parsed-line'

/** Lines a run keeps the position and reason of: the first and the next two. */
export const RUN_SAMPLES = 3

type Invalid = Extract<ParsedLine, { kind: 'invalid' }>

/** The fields of an unreadable line a run is judged on (an `invalid` entry, or the model's copy of one). */
export interface RunHead {
  line: number
  code?: InvalidCode | undefined
  run?: InvalidRun | undefined
}

const DAMAGE: ReadonlySet<InvalidCode | undefined> = new Set<InvalidCode | undefined>(['empty', 'json', 'not-object', 'envelope', 'packed-row', 'misplaced-header', undefined])

/** 'damage', 'report', or null for an entry that never joins a run. */
function kindOf(code: InvalidCode | undefined): 'damage' | 'report' | null {
  if (code === 'utf8') return 'report'
  return DAMAGE.has(code) ? 'damage' : null
}

/** Lines the entry stands for (1, or its run's count). */
export const runLength = (entry: RunHead): number => entry.run?.count ?? 1

/** The last line the entry stands for. */
export const runEnd = (entry: RunHead): number => entry.run?.lastLine ?? entry.line

/** Whether `next` continues the run `prev` ends with: same kind, and its line is the run's last or the next. */
export function joins(prev: RunHead, next: RunHead): boolean {
  const kind = kindOf(prev.code)
  if (kind === null || kind !== kindOf(next.code)) return false
  const end = runEnd(prev)
  return next.line >= end && next.line <= end + 1
}

const sampleOf = (entry: Invalid): InvalidSample => {
  const sample: InvalidSample = { line: entry.line, reason: entry.reason, text: entry.text }
  if (entry.frame !== undefined) sample.frame = entry.frame
  if (entry.offset !== undefined) sample.offset = entry.offset
  return sample
}

/**
 * `first`'s run extended by `next` (an entry, or a run of its own): counts added, the end moved, samples kept
 * up to RUN_SAMPLES. `first.run` is changed in place when there is one (callers fold only entries nobody was
 * given yet), so a run of millions of lines allocates nothing per line.
 */
export function extendRun(first: RunHead, next: Invalid): InvalidRun {
  const run: InvalidRun = first.run ?? { count: 1, lastLine: first.line, more: [] }
  run.count += runLength(next)
  run.lastLine = runEnd(next)
  const lastFrame = next.run === undefined ? next.frame : next.run.lastFrame
  if (lastFrame === undefined) delete run.lastFrame
  else run.lastFrame = lastFrame
  if (run.more.length < RUN_SAMPLES - 1) {
    for (const sample of [sampleOf(next), ...(next.run?.more ?? [])]) if (run.more.length < RUN_SAMPLES - 1) run.more.push(sample)
  }
  return run
}

/**
 * A UTF-8 report on line L followed by line L's own damage: the damage, its reason naming the bad bytes too.
 * Null when `next` does not take `report` in.
 */
function absorb(report: Invalid, next: Invalid): Invalid | null {
  if (report.code !== 'utf8' || report.run !== undefined || next.line !== report.line || kindOf(next.code) !== 'damage') return null
  return { ...next, reason: `${next.reason}; ${report.reason}` }
}

/**
 * Appends `entry` to `out`, folding it into `out`'s last entry when both are unreadable lines of one run.
 * That entry is changed in place: `out` must hold only entries nobody was given yet (a batch being made).
 */
export function pushFolded(out: ParsedLine[], entry: ParsedLine): void {
  let next: ParsedLine = entry
  let last = out[out.length - 1]
  if (next.kind === 'invalid' && last?.kind === 'invalid') {
    const absorbed = absorb(last, next)
    if (absorbed !== null) {
      out.pop()
      next = absorbed
      last = out[out.length - 1]
    }
  }
  if (next.kind === 'invalid' && last?.kind === 'invalid' && joins(last, next)) {
    last.run = extendRun(last, next)
    return
  }
  out.push(next)
}
