/**
 * Web card (cards.md §10): settled root web_search / web_fetch calls as WebBlock props. Owns the `meta`
 * narrowing, source labels (title, else hostname, else the raw URL), the notices, and link safety: only
 * http/https URLs get an `href` (`safeHref`); everything else is shown as text. The search `answer` stays
 * Markdown source for the site's sanitising markdown pass.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, WebCardModel, WebSource } from './types'
import { asString, everyItem, finiteNumber, isObject, safeHref } from './narrow'
import { flattenResult } from './generic'
import { strings } from './strings'

type RawSource = { url: string; title: string | null; snippet: string | null; publishedAt: string | null }

/** An optional field: absent is null; present but not a string rejects the source. */
function optionalString(o: Record<string, unknown>, key: string): string | null | undefined {
  if (!(key in o) || o[key] === undefined) return null
  return typeof o[key] === 'string' ? o[key] : undefined
}

function narrowSource(v: unknown): RawSource | null {
  if (!isObject(v)) return null
  const url = asString(v.url)
  const title = optionalString(v, 'title')
  const snippet = optionalString(v, 'snippet')
  const publishedAt = optionalString(v, 'publishedAt')
  if (url === null || title === undefined || snippet === undefined || publishedAt === undefined) return null
  return { url, title, snippet, publishedAt }
}

function hostname(url: string): string | null {
  if (!URL.canParse(url)) return null
  const host = new URL(url).hostname
  return host === '' ? null : host
}

const nonEmptyOrNull = (s: string | null): string | null => (s === null || s === '' ? null : s)

function source(raw: RawSource, index: number): WebSource {
  return {
    ordinal: index + 1,
    url: raw.url,
    href: safeHref(raw.url),
    label: nonEmptyOrNull(raw.title) ?? hostname(raw.url) ?? raw.url,
    snippet: nonEmptyOrNull(raw.snippet),
    publishedAt: nonEmptyOrNull(raw.publishedAt),
  }
}

/** The web card of a call, or null for Generic. */
export function webCardModel(node: ToolCallNode, ctx: CardContext): WebCardModel | null {
  const t = strings(ctx.locale)
  const result = node.result
  if (result === null || result.isError || !node.hasCallHead || node.parentCallId !== null) return null
  const meta = result.meta
  if (!isObject(meta) || typeof meta.truncated !== 'boolean') return null
  const flat = flattenResult(result)
  const raw = flat === '' ? null : flat
  if (node.name === 'web_search') {
    const sources = everyItem(meta.sources, narrowSource)
    const answer = optionalString(meta, 'answer')
    if (sources === null || answer === undefined) return null
    const shownAnswer = nonEmptyOrNull(answer)
    return {
      kind: 'web',
      mode: 'search',
      answer: shownAnswer,
      sources: sources.map(source),
      empty: shownAnswer === null && sources.length === 0 ? t.webEmpty : null,
      truncatedNotice: meta.truncated ? t.webSourcesTruncated : null,
      raw,
    }
  }
  if (node.name === 'web_fetch') {
    const url = asString(meta.url)
    const status = finiteNumber(meta.statusCode)
    if (url === null || status === null) return null
    return {
      kind: 'web',
      mode: 'fetch',
      url,
      href: safeHref(url),
      status: t.httpStatus(status),
      truncatedNotice: meta.truncated ? t.webContentTruncated : null,
      raw,
    }
  }
  return null
}
