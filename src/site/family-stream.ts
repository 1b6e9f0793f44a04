/**
 * One big session rendered while a worker thread folds its log (./fold-stream.ts, ./stream-feed.ts): the
 * build's thread renders each batch of sections as it arrives, so the fold and the render share the two
 * cores instead of taking turns. Only a family of one (a session alone in the build: no parent or child
 * pages to link, which need the other members' folds first), not live, not redacted (the whole model is
 * redacted once more after the fold). The pages are the bytes a build from the whole fold writes; when the
 * stream does not hold (`StreamAbandoned`, `StreamRestart`) or anything fails, the files it wrote are taken
 * back and false is returned: the caller renders the session the usual way.
 */
import { headerFacts, summarizeFacts } from './render/chrome'
import { Enricher } from './render/enrich'
import type { FamilyContext, FamilyMember, FamilyResult, Stage } from './family'
import { AttemptOutput } from './write/attempt-output'
import { SessionRenderer, type SectionStream } from './render/render-session'
import type { FoldStarter } from './stream-feed'
import type { SessionSummary } from './types'

export async function renderStreamed(
  member: FamilyMember,
  folds: FoldStarter,
  ctx: FamilyContext,
  result: FamilyResult,
  timed: <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>,
): Promise<boolean> {
  const fold = folds.take(member)
  const renderer = new SessionRenderer(ctx.shell, ctx.text, new Enricher(ctx.highlighter))
  const out = new AttemptOutput(ctx.outDir, ctx.writer)
  const summaryOf = (pages: number) => {
    const end = fold.end()
    return summarizeFacts({ facts: end.facts, firstPrompt: end.firstPrompt, id: member.id, stem: member.stem, pages, warnings: end.warningCount, locale: ctx.locale })
  }
  const stream: SectionStream = {
    locale: ctx.locale,
    batches: fold.batches(),
    end: async () => {
      const summary = summaryOf(1)
      const end = fold.end()
      return { summary, facts: headerFacts(summary, end.facts, ctx.text), tools: end.tools, prompts: end.prompts }
    },
  }
  try {
    // Until the stream's end, the summary stands in for its slug only (render takes the end's).
    const placeholder: SessionSummary = { id: member.id, slug: member.stem, href: '', title: '', project: null, start: null, duration: null, model: null, turns: 0, toolCalls: 0, status: 'running', parentId: null, pages: 1, warnings: 0 }
    const rendered = await timed('render', () =>
      renderer.render(
        {
          view: { locale: ctx.locale, count: 0, at: () => { throw new RangeError('streamed') }, tools: [], prompts: [] },
          summary: placeholder,
          facts: [],
          family: { parent: null, children: [] },
          childByCall: new Map(),
          lang: ctx.locale === 'zh' ? 'zh-CN' : 'en',
          baseUrl: ctx.baseUrl,
          viewMode: ctx.viewMode,
        },
        out,
        null,
        stream,
      ),
    )
    result.timings.render -= renderer.highlightWaitMs
    result.timings.highlight += renderer.highlightWaitMs
    const end = fold.end()
    // The worker's fold, beside the render (the stages overlap: their sum is more than the wall time).
    result.timings.decode += end.ms
    const summary = summaryOf(rendered.pages)
    for (const page of rendered.overBudget) result.overBudget.push(`sessions/${summary.slug}${page > 1 ? `.p${page}` : ''}.html`)
    result.sessions.push({ stem: member.stem, record: { summary, warnings: end.warnings, files: rendered.paths, bytes: member.bytes } })
    ctx.advance(member.bytes)
    result.streamed.done++
    return true
  } catch (error) {
    // Whatever went wrong, the usual path renders the session (and gives a damaged log its page).
    result.streamed.abandoned.push(error instanceof Error ? error.message : String(error))
    await out.takeBack()
    return false
  } finally {
    await fold.close()
  }
}
