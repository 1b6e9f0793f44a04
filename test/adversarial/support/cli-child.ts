/**
 * The real CLI (bin/dsh-view.mjs → dist/) in a child process, for the memory tests of the adversarial suite:
 * node's flags first (a small heap, a preload), the last 4,000 characters of its output kept, and, with the
 * preload from `peakRssPreload`, the peak RSS the kernel counted for it (`process.resourceUsage().maxRSS`,
 * written at exit, after everything the command did).
 */
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../../bin/dsh-view.mjs', import.meta.url))

/** The heap the memory tests give the CLI: what a log's shape must not need more of. */
export const SMALL_HEAP = ['--max-old-space-size=64']

export interface ChildRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `dsh-view <args>` under node's `node` flags; resolves when it exits. */
export function runCliChild(args: readonly string[], node: readonly string[] = SMALL_HEAP): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...node, BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout = (stdout + d.toString()).slice(-4000)
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000)
    })
    child.on('error', reject)
    child.on('close', code => resolve({ code, stdout, stderr }))
  })
}

/** Writes into `dir` a preload (`--require`) that prints `PEAK_RSS_KB <n>` on stderr at exit; returns its path. */
export function peakRssPreload(dir: string): string {
  const path = join(dir, 'report-rss.cjs')
  writeFileSync(path, "process.on('exit', () => process.stderr.write('\\nPEAK_RSS_KB ' + process.resourceUsage().maxRSS + '\\n'))\n")
  return path
}

/** The peak RSS a run's preload reported, in MB (NaN when it reported none). */
export const peakRssMb = (stderr: string): number => Number(/PEAK_RSS_KB (\d+)/.exec(stderr)?.[1]) / 1024
