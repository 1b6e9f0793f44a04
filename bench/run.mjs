// `npm run bench` (node --expose-gc bench/run.mjs [stage-name-filter…]): runs every bench/*.bench.ts stage
// in name order, one after another, and prints each stage's figures. A stage is a TypeScript module whose
// default export takes a BenchContext and returns Figure[] (bench/bench-types.ts); the runner bundles it
// with esbuild into bench/out/ (git-ignored) so it runs on plain Node. Benchmarks are not tests: nothing
// here fails on a slow figure. BENCH_MB sets the generated input size (default 100).
import { build } from 'esbuild'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const outDir = join(here, 'out')
const filters = process.argv.slice(2)
const sizeMB = Number(process.env.BENCH_MB ?? 100)
if (!Number.isFinite(sizeMB) || sizeMB <= 0) throw new Error(`BENCH_MB must be a positive number (got ${process.env.BENCH_MB})`)

const stages = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
if (stages.length === 0) {
  process.stderr.write(`no bench stage matches ${filters.join(' ')}\n`)
  process.exit(2)
}

const gc = typeof globalThis.gc === 'function' ? () => globalThis.gc() : () => {}
if (typeof globalThis.gc !== 'function') process.stderr.write('note: run with --expose-gc (npm run bench does) for steadier figures\n')
process.stdout.write(`dsh-view bench — Node ${process.version}, ${process.platform}/${process.arch}, input ${sizeMB} MB\n`)

for (const file of stages) {
  const name = file.replace(/\.bench\.ts$/, '')
  const workDir = join(outDir, name)
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  const bundle = join(outDir, `${name}.mjs`)
  await build({
    entryPoints: [join(here, file)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  const { default: run } = await import(pathToFileURL(bundle).href)
  const started = performance.now()
  const figures = await run({ workDir, sizeMB, gc, log: (line) => process.stderr.write(`  … ${line}\n`) })
  process.stdout.write(`\n## ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`)
  const width = Math.max(...figures.map((f) => f.name.length))
  for (const f of figures) {
    process.stdout.write(`  ${f.name.padEnd(width)}  ${String(f.value).padStart(8)} ${f.unit.padEnd(5)}${f.note ? `  ${f.note}` : ''}\n`)
  }
  rmSync(workDir, { recursive: true, force: true })
}
