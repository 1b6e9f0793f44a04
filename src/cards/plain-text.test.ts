/**
 * plainText: every escape form a terminal understands comes out of plain-text surfaces, the text around
 * it stays. Table-driven: CSI (7- and 8-bit, private parameters, incomplete), OSC with BEL and ST
 * terminators (and OSC 8 links, whose text stays), unterminated strings (cut at the line end), other
 * escapes, C1 controls, carriage returns and backspaces.
 */
import { describe, expect, it } from 'vitest'
import { plainText } from './plain-text'

const E = '\x1b'

describe('plainText', () => {
  it.each([
    ['plain text is returned as is', 'hello 世界\tx\ny', 'hello 世界\tx\ny'],
    ['SGR colour', `${E}[31mred${E}[0m text`, 'red text'],
    ['SGR with many parameters', `${E}[1;38;2;255;0;0mbold${E}[m`, 'bold'],
    ['private CSI (cursor hide)', `${E}[?25lhidden cursor${E}[?25h`, 'hidden cursor'],
    ['erase line and cursor moves', `a${E}[2K${E}[1Gb${E}[3A`, 'ab'],
    ['8-bit CSI', 'x\x9b31my', 'xy'],
    ['incomplete CSI at the end', `done${E}[3`, 'done'],
    ['incomplete CSI before text', `a${E}[12\u00e9b`, 'a\u00e9b'],
    ['lone ESC at the end', `end${E}`, 'end'],
    ['OSC title with BEL', `${E}]0;window title\x07after`, 'after'],
    ['OSC with ST (ESC \\)', `${E}]2;title${E}\\after`, 'after'],
    ['OSC with 8-bit ST', `${E}]2;title\x9cafter`, 'after'],
    ['OSC 8 hyperlink keeps its text', `${E}]8;;https://evil.example${E}\\click${E}]8;;${E}\\ here`, 'click here'],
    ['OSC 52 clipboard write', `a${E}]52;c;aGk=\x07b`, 'ab'],
    ['8-bit OSC', 'a\x9d0;t\x07b', 'ab'],
    ['unterminated OSC ends at the line end', `a${E}]0;never ends\nnext line`, 'a\nnext line'],
    ['unterminated OSC at the end', `a${E}]0;never ends`, 'a'],
    ['DCS string', `a${E}Pq#0;2;0;0;0${E}\\b`, 'ab'],
    ['APC string', `a${E}_payload${E}\\b`, 'ab'],
    ['charset and keypad escapes', `${E}(Ba${E}=b${E}7c${E}8`, 'abc'],
    ['C1 controls', 'a\x85b\x8ec\x91d', 'abcd'],
    ['8-bit APC string', 'a\x9fpayload\x9cb', 'ab'],
    ['C0 controls but tab and newline', 'a\x00b\x07c\x0bd\x0ce\x7ff\tg\nh', 'abcdef\tg\nh'],
    ['CRLF', 'one\r\ntwo\r\n', 'one\ntwo\n'],
    ['progress line redraws', '10%\r50%\r100%\ndone', '100%\ndone'],
    ['trailing carriage return', 'kept\r', 'kept'],
    ['backspace overstrike', 'b\bbo\bol\bld\bd _\bu', 'bold u'],
    ['escapes and a redraw together', `${E}[32m 10%${E}[0m\r${E}[32m100%${E}[0m`, '100%'],
  ])('%s', (_name, input, expected) => {
    expect(plainText(input)).toBe(expected)
  })

  it('leaves no control character but tab and newline in any input', () => {
    let seed = 7
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
    for (let n = 0; n < 200; n++) {
      let s = ''
      for (let i = 0; i < 60; i++) s += String.fromCharCode(rand() < 0.5 ? Math.floor(rand() * 0xa0) : 0x41 + Math.floor(rand() * 26))
      // eslint-disable-next-line no-control-regex
      expect(plainText(s)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/)
    }
  })

  it('is linear on a huge line of escapes', () => {
    const big = `${E}[31mx${E}[0m`.repeat(200_000)
    expect(plainText(big)).toBe('x'.repeat(200_000))
  })
})
