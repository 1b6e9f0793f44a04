/**
 * One log read and folded in a single streaming pass (architecture.md §2.3): the reader's batches go
 * straight into the `ConversationBuilder`, so the parsed lines of a 100 MB log are never all held at once —
 * only the conversation model is. Damage is judged as `loadSession` judges it (src/log/node/load.ts:
 * `SessionStats` + `assessDamage`), and what the summary reports (unreadable lines, unknown events, a torn
 * tail) is collected on the way with its line numbers.
 */
import { ConversationBuilder } from '../../conversation/builder'
import type { Conversation } from '../../conversation/model'
import { assessDamage } from '../../log/damage/damage'
import { extendRun, joins, runLength, type RunHead } from '../../log/damage/invalid-runs'
import { SessionStats } from '../../log/node/load'
import { readSession } from '../../log/node/read'
import type { ChunkMode } from '../../log/parser'
import { READ_CHUNK, type LogSource } from '../../log/node/source'
import type { Redactor } from '../../redact/redactor'
import type { Warning } from '../write/manifest'
import { FoldFailure } from './damaged'
import type { ParsedLine } from '../../log/parsed-line'
import { TrajectoryBuilder } from '../../trajectory/builder'
import type { TrajectorySnapshot } from '../../trajectory/model'

const describeError = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))
import { ReplayTimingBuilder, type ReplayTiming } from '../../replay/timing'

/** Warnings kept per log; a log with more is damaged throughout, and its pages show every one anyway. */
const MAX_WARNINGS = 200

export type FoldResult =
  | {
      ok: true
      conversation: Conversation
      warnings: Warning[]
      /** Total, including those beyond the list (the torn tail, when there is one, is one of them). */
      warningCount: number
      /** The log ends in a partial line: a warning no card marks (it is not shown). */
      tornTail: boolean
      /** `ParsedLine`s folded and the last event seq (-1 when none): where a live page's feed takes over. */
      lines: number
      lastSeq: number
      /** The Trajectory record model of the same read (issue 29), when asked for (`trajectory`). */
      trajectory: TrajectorySnapshot | null
      /** The fold's counted requests and calls per tool (an archive record's parts, src/stats/insight.ts); absent: none known. */
      detail?: CountedDetail
      /** The replay timing fold (src/replay/timing.ts), when asked for (`FoldOptions.replay`). */
      timing?: ReplayTiming | null
    }
  | { ok: false; error: string }

export type CountedDetail = ReturnType<ConversationBuilder['countedDetail']>

export interface FoldOptions {
  /**
   * `skip-superseded`: the reader leaves out the `assistant/chunk` events a settled `assistant/message`
   * supersedes (src/log/chunks/superseded.ts; the conversation comes out the same) — most of a chunk-heavy log is
   * such chunks. The static build uses it; default `expand` reads every event.
   */
  chunks?: ChunkMode
  /**
   * The log's size when known (the scan read it): reads are then no bigger than the file. The reader's two
   * read buffers are otherwise 1 MiB each, zero-filled for every log — measured at ~10 ms a log on the build
   * machines, most of the time of a 150 KB session.
   */
  bytes?: number
  /**
   * The start of the log, already read (a preview, src/site/preview.ts): the fold reads only these bytes.
   * They end where a longer log goes on, so a partial line or frame at their end is not a torn tail.
   */
  prefix?: Uint8Array
  /**
   * Fold the Trajectory record model too (src/trajectory), from the same batches: one read of the log feeds
   * both models (issue 29: "no second read").
   */
  trajectory?: boolean
  /**
   * Also fold the log's clocks for replay (src/replay/timing.ts): fed the same batches, and the deltas a
   * skip-superseded reader leaves out through its tap, so the replay sees every delta's clock either way.
   */
  replay?: boolean
}

/** A read size for a file of `bytes`: one read takes it all (the next finds its end), within 4 KiB–1 MiB. */
export const readSize = (bytes: number): number => Math.min(READ_CHUNK, Math.max(4096, bytes + 1))

/**
 * `redactor` (`--redact`): every batch is redacted before anything sees it — the fold, the warnings — and
 * the folded model once more, for secrets split across streamed pieces that only the fold joins.
 */
