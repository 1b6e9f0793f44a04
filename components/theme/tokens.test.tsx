/**
 * The colour tokens meet WCAG 2.1 AA (issue 15): every text colour on every background it is drawn on, in the
 * light, dark and print sets; the code backgrounds the syntax palette is fitted to are the tokens' values; and
 * the dark set applies to screens only, so printing from a dark screen starts from the light colours.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AA_TEXT, CODE_BACKGROUNDS, contrastRatio, readableOn } from './contrast'

// From the checkout root (vitest's root).
const CSS = readFileSync('components/theme/tokens.module.css', 'utf8')

/** The declarations of the first block opened by `opener` (blocks here hold only declarations). */
function block(opener: string): Map<string, string> {
  const start = CSS.indexOf(opener)
  if (start === -1) throw new Error(`no block ${opener}`)
  const body = CSS.slice(start, CSS.indexOf('}', start))
  return new Map([...body.matchAll(/--dv-([\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1] ?? '', m[2] ?? '']))
}

const light = block(':root {')
const dark = new Map([...light, ...block('@media screen and (prefers-color-scheme: dark) {')])
const print = new Map([...light, ...block('@media print {')])
const SETS = [
  ['light', light],
  ['dark', dark],
  ['print', print],
] as const

const TEXT = ['fg', 'muted', 'accent', 'red', 'amber', 'green', 'violet']
const SURFACES = ['bg', 'surface', 'surface-2', 'add-bg', 'del-bg']
const ANSI = [...light.keys()].filter((k) => k.startsWith('ansi-'))

/** [text token, background token]: every pair a component draws (table, read as "text on background"). */
const PAIRS: [string, string][] = [
  ...TEXT.flatMap((t) => SURFACES.map((s): [string, string] => [t, s])),
  // Diff word marks hold changed text in the body colour (syntax colours: CODE_BACKGROUNDS below).
  ['fg', 'add-mark'],
  ['fg', 'del-mark'],
  ['term-fg', 'term-bg'],
  ...ANSI.map((a): [string, string] => [a, 'term-bg']),
  ['hit-fg', 'hit-bg'],
  ['hit-current-fg', 'hit-current-bg'],
]

const token = (set: Map<string, string>, name: string) => {
  const value = set.get(name)
  if (value === undefined) throw new Error(`no token --dv-${name}`)
  return value
}

describe('colour tokens', () => {
  it('parses the three sets, with the sixteen terminal colours', () => {
    expect(ANSI).toHaveLength(16)
    expect(dark.get('bg')).not.toBe(light.get('bg'))
  })

  it.each(SETS)('every text colour reaches 4.5:1 on its backgrounds (%s)', (_name, set) => {
    const failing = PAIRS.map(([fg, bg]) => ({ fg, bg, ratio: contrastRatio(token(set, fg), token(set, bg)) }))
      .filter((p) => p.ratio < AA_TEXT)
      .map((p) => `--dv-${p.fg} on --dv-${p.bg}: ${p.ratio.toFixed(2)}:1`)
    expect(failing).toEqual([])
  })

  it('the syntax palette is fitted to the code backgrounds the tokens define', () => {
    const names = ['bg', 'surface', 'surface-2', 'add-bg', 'del-bg', 'add-mark', 'del-mark']
    expect(CODE_BACKGROUNDS.light).toEqual(names.map((n) => token(light, n)))
    expect(CODE_BACKGROUNDS.dark).toEqual(names.map((n) => token(dark, n)))
  })

  it('the dark set is for screens only, and print is light', () => {
    expect(CSS).not.toMatch(/@media \(prefers-color-scheme: dark\)/)
    expect(token(print, 'bg')).toBe('#ffffff')
    expect(contrastRatio(token(print, 'fg'), token(print, 'bg'))).toBeGreaterThanOrEqual(7)
  })
})

describe('readableOn', () => {
  it.each([
    ['keeps a colour that passes', '#1f2328', ['#ffffff'], 'light', '#1f2328'],
    ['darkens a light-scheme colour that does not', '#6a737d', ['#f6f8fa', '#ffd7d4'], 'light', null],
    ['lightens a dark-scheme colour that does not', '#6a737d', ['#0d1117'], 'dark', null],
  ] as const)('%s', (_name, colour, backgrounds, scheme, expected) => {
    const out = readableOn(colour, backgrounds, scheme)
    if (expected !== null) expect(out).toBe(expected)
    else expect(out).not.toBe(colour)
    for (const bg of backgrounds) expect(contrastRatio(out, bg)).toBeGreaterThanOrEqual(AA_TEXT)
    // A changed colour is one that did not pass as given.
    if (expected === null) expect(Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg)))).toBeLessThan(AA_TEXT)
  })

  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })
})
