import { describe, expect, it } from 'vitest'
import { attributeValues, decodeAttribute, inStartTag } from './markup-scan'
import { collectIds } from '../render/pages/anchors'
import { renderStaticMarkup } from './static-markup'

describe('attributeValues', () => {
  it.each([
    ['<div id="a"><p id="b">x</p></div>', 'id', ['a', 'b']],
    // Text writes quotes verbatim: a look-alike in text is not an attribute.
    ['<p> id="fake"</p><i id="real"></i>', 'id', ['real']],
    ['<p>a > b id="fake"</p>', 'id', []],
    ['plain text id="fake"', 'id', []],
    ['<a data-id="no" id="yes">', 'id', ['yes']],
    ['<a href="#x">t href="#y"</a><b href="&quot;z">', 'href', ['#x', '&quot;z']],
    ['<p style="color:red">style="x"</p>', 'style', ['color:red']],
    ['<a id="unterminated', 'id', []],
  ])('%s → %s %j', (html, name, values) => expect([...attributeValues(html, name)]).toEqual(values))
})

describe('inStartTag', () => {
  it.each([
    ['<a b>', 2, true],
    ['<a b>c', 5, false],
    ['x<a>', 0, false],
    ['<a>&lt;b c', 9, false],
  ])('%s at %i → %s', (html, at, inside) => expect(inStartTag(html, at)).toBe(inside))
})

describe('rendered text that reads like markup', () => {
  it('is text to every scan (ids)', () => {
    const html = renderStaticMarkup(
      <div id="row:1">
        <pre>{'<div id="turn-1"> id="turn-2" style="x" \'q\''}</pre>
        <span title={'id="no"'}>{' id="turn-3"'}</span>
      </div>,
    )
    // The quotes are verbatim in the text, escaped in the attribute.
    expect(html).toContain(' id="turn-2"')
    expect(html).toContain('title="id=&quot;no&quot;"')
    expect(collectIds(html)).toEqual(['row:1'])
    expect([...attributeValues(html, 'style')]).toEqual([])
  })

  it('decodes what the escapers write', () => expect(decodeAttribute('a&amp;b&quot;&#x27;&#39;&lt;&gt;&nbsp;')).toBe('a&b"\'\'<>&nbsp;'))
})
