/** Ledger previews (trajectory.md §3.2): GFM to plain text, whitespace collapsed, 2,048 / 512 cuts. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { collapseWhitespace, firstChars, markdownPlainText, needsLexing, PREVIEW_CHARS, PREVIEW_HEAD_UNITS, PREVIEW_MEMO, PREVIEW_SOURCE_CHARS, previewText } from './preview'

describe('previewText', () => {
  it.each<[string, string, string]>([
    ['inline code keeps its text', 'run bash `echo CODE_ROUND_OK`, then read', 'run bash echo CODE_ROUND_OK, then read'],
    ['emphasis and strong are stripped', 'a **b** *c* ~~d~~', 'a b c d'],
    ['a link keeps its label, an image its alt text', '[label](http://x) ![alt text](i.png)', 'label alt text'],
    ['raw HTML stays literal', 'x <b>raw</b> y', 'x <b>raw</b> y'],
    ['character references are decoded', 'a &amp; b &#x41; &lt;', 'a & b A <'],
    ['list markers are dropped', '- one\n- two\n  - three', 'one two three'],
    ['headings, quotes and fences keep their text', '# Title\n\n> quoted\n\n```ts\nconst x = 1\n```', 'Title quoted const x = 1'],
    ['a table keeps its cells', '| a | b |\n|---|---|\n| 1 | 2 |', 'a b 1 2'],
    ['whitespace collapses', '  line one\n\n\nline   two  ', 'line one line two'],
    ['a backslash escape is its character', '\\*not em\\*', '*not em*'],
    ['empty', '', ''],
  ])('%s', (_name, source, want) => {
    expect(previewText(source)).toBe(want)
  })

  it('cuts to 512 characters and appends …', () => {
    const long = 'word '.repeat(200)
    const preview = previewText(long)
    expect(Array.from(preview)).toHaveLength(PREVIEW_CHARS + 1)
    expect(preview.endsWith('…')).toBe(true)
  })

  it('reads only the first 2,048 source characters, and says it cut', () => {
    const source = `${'a'.repeat(PREVIEW_SOURCE_CHARS - 1)} ${'b'.repeat(100)}`
    const preview = previewText(source)
    expect(preview.includes('b')).toBe(false)
    expect(previewText(`[${'x'.repeat(300)}](http://${'y'.repeat(3000)})`).endsWith('…')).toBe(true)
  })

  it('counts characters, not UTF-16 units (no split surrogate pair)', () => {
    const preview = previewText('😀'.repeat(600))
    expect(Array.from(preview)).toHaveLength(PREVIEW_CHARS + 1)
  })
})

describe('the preview memo', () => {
  it('gives the same preview for a text seen before, also after the memo filled and was forgotten', () => {
    const texts = Array.from({ length: PREVIEW_MEMO + 10 }, (_, i) => `**item ${i}** see [doc](http://x/${i})`)
    const first = texts.map(previewText)
    expect(first[3]).toBe('item 3 see doc')
    // Second round: the early texts were forgotten when the memo filled, the late ones are remembered.
    expect(texts.map(previewText)).toEqual(first)
    expect(first).toEqual(texts.map((t) => markdownPlainText(t).replace(/\s+/g, ' ').trim()))
  })
})

describe('the lexer shortcut', () => {
  const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

  it('text without Markdown syntax reads the same with and without the lexer (fast-check)', () => {
    const alphabet = fc.constantFrom(...'ab Z09.,:;!?()"\'{}/@$%^=+-#>\n\t'.split(''), '日本', '🙂', '  \n')
    const text = fc.array(alphabet, { maxLength: 80 }).map((parts) => parts.join(''))
    fc.assert(fc.property(text, (s) => !needsLexing(s) ? collapse(markdownPlainText(s)) === collapse(s) : true), { numRuns: 2000, seed: 29 })
  })

  it.each(['a *b*', 'x_y_', '[l](u)', '`c`', '<b>', '&amp;', '~~s~~', 'a | b', '# h', '> q', '- i', '+ i', '1. i', '2) i', 'h\n===', '\\*'])('%j needs the lexer', (text) => {
    expect(needsLexing(text)).toBe(true)
  })
})

describe('firstChars', () => {
  /** The rule as `Array.from` writes it. */
  const reference = (text: string, max: number): string | null => {
    const chars = Array.from(text)
    return chars.length > max ? chars.slice(0, max).join('') : null
  }

  it.each<[string, string, number, string | null]>([
    ['shorter than max', 'abc', 5, null],
    ['exactly max', 'abcde', 5, null],
    ['one more', 'abcdef', 5, 'abcde'],
    ['a pair inside the cut', 'a😀bcdef', 3, 'a😀b'],
    ['a pair right after the cut', 'abc😀', 3, 'abc'],
    ['pairs make a long text short enough', '😀😀😀', 3, null],
    ['a lone lead surrogate is one character', '\ud800abcd', 2, '\ud800a'],
    ['a lone trail surrogate is one character', 'a\udc00bcd', 2, 'a\udc00'],
  ])('%s', (_name, text, max, want) => {
    expect(firstChars(text, max)).toBe(want)
    expect(reference(text, max)).toBe(want)
  })

  it('agrees with Array.from on generated text (fast-check)', () => {
    const alphabet = fc.constantFrom('a', ' ', '日', '😀', '\ud83d', '\ude00', '…')
    const text = fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join(''))
    fc.assert(fc.property(text, fc.integer({ min: 0, max: 30 }), (s, max) => firstChars(s, max) === reference(s, max)), { numRuns: 5000, seed: 29 })
  })
})

