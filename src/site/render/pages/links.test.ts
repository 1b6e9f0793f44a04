/**
 * Deferred links (./links.ts): the marker the parser looks for is exactly what the Trajectory's ledger
 * (components/trajectory/ledger-html.ts `linkHtml`) writes, each such link gets the href its id resolves to, and nothing else that starts `<a data-x` is
 * taken for one (the `data-x="t"` tab form the parser also read was never written; its path is gone).
 */
import { describe, expect, it } from 'vitest'
import { linkHtml } from '../../../../components/trajectory/ledger-html'
import { countDeferredLinks, resolveLinks } from './links'

const resolve = (id: string) => (id === 'rec-2' ? 'p2.html#rec-2' : `#${id}`)
const rewritten = (html: string) => resolveLinks([Buffer.from(html)], resolve).toString()

describe('deferred links', () => {
  it('are what the ledger writes for a record target, and resolve to their page', () => {
    const html = `<p>${linkHtml({ kind: 'link', label: 'next', to: { target: 'rec-2' } })} and ${linkHtml({ kind: 'link', label: 'here', to: { target: 'rec-1' } })}</p>`
    expect(countDeferredLinks(Buffer.from(html))).toBe(2)
    expect(rewritten(html)).toBe('<p><a href="p2.html#rec-2">next</a> and <a href="#rec-1">here</a></p>')
  })

  it.each([
    ['a tab form nothing writes', '<a data-x="t" href="#k">x</a>'],
    ['an attribute with a value', '<a data-x="" href="#k">x</a>'],
    ['a marker cut before its id ends', '<a data-x href="#rec-'],
    ['a link to elsewhere', '<a href="https://example.com">x</a>'],
  ])('leave %s as it is', (_what, html) => {
    expect(countDeferredLinks(Buffer.from(html))).toBe(html.includes('<a data-x href="#') ? 1 : 0)
    expect(rewritten(html)).toBe(html)
  })
})

describe('a page of chunks', () => {
  it('comes out as one buffer: every chunk in order, each link resolved where it was', () => {
    const link = (id: string) => linkHtml({ kind: 'link', label: id, to: { target: id } })
    const chunks = ['<tbody>', `<tr>${link('rec-2')}é${link('rec-1')}</tr>`, '<tr>plain</tr>', `${link('rec-2')}</tbody>`].map((c) => Buffer.from(c))
    const out = resolveLinks(chunks, resolve)
    expect(out.toString()).toBe('<tbody><tr><a href="p2.html#rec-2">rec-2</a>é<a href="#rec-1">rec-1</a></tr><tr>plain</tr><a href="p2.html#rec-2">rec-2</a></tbody>')
  })

  it('gives an href its UTF-8 bytes, and a lone chunk without links back as it is', () => {
    const html = Buffer.from(`<p>${linkHtml({ kind: 'link', label: 'x', to: { target: 'rec-9' } })}</p>`)
    expect(resolveLinks([html], () => 'página.html#rec-9').toString()).toBe('<p><a href="página.html#rec-9">x</a></p>')
    const plain = Buffer.from('<p>no links</p>')
    expect(resolveLinks([plain], resolve)).toBe(plain)
    expect(resolveLinks([], resolve).length).toBe(0)
  })

  it('keeps a link\'s own `#id` when its target is on the same page (null): the same bytes as that href given', () => {
    const link = (id: string) => linkHtml({ kind: 'link', label: id, to: { target: id } })
    const chunks = [`<tbody><tr>${link('rec-1')}</tr>`, `<tr>é${link('rec-2')}${link('chat-3')}${link('req-4')}</tr>`, `${link('rec-5')}</tbody>`].map((c) => Buffer.from(c))
    const kept = resolveLinks(chunks, (id) => (id === 'rec-2' ? 'p2.html#rec-2' : null))
    expect(kept.toString()).toBe(resolveLinks(chunks, (id) => (id === 'rec-2' ? 'p2.html#rec-2' : `#${id}`)).toString())
    expect(kept.toString()).toBe('<tbody><tr><a href="#rec-1">rec-1</a></tr><tr>é<a href="p2.html#rec-2">rec-2</a><a href="#chat-3">chat-3</a><a href="#req-4">req-4</a></tr><a href="#rec-5">rec-5</a></tbody>')
    expect(resolveLinks([Buffer.from(link('rec-1'))], () => null).toString()).toBe('<a href="#rec-1">rec-1</a>')
  })
})

describe('finding the markers (searched by their tail, checked whole)', () => {
  const marker = '<a data-x href="#'
  // The rule as it reads: every place the whole marker starts, its id up to the next quote.
  const naive = (html: string) => html.split(marker).length - 1
  const naiveRewrite = (html: string) => html.split(marker).map((part, i) => (i === 0 ? part : `<a href="${resolve(part.slice(0, part.indexOf('"')))}${part.slice(part.indexOf('"'))}`)).join('')
  it.each([
    ['a marker at the very start', '<a data-x href="#rec-1">x</a>'],
    ['a marker at the very end, its id cut', 'tail <a data-x href="#rec-'],
    ['the tail without its head', 'data-x href="#rec-1" x href="#rec-2"'],
    ['another element with the attribute', '<b data-x href="#rec-1">x</b>'],
    ['a tail whose head differs by one byte', '<a data-y href="#rec-1"><a  data-x href="#rec-2">'],
    ['a false tail right before a marker', '<p x href="#a"><a data-x href="#rec-1">y</a>'],
    ['markers back to back', '<a data-x href="#rec-1"></a><a data-x href="#rec-2"></a><a data-x href="#rec-3"></a>'],
    ['many x in text', 'xxxxxxxx href="#xx<a data-x href="#rec-2">xx href="#</a>'],
    ['text before the first marker shorter than its head', 'ab<a data-x href="#rec-1">'],
  ])('%s', (_what, html) => {
    expect(countDeferredLinks(Buffer.from(html))).toBe(naive(html))
    if (naive(html) > 0 && !html.endsWith('#rec-')) expect(rewritten(html)).toBe(naiveRewrite(html))
  })
})

