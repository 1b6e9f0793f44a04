/** The SYSTEM diff's page form: runs of one sign, and the lines a page shows (count and character bounds). */
import { describe, expect, it } from 'vitest'
import { DIFF_CHARS, DIFF_LINES, type DiffLine, diffRuns, pageLines, unifiedDiff } from './system'

describe('diffRuns', () => {
  it.each<[string, DiffLine[], ReturnType<typeof diffRuns>]>([
    ['empty', [], []],
    [
      'groups consecutive lines of one sign; hunk headers and context are plain',
      [
        { sign: '@', text: '@@ -1,3 +1,3 @@' },
        { sign: ' ', text: 'a' },
        { sign: '-', text: 'b' },
        { sign: '-', text: 'c' },
        { sign: '+', text: 'B' },
        { sign: ' ', text: 'd' },
      ],
      [
        { sign: ' ', text: '@@ -1,3 +1,3 @@\n a\n' },
        { sign: '-', text: '-b\n-c\n' },
        { sign: '+', text: '+B\n' },
        { sign: ' ', text: ' d\n' },
      ],
    ],
  ])('%s', (_name, lines, runs) => {
    expect(diffRuns(lines)).toEqual(runs)
  })

  it('keeps every line of a real diff, in order', () => {
    const diff = unifiedDiff('a\nb\nc\nd\ne\nf\ng\nh', 'a\nb\nX\nd\ne\nf\ng\nY')
    const text = diffRuns(diff)
      .map((r) => r.text)
      .join('')
    expect(text).toBe(`${diff.map((l) => (l.sign === '@' ? l.text : `${l.sign}${l.text}`)).join('\n')}\n`)
  })
})

describe('pageLines', () => {
  const many = (n: number, width: number): DiffLine[] => Array.from({ length: n }, (_, i) => ({ sign: '+', text: String(i).padEnd(width, 'x') }))

  it('shows a short diff whole', () => {
    const diff = many(10, 5)
    expect(pageLines(diff)).toEqual(diff)
  })
  it('shows at most DIFF_LINES lines', () => {
    expect(pageLines(many(DIFF_LINES * 3, 1))).toHaveLength(DIFF_LINES)
  })
  it('shows at most DIFF_CHARS characters, cutting the last line', () => {
    const shown = pageLines(many(DIFF_LINES, 300))
    const chars = shown.reduce((n, l) => n + l.text.length, 0)
    expect(chars).toBeLessThanOrEqual(DIFF_CHARS + 1)
    expect(shown.length).toBeLessThan(DIFF_LINES)
    expect(shown[shown.length - 1]?.text.endsWith('…')).toBe(true)
  })
  it('cuts one huge line (a one-line prompt) without splitting a surrogate pair', () => {
    const text = `${'a'.repeat(DIFF_CHARS - 1)}😀${'b'.repeat(100)}`
    const [line] = pageLines([{ sign: '-', text }])
    expect(line?.text).toBe(`${'a'.repeat(DIFF_CHARS - 1)}…`)
  })
})
