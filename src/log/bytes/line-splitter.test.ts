import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LineSplitter, type LongLines } from './line-splitter'
import { firstInvalidUtf8 } from './utf8'

const enc = new TextEncoder()

/** Feeds `bytes` in pieces cut at `cuts` and returns the lines and the remainder. */
function split(bytes: Uint8Array, cuts: number[] = []) {
  const lines: { text: string; line: number }[] = []
  const splitter = LineSplitter.text((text, line) => lines.push({ text, line }))
  let at = 0
  for (const cut of [...cuts].sort((a, b) => a - b).concat(bytes.length)) {
    // A fresh copy per piece, scribbled over after the push: the splitter must not keep references.
    const piece = bytes.slice(at, cut)
    splitter.push(piece)
    piece.fill(0x41)
    at = cut
  }
  return { lines, rest: splitter.takeRemainder(), count: splitter.lineCount }
}

describe('LineSplitter', () => {
  it('numbers lines from 1 and holds the unterminated tail', () => {
    const { lines, rest } = split(enc.encode('{"a":1}\n{"b":2}\npartial'))
    expect(lines).toEqual([
      { text: '{"a":1}', line: 1 },
      { text: '{"b":2}', line: 2 },
    ])
    expect(rest).toEqual({ text: 'partial', byteLength: 7, line: 3 })
  })

  it('returns no remainder when the input ends on a newline, and keeps empty lines', () => {
    const { lines, rest } = split(enc.encode('x\n\ny\n'))
    expect(lines.map((l) => l.text)).toEqual(['x', '', 'y'])
    expect(rest).toBeNull()
  })

  it('gives the same lines for every single cut position, including inside multi-byte characters', () => {
    const text = '{"t":"héllo 日本 🙂"}\n{"u":"\\n"}\nlast line 李\n'
    const bytes = enc.encode(text)
    const want = text.split('\n').slice(0, -1)
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(split(bytes, [cut]).lines.map((l) => l.text)).toEqual(want)
    }
  })

  it('joins a line that spans many chunks', () => {
    const long = 'x'.repeat(10_000)
    const bytes = enc.encode(`${long}\nend\n`)
    const cuts = Array.from({ length: 99 }, (_, i) => (i + 1) * 100)
    expect(split(bytes, cuts).lines.map((l) => l.text)).toEqual([long, 'end'])
  })

  it('continues numbering after a taken remainder and from a given first line', () => {
    const lines: number[] = []
    const splitter = LineSplitter.text((_, line) => lines.push(line), 10)
    splitter.push(enc.encode('a\nb'))
    expect(splitter.takeRemainder()?.line).toBe(11)
    splitter.push(enc.encode('c\n'))
    expect(lines).toEqual([10, 12])
    expect(splitter.lineCount).toBe(12)
    expect(splitter.pendingBytes).toBe(0)
  })

  it('decodes invalid UTF-8 as U+FFFD instead of failing', () => {
    const { lines } = split(Uint8Array.from([0x7b, 0xff, 0x7d, 0x0a]))
    expect(lines[0]?.text).toBe('{\uFFFD}')
  })

  it('matches String.split for any text and any chunking (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.array(fc.nat()), (text, rawCuts) => {
        const bytes = enc.encode(text)
        const cuts = rawCuts.map((c) => c % (bytes.length + 1))
        const { lines, rest } = split(bytes, cuts)
        const parts = text.split('\n')
        const tail = parts.pop() ?? ''
        expect(lines.map((l) => l.text)).toEqual(parts)
        expect(rest?.text ?? '').toBe(tail)
      }),
    )
  })

  it('hands lines over as bytes, the same lines the text sink gets, through the given search (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }).map((b) => b.map((x) => (x % 7 === 0 ? 0x0a : x))), fc.array(fc.nat()), (bytes, rawCuts) => {
        const cuts = rawCuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b)
        const texts = split(bytes, cuts).lines
        const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
        const seen: { text: string; line: number }[] = []
        let searches = 0
        const splitter = new LineSplitter(
          (chunk, start, end, line) => seen.push({ text: decoder.decode(chunk.subarray(start, end)), line }),
          1,
          { textOf: (b, s, e) => decoder.decode(b.subarray(s, e)), find: (b, byte, from) => (searches++, b.indexOf(byte, from)) },
        )
        let at = 0
        for (const cut of [...cuts, bytes.length]) {
          splitter.push(bytes.slice(at, cut))
          at = cut
        }
        expect(seen).toEqual(texts)
        if (texts.length > 0) expect(searches).toBeGreaterThan(0)
      }),
    )
  })
})

