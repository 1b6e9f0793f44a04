/**
 * Decode throughput of the log reader (issue 2; issue 4 "Budgets and speed"): a generated ~100 MB
 * chunk-heavy log (generate-log.ts), written raw and as dsh-style zstd frames (zstd-batches.ts), read by
 * - the baseline: a plain `JSON.parse` loop over the same lines, already in memory (the limit);
 * - the byte layer alone: file → lines (raw), file → frames → lines (zstd), no parsing;
 * - the pure parser alone, in both chunk modes (`expand`, the default, and `skip-superseded`);
 * - the whole reader: `summarizeSession` = bytes → lines → LogParser (envelope, packed rows, payload
 *   schemas) → counts and damage, as `inspect` runs it, in both chunk modes;
 * - reader + conversation fold (`ConversationBuilder`): the static build's decode and fold, both modes.
 * All MB/s are plaintext MB per second; the ratio to the baseline is what the 70% target means.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ConversationBuilder } from '../src/conversation/builder'
import { createLineDecoder, type LogEncoding } from '../src/log/node/line-decoder'
import { summarizeSession } from '../src/log/node/load'
import { readSession } from '../src/log/node/read'
import { fileSource, sourceBytes } from '../src/log/node/source'
import { ZstdCodec } from '../src/log/node/zstd-codec'
import { LogParser, type ChunkMode } from '../src/log/parser'
import { throughput, type BenchStage, type Figure } from './bench-types'
import { generateLog } from './generate-log'
import { zstdLogFile } from './zstd-batches'

const RUNS = 3
const MODES: readonly ChunkMode[] = ['expand', 'skip-superseded']

type Rate = { best: number; median: number }

const stage: BenchStage = async (ctx) => {
  ctx.log(`decode: generating a ~${ctx.sizeMB} MB log`)
  const log = generateLog(ctx.sizeMB * 1e6, 7)
  const lines = [log.header, ...log.batches.flat()]
  const text = `${lines.join('\n')}\n`
  const plainBytes = Buffer.byteLength(text)
  const rawPath = join(ctx.workDir, 'bench.jsonl')
  const zstdPath = join(ctx.workDir, 'bench.jsonl.zstd')
  writeFileSync(rawPath, text)
  ctx.log(`decode: compressing ${log.batches.length} batches`)
  const zstd = await zstdLogFile(log.header, log.batches, ctx.workDir)
  writeFileSync(zstdPath, zstd.bytes)

  // Sanity before timing: the reader must see the whole log, undamaged, in both modes.
  for (const path of [rawPath, zstdPath]) {
    for (const chunks of MODES) {
      const check = await summarizeSession(path, { chunks })
      if (!check.ok || check.session.invalid.length > 0 || check.session.counts.events !== log.events) {
        throw new Error(`decode bench: ${path} did not read back cleanly (${chunks})`)
      }
    }
  }

  // Runs follow each other without the forced full GC `throughput` makes by default: a forced GC right
  // before a run frees the hidden classes of the previous run's dead objects and so deoptimizes the
  // parser's optimized code, which then re-warms inside every timed run (callgrind on a 3 MB log: 2.2× the
  // instructions per run for skip-superseded mode, 1.4× for the default). One GC first, then none.
  ctx.gc()
  const timing = { ...ctx, gc: () => undefined }

  ctx.log('decode: JSON.parse baseline')
  const baseline = await throughput(timing, plainBytes, RUNS, () => {
    let n = 0
    for (const line of lines) n += JSON.parse(line) === null ? 0 : 1
    return n
  })

  ctx.log('decode: byte layer')
  const codec = await ZstdCodec.create()
  const decodeFile = (encoding: LogEncoding, path: string, onLine: (text: string, line: number) => void) => async () => {
    const decoder = createLineDecoder(encoding, { line: onLine, damage: () => undefined }, codec)
    for await (const chunk of sourceBytes(fileSource(path))) decoder.push(chunk)
    return decoder.end()
  }
  const rawSplit = await throughput(timing, plainBytes, RUNS, decodeFile('jsonl', rawPath, () => undefined))
  const wasmBefore = codec.counts.wasm
  const zstdSplit = await throughput(timing, plainBytes, RUNS, decodeFile('zstd', zstdPath, () => undefined))
  const wasmShare = (codec.counts.wasm - wasmBefore) / (RUNS * (log.batches.length + 1))

  ctx.log('decode: parser')
  // The pure parser on the raw lines, results dropped at once: what the reader adds on top is batching.
  const parse = (chunks: ChunkMode) =>
    throughput(timing, plainBytes, RUNS, async () => {
      const parser = new LogParser({ chunks })
      await decodeFile('jsonl', rawPath, (line, n) => void parser.line(line, { line: n }))()
      return parser.flush()
    })
  const rawParse = await parse('expand')
  const rawParseSkip = await parse('skip-superseded')

  ctx.log('decode: whole reader')
  const read = (path: string, chunks: ChunkMode) => throughput(timing, plainBytes, RUNS, () => summarizeSession(path, { chunks }))
  const rawRead = await read(rawPath, 'expand')
  const rawReadSkip = await read(rawPath, 'skip-superseded')
  const zstdRead = await read(zstdPath, 'expand')
  const zstdReadSkip = await read(zstdPath, 'skip-superseded')

  ctx.log('decode: reader + conversation fold')
  const fold = (chunks: ChunkMode) =>
    throughput(timing, plainBytes, RUNS, async () => {
      const builder = new ConversationBuilder()
      for await (const batch of readSession(rawPath, { chunks })) builder.append(batch)
      return builder.snapshot()
    })
  const rawFold = await fold('expand')
  const rawFoldSkip = await fold('skip-superseded')

  const mb = (n: number) => Math.round(n * 10) / 10
  const pct = (n: number) => Math.round((n / baseline.best) * 100)
  const rate = (name: string, r: Rate, extra = ''): Figure => ({ name, value: mb(r.best), unit: 'MB/s', note: `median ${mb(r.median)}; ${pct(r.best)}% of baseline${extra}` })
  const target = ' (target ≥ 70%)'
  return [
    { name: 'log size (plaintext)', value: mb(plainBytes / 1e6), unit: 'MB', note: `${lines.length} lines, ${log.events} events, ${log.batches.length + 1} frames` },
    { name: 'log size (zstd)', value: mb(zstd.bytes.length / 1e6), unit: 'MB', note: `${zstd.compressor}, ratio ${(plainBytes / zstd.bytes.length).toFixed(1)}×` },
    { name: 'baseline JSON.parse loop', value: mb(baseline.best), unit: 'MB/s', note: `median ${mb(baseline.median)}` },
    rate('raw: bytes → lines', rawSplit),
    rate('zstd: bytes → frames → lines', zstdSplit, `; ${Math.round(wasmShare * 100)}% of frames by wasm zstd`),
    rate('raw: LogParser only (expand)', rawParse),
    rate('raw: LogParser only (skip-superseded)', rawParseSkip),
    rate('raw: whole reader (expand)', rawRead, target),
    rate('raw: whole reader (skip-superseded)', rawReadSkip, target),
    rate('zstd: whole reader (expand)', zstdRead, target),
    rate('zstd: whole reader (skip-superseded)', zstdReadSkip, target),
    rate('raw: reader + fold (expand)', rawFold),
    rate('raw: reader + fold (skip-superseded)', rawFoldSkip),
  ]
}

export default stage
