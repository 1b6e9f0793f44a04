import { describe, expect, it } from 'vitest'
import { isBlankLine, lineText, parseAnsi, parseAnsiWindow } from './ansi'

const texts = (s: string) => parseAnsi(s).map(lineText)

describe('parseAnsi: lines (cards.md §6.5)', () => {
  it.each<[string, string, string[]]>([
    ['plain lines', 'a\nb', ['a', 'b']],
    ['a final newline is a terminator', 'HELLO\n', ['HELLO']],
    ['a final newline followed by a reset still ends the output', 'line\n\x1b[0m', ['line']],
    ['only one trailing newline is dropped', 'a\n\n', ['a', '']],
    ['empty text is one empty line', '', ['']],
    ['carriage-return progress keeps the last state', '10%\r50%\r100%', ['100%']],
    ['a shorter overwrite leaves the tail', 'abcdef\rXY', ['XYcdef']],
    ['CRLF line endings', 'a\r\nb\r\n', ['a', 'b']],
    ['erase-in-line 0 after \\r', 'progress 50%\r\x1b[Kdone', ['done']],
    ['erase-in-line 2 clears the row', 'old text\r\x1b[2Knew', ['new']],
    ['erase-in-line 1 clears up to the cursor', 'abcdef\x1b[1K', ['']],
    ['backspace moves back', 'ab\bc', ['ac']],
    ['tab stops of 8 in replayed lines', 'a\tb\r', ['a       b']],
    ['tabs are kept in plain lines', 'a\tb', ['a\tb']],
    ['wide characters take two cells', '中文\rx', ['x 文']],
    ['zero-width marks join the previous cell', 'e\u0301x\rE', ['Ex']],
    ['OSC sequences are stripped', '\x1b]0;title\x07hi\x1b]8;;http://x\x1b\\link', ['hilink']],
    ['other CSI sequences are dropped', '\x1b[2J\x1b[1;1Hhome\x1b[?25l', ['home']],
    ['non-CSI escapes are dropped', '\x1b(Bx\x1b=y', ['xy']],
    ['other C0 controls are removed', 'a\x07b\x00c', ['abc']],
  ])('%s', (_name, input, expected) => expect(texts(input)).toEqual(expected))
})

describe('parseAnsi: SGR', () => {
  it('colours and resets', () => {
    expect(parseAnsi('\x1b[31mred\x1b[0m plain')).toEqual([[
      { text: 'red', style: { fg: { kind: 'named', name: 'red' } } },
      { text: ' plain' },
    ]])
  })
  it('bright, background and attributes', () => {
    const [line] = parseAnsi('\x1b[1;3;4;9;2;8;7;92;104mx')
    expect(line).toEqual([{ text: 'x', style: {
      bold: true, italic: true, underline: true, strikethrough: true, dim: true, hidden: true, inverse: true,
      fg: { kind: 'named', name: 'bright-green' }, bg: { kind: 'named', name: 'bright-blue' },
    } }])
  })
  it('256 colours: low indices are named, the cube and grey ramp are rgb()', () => {
    const style = (s: string) => parseAnsi(s)[0]?.[0]?.style
    expect(style('\x1b[38;5;9mx')).toEqual({ fg: { kind: 'named', name: 'bright-red' } })
    expect(style('\x1b[38;5;196mx')).toEqual({ fg: { kind: 'rgb', css: 'rgb(255, 0, 0)' } })
    expect(style('\x1b[48;5;232mx')).toEqual({ bg: { kind: 'rgb', css: 'rgb(8, 8, 8)' } })
  })
  it('true colour, in ; and : forms', () => {
    const style = (s: string) => parseAnsi(s)[0]?.[0]?.style
    expect(style('\x1b[38;2;10;20;30mx')).toEqual({ fg: { kind: 'rgb', css: 'rgb(10, 20, 30)' } })
    expect(style('\x1b[38:2::1:2:3mx')).toEqual({ fg: { kind: 'rgb', css: 'rgb(1, 2, 3)' } })
  })
  it('turning attributes off', () => {
    expect(parseAnsi('\x1b[1;2mA\x1b[22mB')[0]).toEqual([{ text: 'A', style: { bold: true, dim: true } }, { text: 'B' }])
    expect(parseAnsi('\x1b[31;41mA\x1b[39;49mB')[0]?.[1]).toEqual({ text: 'B' })
  })
  it('style carries across lines', () => {
    expect(parseAnsi('\x1b[32ma\nb\x1b[m')).toEqual([
      [{ text: 'a', style: { fg: { kind: 'named', name: 'green' } } }],
      [{ text: 'b', style: { fg: { kind: 'named', name: 'green' } } }],
    ])
  })
  it('styles survive the replay of a progress line', () => {
    expect(parseAnsi('\x1b[33mwait\r\x1b[32mdone')[0]).toEqual([{ text: 'done', style: { fg: { kind: 'named', name: 'green' } } }])
  })
  it('malformed sequences never throw', () => {
    for (const s of ['\x1b', '\x1b[', '\x1b[38;5m', '\x1b[38;2;1mx', '\x1b[999;999999mx', '\x1b]unterminated', '\r\b\x1b[K'])
      expect(() => parseAnsi(s)).not.toThrow()
  })
  it('isBlankLine', () => {
    expect(isBlankLine([{ text: '  ' }])).toBe(true)
    expect(isBlankLine([])).toBe(true)
    expect(isBlankLine([{ text: ' x' }])).toBe(false)
  })
})

describe('parseAnsiWindow (issue 32: an output of millions of lines)', () => {
  const texts: [string, string][] = [
    ['plain lines, final newline', Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n') + '\n'],
    ['a colour set in the left-out middle reaches the tail', [...Array.from({ length: 10 }, (_, i) => `a${i}`), '\x1b[31mred starts', ...Array.from({ length: 20 }, (_, i) => `b${i}`), 'end\x1b[0m'].join('\n')],
    ['overwrites and an OSC title', [...Array.from({ length: 12 }, (_, i) => `x${i}\rX${i}`), '\x1b]0;title\x07after', ...Array.from({ length: 12 }, (_, i) => `\x1b[1mb${i}`)].join('\n') + '\n\x1b[0m'],
    ['few lines: all kept', 'one\ntwo\n'],
  ]
  it.each(texts)('keeps the ends of the whole parse and counts the rest: %s', (_, text) => {
    const all = parseAnsi(text)
    const { lines, omitted } = parseAnsiWindow(text, 4, 3)
    if (all.length <= 8) {
      // At most one line over the window: kept whole or with that one left out.
      if (omitted === 0) expect(lines).toEqual(all)
      else expect([...lines.slice(0, 4), ...lines.slice(-3)]).toEqual([...all.slice(0, 4), ...all.slice(-3)])
      return
    }
    expect(omitted).toBe(all.length - 7)
    expect(lines).toEqual([...all.slice(0, 4), ...all.slice(-3)])
  })
})