export async function foldLog(source: LogSource, redactor: Redactor | null = null, options: FoldOptions = {}): Promise<FoldResult> {
  const timing = options.replay === true ? new ReplayTimingBuilder() : null
  const reader = readSession(source, {
    ...(timing === null ? {} : { deltaTap: timing.tap }),
    ...(options.chunks === undefined ? {} : { chunks: options.chunks }),
    ...(options.bytes === undefined ? {} : { chunkSize: readSize(options.bytes) }),
    ...(options.prefix === undefined ? {} : { head: options.prefix }),
  })
  const stats = new SessionStats()
  const builder = new ConversationBuilder()
  // The Trajectory reads the conversation's usage and call counts: both folds take the same lines.
  let trajectory = options.trajectory === true ? new TrajectoryBuilder(builder.counters) : null
  const warnings: Warning[] = []
  let warningCount = 0
  let lines = 0
  let lastSeq = -1
  const path = source.display
  // The line the fold is at, for the damaged page when it throws (src/site/fold/damaged.ts).
  let at: number | null = null
  function* tracked(batch: readonly ParsedLine[]): Generator<ParsedLine> {
    for (const entry of batch) {
      at = entry.line
      yield entry
    }
  }
  // The run of unreadable lines the last entry belonged to, and its warning (null past MAX_WARNINGS).
  let run: { head: RunHead; reason: string; warning: Warning | null } | null = null
  for await (const read of reader) {
    const batch = redactor === null ? read : redactor.lines(read, path)
    lines += batch.length
    for (const entry of batch) {
      stats.add(entry)
      if (entry.kind === 'event' || entry.kind === 'unknown') lastSeq = entry.event.seq
      if (entry.kind !== 'invalid') run = null
      if (entry.kind !== 'invalid' && entry.kind !== 'unknown') continue
      if (entry.kind === 'unknown') {
        warningCount++
        if (warnings.length < MAX_WARNINGS) warnings.push({ path, line: entry.line, message: `${entry.event.type}: ${entry.reason}` })
        continue
      }
      // A run of unreadable lines is one row and one warning, and counts every line it stands for; a run
      // the reader hands out in several batches goes on in the warning it started.
      warningCount += runLength(entry)
      if (run !== null && joins(run.head, entry)) {
        run.head.run = extendRun(run.head, entry)
        if (run.warning !== null) describeRun(run.warning, run.reason, run.head)
        continue
      }
      const head: RunHead = { line: entry.line, code: entry.code, run: entry.run === undefined ? undefined : { ...entry.run, more: [] } }
      const warning = warnings.length < MAX_WARNINGS ? { path, line: entry.line, message: entry.reason } : null
      if (warning !== null) {
        describeRun(warning, entry.reason, head)
        warnings.push(warning)
      }
      run = { head, reason: entry.reason, warning }
    }
    try {
      builder.append(tracked(batch))
      timing?.append(batch)
    } catch (error) {
      throw new FoldFailure(error, at)
    }
    if (trajectory !== null) {
      // A Trajectory that fails takes only itself down: the Chat still gets its pages, with a warning.
      try {
        trajectory.append(tracked(batch))
      } catch (error) {
        trajectory = null
        warningCount++
        warnings.push({ path, line: at, message: `the Trajectory could not be built: ${describeError(error)}` })
      }
    }
  }
  const summary = reader.summary
  // Events left out as superseded still count as lines of the log (a live page resumes after all of them).
  lines += summary.parser.skippedEvents
  if (summary.unreadable !== null || summary.header === null) return { ok: false, error: summary.unreadable ?? 'no session header' }
  const damage = assessDamage(stats.skeleton, { finalLineComplete: true, ...(source.encoding === 'zstd' ? { tornFrame: summary.tornFrame } : {}) })
  const torn = options.prefix === undefined && (summary.tornTail || damage.tornTail)
  if (torn) {
    builder.setTornTail(true)
    // Reported, but not one of the page's "N lines could not be read (marked in the transcript)": a torn
    // tail is not shown, so nothing marks it (the status says damaged). The page's count is its marks'.
    warnings.push({ path, line: null, message: 'the log ends in a partial line (torn tail); it is not shown', lines: 0 })
  }
  // \`finish\`, not \`snapshot\`: the fold is over, and its state goes as the model is made.
  const detail = builder.countedDetail()
  const conversation = redactor === null ? builder.finish() : redactor.value(builder.finish(), { session: path, line: null })
  let snapshot: TrajectorySnapshot | null = null
  try {
    snapshot = trajectory === null ? null : redactor === null ? trajectory.snapshot() : redactor.value(trajectory.snapshot(), { session: path, line: null })
  } catch (error) {
    warningCount++
    warnings.push({ path, line: null, message: `the Trajectory could not be built: ${describeError(error)}` })
  }
  return { ok: true, conversation, warnings, warningCount, tornTail: torn, lines, lastSeq, trajectory: snapshot, detail, timing: timing?.finish() ?? null }
}

/** A warning's wording for a run of unreadable lines: the first line's reason, and how far the run goes. */
function describeRun(warning: Warning, reason: string, head: RunHead): void {
  const count = runLength(head)
  if (count === 1) return
  warning.message = `${reason} (and the ${count - 1} lines after it, to line ${head.run?.lastLine ?? head.line})`
  warning.lines = count
}
