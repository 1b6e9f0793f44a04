import { describe, expect, it } from 'vitest'
import { everyItem, firstLine, jsonObject, nonBlank, safeHref, singleText } from './narrow'
import { text } from './testing'

describe('safeHref (cards.md §10: only http/https become links)', () => {
  it.each<[string, unknown, string | null]>([
    ['https', 'https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['http', 'http://127.0.0.1:43117/menu.html', 'http://127.0.0.1:43117/menu.html'],
    ['upper-case scheme', 'HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['javascript:', 'javascript:alert(1)', null],
    ['javascript: with spaces and case', ' JavaScript:alert(1)', null],
    ['data:', 'data:text/html,<script>alert(1)</script>', null],
    ['file:', 'file:///etc/passwd', null],
    ['mailto:', 'mailto:a@b.c', null],
    ['relative', '/relative/path', null],
    ['garbage', 'not a url', null],
    ['not a string', 42, null],
  ])('%s', (_name, raw, expected) => expect(safeHref(raw)).toBe(expected))
})

describe('narrowing helpers', () => {
  it('jsonObject accepts objects only', () => {
    expect(jsonObject('{"a":1}')).toEqual({ a: 1 })
    expect(jsonObject('[1]')).toBeNull()
    expect(jsonObject('null')).toBeNull()
    expect(jsonObject('{bad')).toBeNull()
  })
  it('nonBlank rejects whitespace', () => {
    expect(nonBlank('  ')).toBeNull()
    expect(nonBlank(' a ')).toBe(' a ')
  })
  it('firstLine', () => expect(firstLine('a\nb')).toBe('a'))
  it('singleText needs exactly one text block', () => {
    expect(singleText([text('x')])).toBe('x')
    expect(singleText([text('x'), text('y')])).toBeNull()
    expect(singleText([{ type: 'image' }])).toBeNull()
    expect(singleText([])).toBeNull()
  })
  it('everyItem: one bad item rejects the list', () => {
    const num = (v: unknown) => (typeof v === 'number' ? v : null)
    expect(everyItem([1, 2], num)).toEqual([1, 2])
    expect(everyItem([1, 'x'], num)).toBeNull()
    expect(everyItem('x', num)).toBeNull()
  })
})
