/**
 * searchableText is the one-pass form of `compact(normalize(parts.join('\n')))`: the same string for every
 * input, checked against the two-pass definition on every separator character, on cuts that fall inside a
 * word, on a space and on a surrogate pair, and on random texts around the compaction threshold.
 */
import { describe, expect, it } from 'vitest'
import { capText, utf8Length } from './shard'
import { compact, normalize, normalizeAll, replaceGaps, searchableLengthUpTo, searchableText, WHOLE_TEXT } from './text'

const reference = (parts: readonly (string | null | undefined)[]) => compact(normalize(parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n')))

/** A seeded generator (xorshift), so a failure reproduces. */
function random(seed: number) {
  let x = seed
  return (n: number) => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) % n
  }
}

const PIECES = ['a', 'bc', 'word', 'Wörd', '函数', '🙂', ' ', '  ', '\n', '\t', '\r\n', '\u0000', '\u001b[31m', '\u007f', '\u0085', '\u00a0', '\u2028', '\u3000', '\ufeff', '\ud800', 'x\udc00', '…', '12:', 'the', 'end']

describe('searchableText', () => {
  it('changes the gaps normalize() changes, for every UTF-16 code unit', () => {
    // Mismatches collected and asserted once: 327,680 `expect` calls took over 30 s on a loaded CI machine.
    const mismatches: string[] = []
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c)
      for (const text of [`a${ch}b`, `a${ch}${ch}b`, `${ch}a ${ch}`, `a ${ch}b`, `${ch}`]) {
        if (normalizeAll([text]) !== normalize(text)) mismatches.push(`U+${c.toString(16)} in ${JSON.stringify(text)}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('equals compact(normalize(join)) on short, threshold-sized and long texts', () => {
    const next = random(7)
    for (let round = 0; round < 400; round++) {
      const target = [10, WHOLE_TEXT - 5, WHOLE_TEXT + 3, WHOLE_TEXT / 2 + 2, 20_000][round % 5] as number
      const parts: (string | null | undefined)[] = []
      for (let p = 0; p < 1 + next(4); p++) {
        let text = ''
        while (text.length < target / 2) text += PIECES[next(PIECES.length)]
        parts.push(next(6) === 0 ? (next(2) === 0 ? null : '') : text)
      }
      expect(String(searchableText(parts))).toBe(reference(parts))
    }
  })

  it('cuts where compact() cuts: inside a word, on a space, between surrogates', () => {
    const cut = WHOLE_TEXT / 2
    for (const shift of [-2, -1, 0, 1, 2]) {
      const lead = 'x'.repeat(cut + shift)
      for (const rest of [' 🙂 tail', 'abc def abc', '🙂🙂 again 🙂', '\n\nnext line next']) {
        const text = `${lead}${rest} ${'filler words here '.repeat(300)} unique`
        expect(String(searchableText([text]))).toBe(reference([text]))
        expect(String(searchableText(['  ', text, 'more']))).toBe(reference(['  ', text, 'more']))
      }
    }
  })

  it('normalises a start of a text to a start of its normalised form (what row labels rely on)', () => {
    const next = random(11)
    for (let round = 0; round < 300; round++) {
      let text = ''
      while (text.length < 600) text += PIECES[next(PIECES.length)]
      const cut = next(text.length + 1)
      expect(normalize(text).startsWith(normalizeAll([text.slice(0, cut)]))).toBe(true)
    }
  })

  it('keeps each later word once however often it repeats', () => {
    const words = Array.from({ length: 5_000 }, (_, i) => `w${i % 97}`)
    const text = `${'head '.repeat(500)}${words.join('\n')} needle`
    const out = String(searchableText([text]))
    expect(out).toBe(reference([text]))
    expect(out.split(' needle')).toHaveLength(2)
  })
})

describe('CompactText', () => {
  it('reads as its string: length, every head and tail, and capText of it', () => {
    const words = Array.from({ length: 3_000 }, (_, i) => `w${i % 700}${i % 3 === 0 ? '🙂' : ''}`)
    const long = searchableText(['x'.repeat(1_999), words.join('\n')])
    expect(typeof long).not.toBe('string')
    const whole = reference(['x'.repeat(1_999), words.join('\n')])
    expect(long.length).toBe(whole.length)
    for (const n of [0, 1, 1_999, 2_000, 2_002, 2_003, 2_004, 2_010, 5_000, whole.length - 1, whole.length]) {
      if (typeof long === 'string') throw new Error('expected a CompactText')
      expect(long.prefix(n)).toBe(whole.slice(0, n))
      expect(long.suffix(n)).toBe(n === 0 ? '' : whole.slice(whole.length - n))
    }
    for (const cap of [0, 1, 120, 121, 2_003, 4_000, whole.length - 1, whole.length, whole.length + 5]) {
      expect(capText(long, cap)).toBe(capText(whole, cap))
    }
    expect(String(long)).toBe(whole)
  })
})

describe('utf8Length', () => {
  it('counts what TextEncoder writes', () => {
    for (const text of ['', 'abc', 'é', '函数', '🙂', 'a\ud800b', '\udc00', JSON.stringify('\ud800 lone')]) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length)
    }
  })
})

describe('searchableLengthUpTo', () => {
  const long = Array.from({ length: 3_000 }, (_, i) => `word${i % 50}`).join(' ')
  it.each([
    ['empty', [], 120],
    ['missing and empty parts', [null, '', undefined], 120],
    ['short', ['npm test', 'ok'], 120],
    ['exactly at the limit once normalised', ['a'.repeat(118), 'b'], 120],
    ['whitespace runs longer than the limit as written', [`a${' \n\t '.repeat(500)}b`], 120],
    ['whitespace only, long', ['\n'.repeat(5_000)], 120],
    ['controls and odd spaces', ['\u001b[31m\u00a0x\u2028'.repeat(100)], 120],
    ['a long output among parts', ['title', null, long, 'tail'], 120],
    ['long, compacted', [long], 2_000],
    ['a gap cut at the head', [`${'x'.repeat(480)}${' '.repeat(100)}y`], 120],
    ['surrogates', ['🙂'.repeat(300)], 120],
  ] as [string, (string | null | undefined)[], number][])('%s', (_name, parts, limit) => {
    expect(searchableLengthUpTo(parts, limit)).toBe(Math.min(String(searchableText(parts)).length, limit))
  })

  it('refuses a limit a compacted text could fall under', () => {
    expect(() => searchableLengthUpTo(['x'], WHOLE_TEXT)).toThrow(RangeError)
  })
})

describe('replaceGaps (issue 32: a text of millions of short lines)', () => {
  const GAPS = /[\s\u0000-\u001f\u007f]{2,}|[\u0000-\u001f\u007f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g
  const alphabet = ['a', 'é', '中', '\ud83d\ude00', ' ', '  ', '\n', '\r\n', '\t', '\u0000', '\u007f', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0085', 'x y']

  it('is the regex replace on random texts, across its piece boundaries', () => {
    const next = random(32)
    for (let round = 0; round < 60; round++) {
      let text = ''
      const length = round < 30 ? next(40) : 8_000 + next(20_000)
      for (let i = 0; i < length; i++) text += alphabet[next(alphabet.length)]
      expect(replaceGaps(text)).toBe(text.replace(GAPS, ' '))
    }
  })

  it('returns an unchanged text as it is and turns a million short lines into a million words', () => {
    expect(replaceGaps('a b c')).toBe('a b c')
    const text = '0\n1\n'.repeat(500_000)
    const spaced = replaceGaps(text)
    expect(spaced.length).toBe(text.length)
    expect(spaced.slice(0, 8)).toBe('0 1 0 1 ')
    expect(normalizeAll([text])).toBe(spaced.trim())
  })
})
