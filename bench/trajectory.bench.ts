/**
 * The Trajectory model beside the conversation fold (issue 29): a generated ~BENCH_MB MB chunk-heavy log
 * (generate-log.ts) read once in the static build's chunk mode (`skip-superseded`) and fed to
 * - the conversation fold alone (what a build does today), and
 * - the conversation and Trajectory folds from the same batches (one read, two folds),
 * - the Trajectory fold alone,
 * then the Trajectory snapshot. Figures: read + fold time of each, the snapshot's time, the retained heap of
 * each fold's state (measured while it lives) and of the snapshot (heap after a full gc, so run under
 * `npm run bench`), and the snapshot's JSON size.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConversationBuilder } from '../src/conversation/builder'
import { readSession } from '../src/log/node/read'
import { TrajectoryBuilder } from '../src/trajectory/builder'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { generateLog } from './generate-log'

const MB = 1024 * 1024

/** Writes the generated log; its strings are let go when this returns (the heap figures start clean). */
function writeLog(path: string, sizeMB: number): void {
  const log = generateLog(sizeMB * 1e6, 7)
  writeFileSync(path, `${[log.header, ...log.batches.flat()].join('\n')}\n`)
}

const stage: BenchStage = async (ctx: BenchContext): Promise<Figure[]> => {
  ctx.log(`trajectory: generating a ~${ctx.sizeMB} MB log`)
  const path = join(ctx.workDir, 'bench.jsonl')
  writeLog(path, ctx.sizeMB)
  const heap = () => {
    ctx.gc()
    ctx.gc()
    return process.memoryUsage().heapUsed
  }
  /** Reads the log once into `folds`; the time, and the heap the folds retain (measured while they live). */
  const fold = async (folds: { append(lines: Iterable<unknown>): void }[]) => {
    const base = heap()
    const start = performance.now()
    for await (const batch of readSession(path, { chunks: 'skip-superseded' })) for (const f of folds) f.append(batch)
    const ms = performance.now() - start
    return { ms, retained: heap() - base }
  }

  ctx.log('trajectory: conversation fold alone')
  const alone = await fold([new ConversationBuilder()])
  ctx.log('trajectory: Trajectory fold alone')
  const trajectory = new TrajectoryBuilder()
  const own = await fold([trajectory as { append(lines: Iterable<unknown>): void }])
  ctx.log('trajectory: both folds, one read')
  const both = await fold([new ConversationBuilder(), new TrajectoryBuilder()] as { append(lines: Iterable<unknown>): void }[])
  const before = heap()
  let start = performance.now()
  const snapshot = trajectory.snapshot()
  const snapshotMs = performance.now() - start
  const snapshotHeap = heap() - before
  start = performance.now()
  const json = JSON.stringify(snapshot).length
  const jsonMs = performance.now() - start
  return [
    { name: 'read + conversation fold', value: Math.round(alone.ms), unit: 'ms' },
    { name: 'read + Trajectory fold', value: Math.round(own.ms), unit: 'ms' },
    { name: 'read + both folds (one read)', value: Math.round(both.ms), unit: 'ms' },
    { name: 'Trajectory snapshot', value: Math.round(snapshotMs), unit: 'ms', note: `${snapshot.records.length} records, ${snapshot.requests.length} requests` },
    { name: 'conversation fold state', value: Math.round(alone.retained / MB), unit: 'MB' },
    { name: 'Trajectory fold state', value: Math.round(own.retained / MB), unit: 'MB' },
    { name: 'both fold states', value: Math.round(both.retained / MB), unit: 'MB' },
    { name: 'Trajectory snapshot (beyond the fold state)', value: Math.round(snapshotHeap / MB), unit: 'MB' },
    { name: 'Trajectory snapshot as JSON', value: Math.round(json / MB), unit: 'MB', note: `${Math.round(jsonMs)} ms to stringify` },
  ]
}

export default stage
