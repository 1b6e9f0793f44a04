/**
 * The shown projection (issue 32 point 3): what a page assembles from a string — each row is a raw text, what
 * it shows, and (for `findSecrets`) the raw span a token found there covers.
 */
import { describe, expect, it } from 'vitest'
import { findSecrets, redactText } from './scan'
import { assembledHint, shownProjection } from './shown'

const BODY = 'Zq8xW3vN5mK2pL7rT9yB4cD6fH1jG0sA8uEo'

describe('shownProjection', () => {
  it.each([
    ['plain text', 'nothing to do here', null],
    ['carriage return overwrites the line start', 'abcdef\rXY', 'XYcdef'],
    ['CRLF is a line end, not an overwrite', 'ab\r\ncd', null],
    ['backspace steps back', 'abX\bc', 'abc'],
    ['decimal and hex references', '&#103;h&#x70;_ &amp; &lt;', 'ghp_ & <'],
    ['unknown names stay', '&bogus; &#xZZ;', null],
    ['Markdown escapes', 'ghp\\_x \\*y\\*', 'ghp_x *y*'],
    ['JSON \\u escapes', '"pass\\u0077ord"', '"password"'],
    ['code spans join', '`ghp_`abc', 'ghp_abc'],
    ['links and images keep their text', '[ghp_](https://a/b)c ![alt](x.png "t")d', 'ghp_c altd'],
    ['a bracket that is no link stays', 'a[0] = [REDACTED:jwt]', null],
  ])('%s', (_name, raw, shown) => {
    const p = shownProjection(raw)
    expect(p?.text ?? null).toBe(shown)
    if (p !== null) for (let i = 0; i < p.text.length; i++) expect(p.map[i]).toBeLessThan(raw.length)
  })

  it.each([
    ['carriage return', `xxxx${BODY}\rghp_`, `xxxx[REDACTED:github-token]`],
    ['backspace', `ghX\bp_${BODY} end`, `[REDACTED:github-token] end`],
    ['reference', `is &#103;hp_${BODY}.`, `is [REDACTED:github-token].`],
    ['Markdown escape', `is ghp\\_${BODY}.`, `is [REDACTED:github-token].`],
    ['link', `is [ghp_${BODY.slice(0, 9)}](https://a/b)${BODY.slice(9)}.`, `is [[REDACTED:github-token].`], // the link's opening bracket stays,
    ['escaped JSON name', `{"pass\\u0077ord":"Hunter2-Correct-Horse"}`, `{"pass\\u0077ord":"[REDACTED:secret-assignment]"}`],
  ])('findSecrets covers the raw span of a token it assembles: %s', (_name, raw, redacted) => {
    expect(findSecrets(raw).length).toBe(1)
    expect(redactText(raw).text).toBe(redacted)
    expect(redactText(redactText(raw).text).text).toBe(redacted)
  })
})

describe('assembledHint', () => {
  it.each([
    ['a hint the page assembles', `is &#103;hp_${BODY}`, true],
    ['a hint far from every rewritten piece', `ghp_ ${'x'.repeat(600)} \`code\``, false],
    ['no piece at all', `ghp_${BODY}`, false],
    ['pieces spread far apart, the hint by the last', `${'`a` '.padEnd(700, '.')}${'`b` '.padEnd(700, '.')}ghp\\_`, true],
  ])('%s', (_name, text, expected) => {
    expect(assembledHint(text, /ghp_/i)).toBe(expected)
  })
})
