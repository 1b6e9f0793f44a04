/**
 * Entry of a fold worker thread (bundled by the package build as dist/fold-worker.mjs; src/site/stream-feed.ts
 * starts it): folds the one log it is started with and streams its sections to the build's thread
 * (./fold-stream.ts). The build's thread acknowledges each message as it takes it; at most WINDOW wait
 * unacknowledged, so a fold faster than the render waits instead of piling sections up between the threads.
 * The bundle holds the reader, the fold and the card models, not the renderer.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { streamFold, type FoldJob, type FromFold } from './fold-stream'

/** Messages in flight between the threads (each up to SECTION_BATCH sections, ~0.4 MB on the bench session). */
const WINDOW = 16

const port = parentPort
if (port === null) throw new Error('fold-worker runs only as a worker thread')

let credits = WINDOW
let waiting: (() => void) | null = null
port.on('message', () => {
  credits++
  const wake = waiting
  waiting = null
  wake?.()
})

const send = async (message: FromFold): Promise<void> => {
  while (credits === 0) await new Promise<void>(resolve => (waiting = resolve))
  credits--
  port.postMessage(message)
}

streamFold(workerData as FoldJob, send)
  .catch((error: unknown) => port.postMessage({ type: 'abandon', reason: error instanceof Error ? error.message : String(error) } satisfies FromFold))
  .finally(() => port.unref())
