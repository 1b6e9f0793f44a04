import { describe, expect, it } from 'vitest'
import { decodeEntities, htmlToText } from './html-text'

describe('htmlToText', () => {
  it('joins a token split across colour spans and keeps rows apart', () => {
    expect(htmlToText('<div><span class="t1">ghp_</span><span class="t2">abc</span></div><div>next</div>')).toBe('ghp_abc\nnext\n')
  })
  it('decodes named and numeric references', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#x27;e&#39; &#128512; &bogus;')).toBe('a & b <c> "d" \'e\' 😀 &bogus;')
  })
})
