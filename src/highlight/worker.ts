/**
 * Entry of the highlight worker thread (src/highlight/remote.ts; bundled by the package build as
 * dist/highlight-worker.mjs): tokenizes what it is sent, in order, with this thread's shiki (tokenize.ts),
 * and answers each request by its id. Holds no cache and no budget — those stay with the build.
 */
import { parentPort } from 'node:worker_threads'
import { isLanguage } from './languages'
import { tokenizeHere, warmHere } from './tokenize'

/** A text to colour, or (`warm`) a request to load shiki now, which is not answered. */
export type HighlightRequest = { id: number; lang: string; text: string } | { warm: true }

export type HighlightReply = { id: number; html: string; ms: number } | { id: number; error: string }

const port = parentPort
if (port === null) throw new Error('highlight-worker runs only as a worker thread')

port.on('message', (request: HighlightRequest) => {
  if ('warm' in request) {
    warmHere()
    return
  }
  const reply = (message: HighlightReply) => port.postMessage(message)
  if (!isLanguage(request.lang)) {
    reply({ id: request.id, error: `unknown language ${request.lang}` })
    return
  }
  tokenizeHere(request.lang, request.text).then(
    ({ html, ms }) => reply({ id: request.id, html, ms }),
    (err: unknown) => reply({ id: request.id, error: err instanceof Error ? err.message : String(err) }),
  )
})
