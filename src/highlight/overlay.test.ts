import { describe, expect, it } from 'vitest'
import { trustHtml } from '../cards/trusted'
import { overlayMarks } from './overlay'

const line = trustHtml('<span class="t1">const</span> x = <span class="t2">&quot;a&lt;b&quot;</span>;')

describe('overlayMarks', () => {
  it('wraps changed stretches, cutting colour runs at the mark boundaries', () => {
    const html = overlayMarks(line, [
      { text: 'const x = "a', changed: false },
      { text: '<b"', changed: true },
      { text: ';', changed: false },
    ])
    expect(html).toBe('<span class="t1">const</span> x = <span class="t2">&quot;a</span><span class="dm"><span class="t2">&lt;b&quot;</span></span>;')
  })

  it('keeps the text byte for byte and escapes it again', () => {
    const html = overlayMarks(line, [{ text: 'const x = "a<b";', changed: true }]) ?? ''
    expect(html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&quot;/g, '"')).toBe('const x = "a<b";')
    expect(html.startsWith('<span class="dm">')).toBe(true)
  })

  it.each([
    ['marks of another text', [{ text: 'let x', changed: true }]],
    ['a fragment that is not ours', null],
  ])('gives null for %s', (_name, marks) => {
    const other = marks === null ? trustHtml('<b>const</b> x = "a<b";') : line
    expect(overlayMarks(other, marks ?? [{ text: 'const x = "a<b";', changed: true }])).toBeNull()
  })
})
