/**
 * Decode throughput of the log reader (issue 2): a generated ~100 MB chunk-heavy log (generate-log.ts),
 * written raw and as dsh-style zstd frames (zstd-batches.ts), read by
 * - the baseline: a plain `JSON.parse` loop over the same lines, already in memory (the limit);
 * - the byte layer alone: file → lines (raw), file → frames → lines (zstd), no parsing;
 * - the whole reader: `summarizeSession` = bytes → lines → LogParser (envelope, packed rows, payload
 *   schemas) → counts and damage, as `inspect` runs it.
 * All MB/s are plaintext MB per second; the ratio to the baseline is what the 70% target means.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLineDecoder, type LogEncoding } from '../src/log/node/line-decoder'
import { summarizeSession } from '../src/log/node/load'
import { fileSource, sourceBytes } from '../src/log/node/source'
import { ZstdCodec } from '../src/log/node/zstd-codec'
import { LogParser } from '../src/log/parser'
import { throughput, type BenchStage, type Figure } from './bench-types'
import { generateLog } from './generate-log'
import { zstdLogFile } from './zstd-batches'

const RUNS = 3

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

  // Sanity before timing: the reader must see the whole log, undamaged.
  for (const path of [rawPath, zstdPath]) {
    const check = await summarizeSession(path)
    if (!check.ok || check.session.invalid.length > 0 || check.session.counts.events !== log.events) {
      throw new Error(`decode bench: ${path} did not read back cleanly`)
    }
  }

  ctx.log('decode: JSON.parse baseline')
  const baseline = await throughput(ctx, plainBytes, RUNS, () => {
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
  const rawSplit = await throughput(ctx, plainBytes, RUNS, decodeFile('jsonl', rawPath, () => undefined))
  const zstdSplit = await throughput(ctx, plainBytes, RUNS, decodeFile('zstd', zstdPath, () => undefined))
  // The pure parser on the raw lines, results dropped at once: what the reader adds on top is batching.
  const rawParse = await throughput(ctx, plainBytes, RUNS, () => {
    const parser = new LogParser()
    return decodeFile('jsonl', rawPath, (text, line) => void parser.line(text, { line }))()
  })
  ctx.log('decode: whole reader')
  const rawRead = await throughput(ctx, plainBytes, RUNS, () => summarizeSession(rawPath))
  const zstdRead = await throughput(ctx, plainBytes, RUNS, () => summarizeSession(zstdPath))

  const mb = (n: number) => Math.round(n * 10) / 10
  const pct = (n: number) => Math.round((n / baseline.best) * 100)
  const figures: Figure[] = [
    { name: 'log size (plaintext)', value: mb(plainBytes / 1e6), unit: 'MB', note: `${lines.length} lines, ${log.events} events, ${log.batches.length + 1} frames` },
    { name: 'log size (zstd)', value: mb(zstd.bytes.length / 1e6), unit: 'MB', note: `${zstd.compressor}, ratio ${(plainBytes / zstd.bytes.length).toFixed(1)}×` },
    { name: 'baseline JSON.parse loop', value: mb(baseline.best), unit: 'MB/s', note: `median ${mb(baseline.median)}` },
    { name: 'raw: bytes → lines', value: mb(rawSplit.best), unit: 'MB/s', note: `median ${mb(rawSplit.median)}` },
    { name: 'zstd: bytes → frames → lines', value: mb(zstdSplit.best), unit: 'MB/s', note: `median ${mb(zstdSplit.median)}` },
    { name: 'raw: lines → LogParser only', value: mb(rawParse.best), unit: 'MB/s', note: `median ${mb(rawParse.median)}; ${pct(rawParse.best)}% of baseline` },
    { name: 'raw: whole reader', value: mb(rawRead.best), unit: 'MB/s', note: `median ${mb(rawRead.median)}; ${pct(rawRead.best)}% of baseline (target ≥ 70%)` },
    { name: 'zstd: whole reader', value: mb(zstdRead.best), unit: 'MB/s', note: `median ${mb(zstdRead.median)}; ${pct(zstdRead.best)}% of baseline (target ≥ 70%)` },
  ]
  return figures
}

export default stage
