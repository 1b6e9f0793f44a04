/**
 * A big session folded on a worker thread while the build's thread renders it (issue 14: one big session
 * uses every core; pages go out as the fold completes them). This is the worker's side: the log is read and
 * folded as `foldLog` folds it; after each read batch the sections the fold has settled (builder `handOut`)
 * become page sections (`SectionConverter`, as `sectionFeed` makes them) and go to the build's thread in
 * batches of SECTION_BATCH, which renders them as they come (src/site/stream-feed.ts, `SessionRenderer`
 * with a `SectionStream`). What the pages need of the whole session — facts, prompt list, tool counts, the
 * first prompt — is gathered on the way (./digest.ts) and sent last.
 *
 * The stream is only ever a faster way to the same pages. When a handed section changes afterwards (a late
 * result for an earlier turn's call, a moved seed cut, a to-do list written with an earlier seq) the fold
 * ends with `stale`, and the build's thread renders the session again from a whole fold of its own; so does
 * any failure here (a damaged log gets its damaged page from that fold).
 */
import type { Locale, PageSection } from '../cards/types'
import { SectionConverter } from '../cards/view-model'
import type { ConversationBuilder } from '../conversation/builder'
import type { SessionFacts, Section } from '../conversation/model'
import type { LogSource } from '../log/node/source'
import { SessionDigest } from './render/digest'
import { foldLog } from './fold/fold-log'
import type { Warning } from './write/manifest'
import type { Prompt } from './render/prompts'
import { SECTION_BATCH } from './render/section-batch'

/** What the build's thread asks a fold worker for. */
export interface FoldJob {
  source: LogSource
  /** The log's size (reads are no bigger; tests pass less, for more reads). */
  bytes: number
  locale: Locale
}

/** The end of a streamed fold: what the session's pages and its manifest record need besides the sections. */
export interface FoldEnd {
  facts: SessionFacts
  firstPrompt: string | null
  prompts: Prompt[]
  tools: [tool: string, count: number][]
  warnings: Warning[]
  warningCount: number
  lines: number
  lastSeq: number
  /** The worker's time from the first read to the end (it overlaps the render). */
  ms: number
}

/** A handed section changed after it went out. */
class StaleStream extends Error {
  constructor() {
    super('a section changed after it was handed out')
  }
}

export type FromFold =
  | { type: 'sections'; sections: PageSection[] }
  | { type: 'end'; end: FoldEnd }
  /** The stream does not hold (a handed section changed, or the log could not be folded): fold it whole. */
  | { type: 'abandon'; reason: string }

/**
 * Folds `job`'s log, sending its sections and then its end through `send`. `send` is awaited: it resolves
 * when the receiver has room for more, so at most a few batches wait between the threads.
 */
export async function streamFold(job: FoldJob, send: (message: FromFold) => Promise<void>): Promise<void> {
  const digest = new SessionDigest()
  const converter = new SectionConverter()
  let pending: PageSection[] = []
  const take = async (sections: readonly Section[], builder: { cwd: string | null; todoWritesSoFar: ConversationBuilder['todoWritesSoFar'] }) => {
    const ctx = { cwd: builder.cwd, home: null, locale: job.locale, todoWrites: builder.todoWritesSoFar }
    for (const section of sections) {
      digest.add(section)
      pending.push(converter.next(section, ctx))
      if (pending.length === SECTION_BATCH) {
        const batch = pending
        pending = []
        await send({ type: 'sections', sections: batch })
      }
    }
  }
  let cwd: string | null = null
  const started = performance.now()
  const folded = await foldLog(job.source, null, {
    chunks: 'skip-superseded',
    bytes: job.bytes,
    handOut: (sections, builder) => {
      // Stop as soon as the stream cannot hold: the build's thread folds the log itself.
      if (builder.handedStale) throw new StaleStream()
      cwd = builder.cwd
      return take(sections, builder)
    },
  }).catch((error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }))
  if (!folded.ok) return send({ type: 'abandon', reason: folded.error })
  if (folded.stale === true) return send({ type: 'abandon', reason: 'a section changed after it was handed out' })
  const { conversation } = folded
  await take(conversation.sections, { cwd: conversation.facts.cwd ?? cwd, todoWritesSoFar: conversation.todoWrites ?? [] })
  if (pending.length > 0) await send({ type: 'sections', sections: pending })
  await send({
    type: 'end',
    end: {
      facts: conversation.facts,
      firstPrompt: digest.firstPrompt,
      prompts: digest.prompts,
      tools: digest.tools,
      warnings: folded.warnings,
      warningCount: folded.warningCount,
      lines: folded.lines,
      lastSeq: folded.lastSeq,
      ms: performance.now() - started,
    },
  })
}
