import { describe, expect, it } from 'vitest'
import { measure, measureBytes } from './measure'

describe('measure', () => {
  it.each([
    ['<div><p>a</p><br></div>', 3],
    ['a &lt;b&gt; < 3 <3', 0],
    ['<!-- c --><!doctype html><a href="x">y</a></a>', 1],
    ['<svg><path d="M0"/></svg>', 2],
    // A bare Copy button: the script gives it a label or icon child.
    ['<div><button hidden="" data-copy="x-out"></button></div>', 3],
    ['<button type="button" class="md-code-copy" hidden data-copy="" data-copy-code=""></button>', 2],
    ['<p data-copy-text="a">b</p>', 1],
    // Empty attribute values are written bare: a bare `data-copy` is the attribute, `data-copy-…` another one.
    ['<button hidden data-copy data-copy-text="t"></button>', 2],
    ['<button hidden data-copy></button>', 2],
    ['<button hidden data-copy-text="t"></button>', 1],
    ['<button data-copy-skip data-copyx></button>', 1],
    // Text writes quotes verbatim: an attribute look-alike in text is no button.
    ['<p> data-copy="x"</p>', 1],
    ['<button hidden=""></button><p> data-copy="x"</p>', 2],
    ['<button hidden="">a data-copy="x"</button>', 1],
  ])('%s has %i elements', (html, nodes) => expect(measure(html).nodes).toBe(nodes))

  it('counts UTF-8 bytes', () => expect(measure('日本').bytes).toBe(6))

  it.each([
    '<div><p>a</p><br></div>',
    'a &lt;b&gt; < 3 <3',
    '<!-- c --><!doctype html><a href="x">y</a></a>',
    '<p>日本語 · naïve</p><span>😀</span><',
    '<b hidden="" data-copy="a"></b> data-copy="<i data-copy=""',
    '<button hidden="" data-copy="a"></button><button> data-copy="</button><button data-copy="',
    '<button hidden data-copy data-copy-text="t"></button><button data-copy-skip></button><button data-copy',
    '<button data-copy>x</button><button data-copyx>y</button>',
    '',
  ])('measures encoded bytes of %j as the string form', html => {
    expect(measureBytes(Buffer.from(html, 'utf8'))).toEqual(measure(html))
  })
})
