/**
 * Runs a command for the benchmarks and measures its wall time and the peak resident memory of its whole
 * process tree (issue 14's "peak RSS", issue 17's memory figure). Two measures, the larger is reported:
 * - a sampler that every `intervalMs` (20) sums the resident pages (`/proc/<pid>/statm`) of the child and
 *   every descendant (found through `/proc/<pid>/task/<tid>/children`, walked with a queue). It sees a tree
 *   of processes but can miss a peak shorter than the interval;
 * - `/usr/bin/time -f %M` around the command when GNU time is there: the kernel's high-water mark
 *   (getrusage), exact but per process — the largest single process of the tree. Its CPU seconds (user +
 *   system) are reported too: on a loaded shared machine they vary far less than wall time.
 * Worker threads are part of their process, so a Node program with workers is one process either way.
 * Linux only (the build machines); elsewhere the sampler reads nothing and the figure is time's or 0.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'

export interface Measured {
  ms: number
  /** Peak resident bytes of the process tree (the larger of the two measures above). */
  peakRss: number
  /** The sampler's peak and GNU time's (0 when absent), bytes. */
  sampledRss: number
  maxrssRss: number
  /** User + system CPU seconds of the command and its waited-for descendants (GNU time; null without it). */
  cpuSeconds: number | null
  status: number | null
  stdout: string
  stderr: string
}

const PAGE = 4096
const TIME = '/usr/bin/time'
const MAXRSS_TAG = 'BENCH_MAXRSS_KB '

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

/** Resident bytes of `root` (unless `descendantsOnly`) and all its descendants right now. */
export function treeRss(root: number, descendantsOnly = false): number {
  let bytes = 0
  const queue = [root]
  const seen = new Set<number>()
  while (queue.length > 0) {
    const pid = queue.shift() as number
    if (seen.has(pid)) continue
    seen.add(pid)
    if (!(descendantsOnly && pid === root)) bytes += Number(readOr(`/proc/${pid}/statm`).split(' ')[1] ?? 0) * PAGE
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue
    }
    for (const tid of tasks) {
      for (const child of readOr(`/proc/${pid}/task/${tid}/children`).split(' ')) if (child.trim() !== '') queue.push(Number(child))
    }
  }
  return bytes
}

export function runMeasured(command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; intervalMs?: number } = {}): Promise<Measured> {
  const wrapped = existsSync(TIME)
  const [file, argv] = wrapped ? [TIME, ['-f', `${MAXRSS_TAG}%M %U %S`, command, ...args]] : [command, [...args]]
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(file, argv, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (s: string) => void (stdout = (stdout + s).slice(-1_000_000)))
    child.stderr.setEncoding('utf8').on('data', (s: string) => void (stderr = (stderr + s).slice(-1_000_000)))
    let sampled = 0
    const sample = () => {
      // Under GNU time, the tree below it: time's own pages are not the tool's.
      if (child.pid !== undefined) sampled = Math.max(sampled, treeRss(child.pid, wrapped))
    }
    const timer = setInterval(sample, options.intervalMs ?? 20)
    child.on('error', (error) => {
      clearInterval(timer)
      reject(error)
    })
    child.on('close', (status) => {
      clearInterval(timer)
      const ms = performance.now() - started
      let maxrss = 0
      let cpuSeconds: number | null = null
      if (wrapped) {
        const at = stderr.lastIndexOf(MAXRSS_TAG)
        if (at >= 0) {
          const [kb, user, sys] = (stderr.slice(at + MAXRSS_TAG.length).trim().split('\n')[0] ?? '').split(' ').map(Number)
          maxrss = (kb ?? 0) * 1024
          cpuSeconds = (user ?? 0) + (sys ?? 0)
          stderr = stderr.slice(0, at)
        }
      }
      resolve({ ms, peakRss: Math.max(sampled, maxrss), sampledRss: sampled, maxrssRss: maxrss, cpuSeconds, status, stdout, stderr })
    })
  })
}