describe('LineSplitter with a line-length cap', () => {
  /** Splits `text` cut at `cuts` with a cap of 10 bytes; overlong lines appear as `!line:start:length`. */
  function capped(text: string, cuts: number[]) {
    const out: string[] = []
    const splitter = new LineSplitter((bytes, start, end, line) => out.push(`${line}:${new TextDecoder().decode(bytes.subarray(start, end))}`), 1, undefined, {
      maxLineBytes: 10,
      overlong: (line, start, length) => out.push(`!${line}:${start}:${length}`),
    })
    const bytes = enc.encode(text)
    let at = 0
    for (const cut of [...cuts, bytes.length]) {
      splitter.push(bytes.slice(at, cut))
      at = cut
    }
    const rest = splitter.takeRemainder()
    return { out, rest: rest === null ? null : `${rest.line}:${rest.text}:${rest.byteLength}`, pending: splitter.pendingBytes }
  }

  it.each<[string, string, number[], string[], string | null]>([
    ['exactly at the cap: kept', 'abcdefghij\nk\n', [], ['1:abcdefghij', '2:k'], null],
    ['one byte over, in one piece', 'abcdefghijk\nz\n', [], ['!1:0:11', '2:z'], null],
    ['over, arriving across pieces', 'a\nbcdefghijklmnop\nz\n', [3, 6, 9, 14], ['1:a', '!2:2:15', '3:z'], null],
    ['over only once its newline piece is joined', 'a\nbcdefghij' + 'kl\nz\n', [11], ['1:a', '!2:2:11', '3:z'], null],
    ['an overlong torn tail: its length only', 'a\nbcdefghijklmnop', [5], ['1:a'], '2::15'],
    ['lines after an overlong one keep their numbers and offsets', 'x'.repeat(25) + '\ny\n' + 'z'.repeat(12) + '\nw\n', [4, 20, 30], ['!1:0:25', '2:y', '!3:28:12', '4:w'], null],
  ])('%s', (_, text, cuts, want, rest) => {
    const got = capped(text, cuts)
    expect(got.out).toEqual(want)
    expect(got.rest).toBe(rest)
  })

  it('keeps nothing of an overlong line while it lasts (600 MB in 1 MiB pieces, no newline yet)', () => {
    const reports: number[] = []
    const splitter = new LineSplitter(() => undefined, 1, undefined, { maxLineBytes: 256 * 1024 * 1024, overlong: (_line, _start, length) => reports.push(length) })
    const piece = new Uint8Array(1024 * 1024).fill(0x78)
    for (let i = 0; i < 600; i++) splitter.push(piece)
    // Counted, not held: what is pending is a count, and the next newline reports it.
    expect(splitter.pendingBytes).toBe(600 * 1024 * 1024)
    splitter.push(enc.encode('\n{"next":1}\n'))
    expect(reports).toEqual([600 * 1024 * 1024])
    expect(splitter.lineCount).toBe(2)
  })
})

describe('LineSplitter with long lines as text', () => {
  /** Every line as `line:text:invalidAt` (a byte line's invalidAt computed from its bytes), and the remainder. */
  function run(bytes: Uint8Array, cuts: number[], above: number | null, maxLineBytes = Number.POSITIVE_INFINITY) {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
    const out: string[] = []
    // A long line's runs are joined here, to compare with the byte path's whole line.
    const long: LongLines | null =
      above === null
        ? null
        : {
            above,
            open: () => {
              const runs: string[] = []
              return {
                piece: (text) => runs.push(text),
                end: (invalidAt, byteLength, line) => out.push(`${line}:${runs.join('')}:${invalidAt}:${byteLength}:long`),
                torn: () => runs.join(''),
              }
            },
          }
    const splitter = new LineSplitter(
      (chunk, start, end, line) => {
        const bad = firstInvalidUtf8(chunk, start, end)
        out.push(`${line}:${decoder.decode(chunk.subarray(start, end))}:${bad === end - start ? -1 : bad}:${end - start}`)
      },
      1,
      undefined,
      { maxLineBytes, overlong: (line, start, length) => out.push(`!${line}:${start}:${length}`) },
      long,
    )
    let at = 0
    for (const cut of [...cuts, bytes.length]) {
      const piece = bytes.slice(at, cut)
      splitter.push(piece)
      piece.fill(0x41)
      at = cut
    }
    const pending = splitter.pendingBytes
    const rest = splitter.takeRemainder()
    return { out: out.map((s) => s.replace(/:long$/, '')), long: out.filter((s) => s.endsWith(':long')).length, pending, rest }
  }

  it('gives every line, its first invalid byte and the remainder as the byte path does, for any cut (property)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }).map((b) => b.map((x) => (x % 11 === 0 ? 0x0a : x))),
        fc.array(fc.nat()),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(Number.POSITIVE_INFINITY, 60),
        (bytes, rawCuts, above, cap) => {
          const cuts = rawCuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b)
          const plain = run(bytes, cuts, null, cap)
          const long = run(bytes, cuts, above, cap)
          expect(long.out).toEqual(plain.out)
          expect(long.pending).toBe(plain.pending)
          expect(long.rest).toEqual(plain.rest)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('hands a line over as text only once its held bytes pass the limit', () => {
    const got = run(enc.encode('short\n' + 'x'.repeat(30) + '\n' + 'é'.repeat(20) + '\n'), [3, 10, 20, 30, 50], 8)
    expect(got.out).toEqual(['1:short:-1:5', `2:${'x'.repeat(30)}:-1:30`, `3:${'é'.repeat(20)}:-1:40`])
    // "short" arrived in pieces of at most 8 bytes held; the two long lines passed the limit while held.
    expect(got.long).toBe(2)
  })
})
