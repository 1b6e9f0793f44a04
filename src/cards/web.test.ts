import { describe, expect, it } from 'vitest'
import { webCardModel } from './web'
import { CTX, call, child, fail, settle, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'

const search = call('web_search', { queries: ['dsh', 'harness'] })
const fetch = call('web_fetch', { url: 'http://127.0.0.1:43117/menu.html' })
const ZH = { ...CTX, locale: 'zh' as const }

describe('web_search card (cards.md §10)', () => {
  it('sources: ordinal, safe href, label fallbacks, optional lines', () => {
    const m = webCardModel(withMeta(search, 'results', { truncated: true, answer: 'The **answer**', sources: [
      { url: 'https://a.example/x', title: 'A', snippet: 'snip', publishedAt: '2026-01-01' },
      { url: 'https://b.example/y', title: '' },
      { url: 'javascript:alert(1)' },
      { url: 'not a url', snippet: '' },
    ] }), CTX)
    expect(m).toEqual({
      kind: 'web', mode: 'search', answer: 'The **answer**', empty: null, truncatedNotice: 'Source list truncated', raw: 'results',
      sources: [
        { ordinal: 1, url: 'https://a.example/x', href: 'https://a.example/x', label: 'A', snippet: 'snip', publishedAt: '2026-01-01' },
        { ordinal: 2, url: 'https://b.example/y', href: 'https://b.example/y', label: 'b.example', snippet: null, publishedAt: null },
        { ordinal: 3, url: 'javascript:alert(1)', href: null, label: 'javascript:alert(1)', snippet: null, publishedAt: null },
        { ordinal: 4, url: 'not a url', href: null, label: 'not a url', snippet: null, publishedAt: null },
      ],
    })
  })
  it('no answer and no sources: No results found / 未找到结果', () => {
    expect(webCardModel(withMeta(search, '', { truncated: false, sources: [] }), CTX)).toMatchObject({ empty: 'No results found', raw: null, truncatedNotice: null })
    expect(webCardModel(withMeta(search, '', { truncated: true, sources: [] }), ZH)).toMatchObject({ empty: '未找到结果', truncatedNotice: '来源列表已截断' })
  })
  it.each<[string, ToolCallNode]>([
    ['running', search],
    ['error', fail(search, 'rate limited')],
    ['no meta', settle(search, 'x')],
    ['truncated missing', withMeta(search, 'x', { sources: [] })],
    ['a source without url', withMeta(search, 'x', { truncated: false, sources: [{ title: 'x' }] })],
    ['a title not a string', withMeta(search, 'x', { truncated: false, sources: [{ url: 'https://x', title: 1 }] })],
    ['answer not a string', withMeta(search, 'x', { truncated: false, sources: [], answer: 3 })],
    ['code-dispatch child', withMeta(child('call_rc', 1, 'web_search', { query: 'x' }), 'x', { truncated: false, sources: [] })],
  ])('Generic: %s', (_name, node) => expect(webCardModel(node, CTX)).toBeNull())
})

describe('web_fetch card (cards.md §10)', () => {
  it('url link, HTTP status, raw body for Details', () => {
    const out = 'Fetched http://127.0.0.1:43117/menu.html (HTTP 200)\n\n# Menu'
    expect(webCardModel(withMeta(fetch, out, { url: 'http://127.0.0.1:43117/menu.html', statusCode: 200, truncated: false }), CTX)).toEqual({
      kind: 'web', mode: 'fetch', url: 'http://127.0.0.1:43117/menu.html', href: 'http://127.0.0.1:43117/menu.html',
      status: 'HTTP 200', truncatedNotice: null, raw: out,
    })
  })
  it('a file: URL stays text; truncation notice', () => {
    expect(webCardModel(withMeta(fetch, 'x', { url: 'file:///etc/passwd', statusCode: 404, truncated: true }), CTX))
      .toMatchObject({ href: null, status: 'HTTP 404', truncatedNotice: 'Content truncated' })
    expect(webCardModel(withMeta(fetch, 'x', { url: 'file:///etc/passwd', statusCode: 404, truncated: true }), ZH))
      .toMatchObject({ status: 'HTTP 404', truncatedNotice: '内容已截断' })
  })
  it.each<[string, ToolCallNode]>([
    ['statusCode missing', withMeta(fetch, 'x', { url: 'https://x', truncated: false })],
    ['url not a string', withMeta(fetch, 'x', { url: 1, statusCode: 200, truncated: false })],
    ['error', fail(fetch, 'timeout')],
  ])('Generic: %s', (_name, node) => expect(webCardModel(node, CTX)).toBeNull())
})
