/**
 * Families rendered on worker threads (issue 4: a root of many sessions should use every core). Families
 * never depend on each other, so each goes, whole, to whichever worker is free; a worker folds, renders and
 * writes it exactly as the build's own thread would (src/site/family.ts) and sends back what the manifest
 * keeps. Output does not depend on scheduling: every file has one writer, results are put back in family
 * order by the caller, per-session highlight budgets do not depend on what else a worker did, and the
 * highlight cache only ever changes speed (entries a worker used or made are merged into the build's cache
 * and saved once, sorted).
 *
 * The worker script is the package build's `dist/site-worker.mjs` (src/site/family-worker.ts bundled), found
 * beside the CLI bundle; running from source there is none and the build stays on one thread (tests pass a
 * bundled script explicitly).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Locale } from '../cards/types'
import type { ViewMode } from '../cards/view-mode'
import type { HighlightStats } from '../highlight/highlighter'
import type { FamilyMember, FamilyResult } from './family'
import type { Shell } from './html/shell'

/** What every worker is started with (plain data: it is copied to each thread). */
export interface WorkerSetup {
  outDir: string
  shell: Shell
  locale: Locale
  baseUrl: string | null
  viewMode: ViewMode
  /** The highlight cache file (read by each worker), or null when colours are off or memory-only. */
  cacheFile: string | null
  highlight: boolean
}

export type ToWorker = { type: 'family'; id: number; members: FamilyMember[] } | { type: 'finish' }

export type FromWorker =
  | { type: 'advance'; bytes: number }
  | { type: 'done'; id: number; result: FamilyResult }
  | { type: 'failed'; id: number | null; message: string; stack: string | null }
  | { type: 'finished'; cache: [string, string][]; stats: HighlightStats; cacheHits: number }

/** What the workers report once every family is done. */
export interface PoolSummary {
  /** Highlight cache entries the workers used or made: key → fragment. */
  cache: [string, string][]
  stats: HighlightStats
  cacheHits: number
}

/** The bundled worker script next to this module's bundle, or null (running from source). */
export function findWorkerScript(): string | null {
  for (const rel of ['./site-worker.mjs', '../site-worker.mjs']) {
    const path = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(path)) return path
  }
  return null
}

/**
 * Renders `families` on `size` workers; resolves with each family's result in the given order. `advance`
 * is called as sessions finish (any order). A failure in a worker rejects the whole run.
 */
export async function renderOnWorkers(
  script: string,
  size: number,
  setup: WorkerSetup,
  families: readonly FamilyMember[][],
  advance: (bytes: number) => void,
): Promise<{ results: FamilyResult[]; summary: PoolSummary }> {
  const results: (FamilyResult | undefined)[] = new Array(families.length)
  const summary: PoolSummary = { cache: [], stats: { blocks: 0, chars: 0, ms: 0 }, cacheHits: 0 }
  let next = 0
  const lanes = Array.from({ length: Math.max(1, Math.min(size, families.length)) }, () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(script, { workerData: setup })
      let settled = false
      const fail = (err: Error) => {
        if (settled) return
        settled = true
        void worker.terminate()
        reject(err)
      }
      const feed = () => {
        const id = next++
        const members = families[id]
        const message: ToWorker = members === undefined ? { type: 'finish' } : { type: 'family', id, members }
        worker.postMessage(message)
      }
      worker.on('message', (message: FromWorker) => {
        switch (message.type) {
          case 'advance':
            advance(message.bytes)
            return
          case 'done':
            results[message.id] = message.result
            feed()
            return
          case 'failed': {
            const err = new Error(message.message)
            if (message.stack !== null) err.stack = message.stack
            fail(err)
            return
          }
          case 'finished':
            summary.cache.push(...message.cache)
            summary.stats.blocks += message.stats.blocks
            summary.stats.chars += message.stats.chars
            summary.stats.ms += message.stats.ms
            summary.cacheHits += message.cacheHits
            settled = true
            void worker.terminate().then(() => resolve())
            return
        }
      })
      worker.on('error', fail)
      worker.on('exit', code => fail(new Error(`a site worker stopped (exit code ${code})`)))
      feed()
    }),
  )
  await Promise.all(lanes)
  const done: FamilyResult[] = []
  results.forEach((r, i) => {
    if (r === undefined) throw new Error(`a site worker lost family ${i}`)
    done.push(r)
  })
  return { results: done, summary }
}
