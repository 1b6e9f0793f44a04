import { describe, expect, it } from 'vitest'
import { measure, measureBytes } from './measure'

describe('measure', () => {
  it.each([
    ['<div><p>a</p><br></div>', 3],
    ['a &lt;b&gt; < 3 <3', 0],
    ['<!-- c --><!doctype html><a href="x">y</a></a>', 1],
    ['<svg><path d="M0"/></svg>', 2],
  ])('%s has %i elements', (html, nodes) => expect(measure(html).nodes).toBe(nodes))

  it('counts UTF-8 bytes', () => expect(measure('日本').bytes).toBe(6))

  it.each([
    '<div><p>a</p><br></div>',
    'a &lt;b&gt; < 3 <3',
    '<!-- c --><!doctype html><a href="x">y</a></a>',
    '<p>日本語 · naïve</p><span>😀</span><',
    '',
  ])('measures encoded bytes of %j as the string form', html => {
    expect(measureBytes(Buffer.from(html, 'utf8'))).toEqual(measure(html))
  })
})
