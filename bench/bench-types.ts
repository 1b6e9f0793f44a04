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

/**
 * Like `throughput` for several workloads at once, run in rounds (each once per round, in order), so a
 * shared machine's slow and fast spells fall on all of them alike: for figures that are compared with
 * each other (a reader against its baseline). No GC between runs (the caller passes a context whose `gc`
 * it wants).
 */
export async function interleaved<K extends string>(ctx: BenchContext, bytes: number, rounds: number, fns: Record<K, () => Promise<unknown> | unknown>): Promise<Record<K, { best: number; median: number }>> {
  const names = Object.keys(fns) as K[]
  const rates = new Map<K, number[]>(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      ctx.gc()
      const start = performance.now()
      await fns[name]()
      rates.get(name)?.push(bytes / 1e6 / ((performance.now() - start) / 1000))
    }
  }
  const out = {} as Record<K, { best: number; median: number }>
  for (const name of names) {
    const sorted = [...(rates.get(name) ?? [])].sort((a, b) => a - b)
    out[name] = { best: sorted[sorted.length - 1] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 }
  }
  return out
}
