/**
 * The dsh-view CLI the site benchmarks run: BENCH_CLI when set (a bundled `cli.mjs`, e.g. a private bundle of
 * another tree), else the checkout's launcher `bin/dsh-view.mjs`. Stages run bundled under bench/out/, so the
 * launcher is looked up from there and from bench/.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function findCli(from: string = import.meta.url): string | null {
  if (process.env['BENCH_CLI']) return process.env['BENCH_CLI']
  for (const rel of ['../bin/dsh-view.mjs', '../../bin/dsh-view.mjs']) {
    const path = fileURLToPath(new URL(rel, from))
    if (existsSync(path)) return path
  }
  return null
}

/** The CLI, or an error that says to build the package first. */
export function requireBuiltCli(): string {
  const cli = findCli()
  if (cli === null || (!process.env['BENCH_CLI'] && !existsSync(join(cli, '../../dist/cli.mjs')))) throw new Error('site bench: the package is not built (run `npm run build`)')
  return cli
}