describe('collapseWhitespace', () => {
  const reference = (text: string): string => text.replace(/\s+/g, ' ').trim()

  it.each(['', ' ', 'a', ' a ', 'a b', 'a  b', 'a\nb', 'a \n b', '\n\na\t\tb\r\n', 'a\u00a0b', 'a \u3000 b', 'x\u2028\u2029y', ' \ufeff'])('%j reads as the regex it replaces', (text) => {
    expect(collapseWhitespace(text)).toBe(reference(text))
  })

  it('agrees with /\\s+/ → " " and trim on generated text (fast-check)', () => {
    const alphabet = fc.constantFrom('a', 'Z', '日', '😀', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u180e', '\u200b', '\v', '\f')
    const text = fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join(''))
    fc.assert(fc.property(text, (s) => collapseWhitespace(s) === reference(s)), { numRuns: 5000, seed: 29 })
  })
})

describe('the head shortcut of long previews', () => {
  // The preview as it was made before the shortcut: the whole source collapsed, then cut.
  const whole = (markdown: string): string => {
    const cutSource = markdown.length > PREVIEW_SOURCE_CHARS
    const source = cutSource ? markdown.slice(0, PREVIEW_SOURCE_CHARS) : markdown
    const plain = collapseWhitespace(needsLexing(source) ? markdownPlainText(source) : source)
    const cut = firstChars(plain, PREVIEW_CHARS)
    return cut !== null ? `${cut}…` : cutSource ? `${plain}…` : plain
  }
  const pad = (n: number, unit: string): string => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)

  it.each<[string, string]>([
    ['plain words past the head', 'word '.repeat(400)],
    ['whitespace runs that collapse the head below 513', `${'a\n\n\n\n'.repeat(300)}b`],
    ['only whitespace after the head', `${'x'.repeat(600)}${' '.repeat(2000)}`],
    ['whitespace from the 512th character on', `${'x'.repeat(512)}${' \n'.repeat(900)}`],
    ['a 513th character right before the head ends', `${'x'.repeat(513)}${' '.repeat(PREVIEW_HEAD_UNITS - 513)}y`],
    ['leading whitespace longer than the head', `${' '.repeat(PREVIEW_HEAD_UNITS + 5)}${'z'.repeat(600)}`],
    ['a surrogate pair cut by the head', `${'🙂'.repeat(PREVIEW_HEAD_UNITS)}`],
    ['surrogates then a pair on the head edge', `${pad(PREVIEW_HEAD_UNITS - 1, 'ab')}🙂${'c'.repeat(100)}`],
    ['a long text with Markdown', `# Title\n\n${'some **bold** text and `code` '.repeat(80)}`],
    ['a long source past 2,048', `${'k '.repeat(1500)}`],
    ['exactly 512 characters then whitespace', `${'q'.repeat(512)}${'\t'.repeat(400)}`],
  ])('%s', (_name, source) => {
    expect(previewText(source)).toBe(whole(source))
  })

  it('agrees with collapsing the whole text on generated long text (fast-check)', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', '  ', '\n', '\t', '\n\n\n', '🙂', '日', 'word ', '*', '#', '\u00a0', ' '.repeat(40))
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 100, maxLength: 900 }), (parts) => {
        const source = parts.join('')
        expect(previewText(source)).toBe(whole(source))
      }),
      { numRuns: 300 },
    )
  })
})
