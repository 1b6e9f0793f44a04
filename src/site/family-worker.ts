/**
 * Entry of a site worker thread (src/site/pool.ts; bundled by the package build as dist/site-worker.mjs):
 * renders the families it is sent with src/site/family.ts, each session's files written by this thread,
 * and on `finish` flushes its writes and reports the highlight cache entries it used or made.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { HighlightCache } from '../highlight/cache'
import { Highlighter } from '../highlight/highlighter'
import { renderFamily } from './family'
import type { FromWorker, ToWorker, WorkerSetup } from './pool'
import { siteText } from './strings'
import { FileWriter } from './write/writer'

const port = parentPort
if (port === null) throw new Error('site-worker runs only as a worker thread')
// React picks its build from NODE_ENV when first loaded (cli/build.ts sets it for the main thread; a worker
// gets a copy of that environment, this is for any other starter). Through an alias, as in cli/build.ts.
const env = process.env
env['NODE_ENV'] ??= 'production'

const setup = workerData as WorkerSetup
const cache = new HighlightCache(setup.cacheFile)
const ready = cache.load()
const highlighter = setup.highlight ? new Highlighter(cache) : null
const writer = new FileWriter()
const text = siteText(setup.locale)
const send = (message: FromWorker) => port.postMessage(message)

port.on('message', (message: ToWorker) => {
  void handle(message).catch((err: unknown) => {
    const id = message.type === 'family' ? message.id : null
    send({ type: 'failed', id, message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? (err.stack ?? null) : null })
  })
})

async function handle(message: ToWorker): Promise<void> {
  await ready
  if (message.type === 'finish') {
    await writer.flush()
    send({ type: 'finished', cache: cache.touched(), stats: highlighter?.stats ?? { blocks: 0, chars: 0, ms: 0 }, cacheHits: cache.hits })
    return
  }
  const result = await renderFamily(message.members, {
    outDir: setup.outDir,
    shell: setup.shell,
    text,
    locale: setup.locale,
    baseUrl: setup.baseUrl,
    viewMode: setup.viewMode,
    live: false,
    redact: null,
    highlighter,
    writer,
    advance: bytes => send({ type: 'advance', bytes }),
  })
  send({ type: 'done', id: message.id, result })
}
