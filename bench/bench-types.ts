/**
 * The contract between `bench/run.mjs` and each stage module (`bench/<stage>.bench.ts`): the runner
 * bundles a stage, calls its default export with a context, and prints the figures it returns.
 */
export interface BenchContext {
  /** A scratch directory for this stage (under bench/out/, git-ignored). */
  workDir: string
  /** Target size of generated inputs in MB (`BENCH_MB`, default 100). */
  sizeMB: number
  /** Full garbage collection between runs (node --expose-gc), or a no-op. */
  gc(): void
  /** Progress line on stderr. */
  log(line: string): void
}

export interface Figure {
  name: string
  value: number
  unit: string
  note?: string
}

export type BenchStage = (ctx: BenchContext) => Promise<Figure[]>

/** Runs `fn` `runs` times (gc before each) and returns the best and the median throughput in MB/s. */
export async function throughput(ctx: BenchContext, bytes: number, runs: number, fn: () => Promise<unknown> | unknown): Promise<{ best: number; median: number }> {
  const rates: number[] = []
  for (let i = 0; i < runs; i++) {
    ctx.gc()
    const start = performance.now()
    await fn()
    const seconds = (performance.now() - start) / 1000
    rates.push(bytes / 1e6 / seconds)
  }
  rates.sort((a, b) => a - b)
  return { best: rates[rates.length - 1] ?? 0, median: rates[Math.floor(rates.length / 2)] ?? 0 }
}
