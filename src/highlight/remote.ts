/**
 * A `Tokenizer` whose shiki runs on a worker thread (dist/highlight-worker.mjs, src/highlight/worker.ts):
 * shiki is ~100× slower per byte than the rest of the build, so on a machine with a second core the build
 * renders pages while the worker colours the code they need (src/site/render/enrich.ts starts a section's blocks
 * before it awaits them). The worker starts on the first request, or when the build asks it to warm up (as
 * soon as it knows there are logs to render, so shiki loads while they are read), and holds the process open
 * only while requests are out. Output is the same bytes as on this thread.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Language } from './languages'
import type { Tokenized, Tokenizer } from './tokenize'
import type { HighlightReply, HighlightRequest } from './worker'

/** The bundled worker script beside this module's bundle, or null (running from source). */
export function findHighlightWorker(): string | null {
  for (const rel of ['./highlight-worker.mjs', '../highlight-worker.mjs']) {
    const path = fileURLToPath(new URL(rel, import.meta.url))
    if (existsSync(path)) return path
  }
  return null
}

export function workerTokenizer(script: string): Tokenizer {
  let worker: Worker | null = null
  let failure: Error | null = null
  let nextId = 0
  const waiting = new Map<number, { resolve: (t: Tokenized) => void; reject: (e: Error) => void }>()
  const failAll = (err: Error) => {
    failure ??= err
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
  }
  const start = (): Worker => {
    const w = new Worker(script)
    w.on('message', (reply: HighlightReply) => {
      const entry = waiting.get(reply.id)
      if (entry === undefined) return
      waiting.delete(reply.id)
      if (waiting.size === 0) w.unref()
      if ('error' in reply) entry.reject(new Error(`highlight worker: ${reply.error}`))
      else entry.resolve({ html: reply.html, ms: reply.ms })
    })
    w.on('error', err => failAll(err))
    w.on('exit', code => failAll(new Error(`the highlight worker stopped (exit code ${code})`)))
    return w
  }
  return {
    warm() {
      if (failure !== null) return
      worker ??= start()
      worker.postMessage({ warm: true } satisfies HighlightRequest)
      // Loading alone must not keep the process open.
      if (waiting.size === 0) worker.unref()
    },
    render(lang: Language, text: string): Promise<Tokenized> {
      if (failure !== null) return Promise.reject(failure)
      worker ??= start()
      const id = nextId++
      const request: HighlightRequest = { id, lang, text }
      worker.ref()
      const done = new Promise<Tokenized>((resolve, reject) => waiting.set(id, { resolve, reject }))
      worker.postMessage(request)
      return done
    },
    async close() {
      const w = worker
      worker = null
      failure ??= new Error('the highlight worker was closed')
      if (w !== null) await w.terminate()
    },
  }
}
