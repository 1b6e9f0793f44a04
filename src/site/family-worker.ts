/**
 * Entry of a site worker thread (src/site/pool.ts; bundled by the package build as dist/site-worker.mjs):
 * renders the families it is sent with src/site/family.ts, each session's files written by this thread,
 * or, as a lane of one big session (src/site/lanes.ts), the batches of sections it is sent, returning their
 * pieces; on `finish` it flushes its writes and reports the highlight cache entries it used or made.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { HighlightCache } from '../highlight/cache'
import { Highlighter } from '../highlight/highlighter'
import { Enricher } from './render/enrich'
import { renderFamily } from './family'
import { relayColourer } from '../highlight/relay'
import { toWire } from './lanes'
import { SessionRenderer } from './render/render-session'
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
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
// A lane asks the build thread for its colours (src/highlight/relay.ts).
const laneColours = setup.laneColours === true ? relayColourer(send) : null

port.on('message', (message: ToWorker) => {
  if (message.type === 'colour-done') {
    laneColours?.done(message)
    return
  }
  void handle(message).catch((err: unknown) => {
    const id = message.type === 'finish' ? null : message.id
    send({ type: 'failed', id, message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? (err.stack ?? null) : null })
  })
})

async function handle(message: ToWorker): Promise<void> {
  await ready
  if (message.type === 'colour-done') return
  if (message.type === 'finish') {
    await writer.flush()
    send({ type: 'finished', cache: cache.touched(), stats: highlighter?.stats ?? { blocks: 0, chars: 0, ms: 0 }, cacheHits: cache.hits })
    return
  }
  if (message.type === 'lane') {
    const { job } = message
    const renderer = new SessionRenderer(setup.shell, text, new Enricher(laneColours?.colourer ?? highlighter, { sessionLeft: job.sessionLeft }))
    const result = toWire(await renderer.renderLaneBatch(job))
    const done: FromWorker = { type: 'lane-done', id: message.id, result }
    send(done, [result.bytes])
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
