import { describe, expect, it } from 'vitest'
import { escapeControls, oneLine, SnapshotWriter } from './writer'

describe('SnapshotWriter', () => {
  it('indents nested lines and skips empty fields', () => {
    const w = new SnapshotWriter()
    w.line('row')
    w.nest(() => {
      w.field('title', 'T')
      w.field('none', null)
      w.field('blank', '')
      w.nest(() => w.line('deeper'))
    })
    w.line('next')
    expect(w.toString()).toBe('row\n  title: T\n    deeper\nnext\n')
  })

  it('quotes text as | lines; an empty text says so', () => {
    const w = new SnapshotWriter()
    w.quote('a\n\nb')
    w.quote('')
    expect(w.toString()).toBe('| a\n|\n| b\n(empty)\n')
  })

  it('keeps head and tail of a long text and says how much is left out', () => {
    const w = new SnapshotWriter()
    w.quote(Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n'), { head: 2, tail: 1, width: 50 })
    expect(w.toString()).toBe('| line 0\n| line 1\n⋯ 7 more lines (49 chars) ⋯\n| line 9\n')
  })

  it('shows a text one line over the clip whole (a marker would not be shorter)', () => {
    const w = new SnapshotWriter()
    w.quote('1\n2\n3\n4', { head: 2, tail: 1, width: 50 })
    expect(w.toString()).toBe('| 1\n| 2\n| 3\n| 4\n')
  })

  it('cuts long lines and counts what was cut', () => {
    const w = new SnapshotWriter()
    w.quote('abcdefghij', { head: 5, tail: 0, width: 4 })
    expect(w.toString()).toBe('| abcd… (+6 chars)\n')
  })

  it('masks values before cutting them', () => {
    const w = new SnapshotWriter((t) => t.replaceAll('/very/long/machine/path', '{{cwd}}'))
    w.quote('/very/long/machine/path/a.ts', { head: 1, tail: 0, width: 12 })
    expect(w.one('at /very/long/machine/path', 10)).toBe('at {{cwd}}')
    expect(w.toString()).toBe('| {{cwd}}/a.ts\n')
  })
})

describe('escapes', () => {
  it('makes control bytes visible, keeps tabs and text', () => {
    expect(escapeControls('a\u001b[1mb\tc\u007f\r')).toBe('a\\x1b[1mb\tc\\x7f\\x0d')
  })

  it('oneLine flattens newlines and cuts', () => {
    expect(oneLine('a\nb\r\nc')).toBe('a ⏎ b ⏎ c')
    expect(oneLine('abcdef', 3)).toBe('abc…')
  })

  it('escapes C1 controls as bytes and bidi controls as code points', () => {
    expect(escapeControls('a\u009b2Jb\u202ec\u2066d\u2028')).toBe('a\\x9b2Jb\\u202ec\\u2066d\\u2028')
  })

  it('writes every line as one line, whatever a caller interpolated into it', () => {
    const w = new SnapshotWriter()
    w.line('tool x\u001b[31m\r\nFORGED · done')
    w.nest(() => w.line('a\nb'))
    expect(w.toString()).toBe('tool x\\x1b[31m ⏎ FORGED · done\n  a ⏎ b\n')
  })
})

