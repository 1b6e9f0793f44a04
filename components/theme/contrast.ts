/**
 * WCAG 2.1 contrast for the theme (issue 15): the relative-luminance ratio of two `#rrggbb` colours, and the
 * nearest colour to a given one that reaches a ratio against every background it is drawn on — moved
 * towards black on light backgrounds, towards white on dark ones, so its hue stays recognisable. The
 * syntax palette (src/highlight/theme.ts) runs github-light / github-dark through `readableOn` against the
 * code backgrounds below; tokens.test.tsx checks every text token of tokens.module.css with `contrastRatio`,
 * and that these backgrounds are the tokens' values.
 */

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5

/** The backgrounds code is drawn on: page, surfaces, diff rows and word marks (tokens.module.css). */
export const CODE_BACKGROUNDS = {
  light: ['#ffffff', '#f6f8fa', '#eef1f4', '#dafbe1', '#ffebe9', '#c4f5ce', '#ffd7d4'],
  dark: ['#0d1117', '#161b22', '#1f252d', '#12261e', '#2d1214', '#1a4a2a', '#5a1e24'],
} as const

function channels(hex: string): [number, number, number] {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`)
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a)
  const lb = luminance(b)
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0')

/** `color` mixed with `toward` by `t` (0 = color, 1 = toward). */
function mix(color: string, toward: string, t: number): string {
  const a = channels(color)
  const b = channels(toward)
  return `#${a.map((c, i) => hex2(c + ((b[i] as number) - c) * t)).join('')}`
}

/**
 * `color` itself when it reaches `min` against every background, else the least mix of it towards black
 * (`scheme` light) or white (dark) that does (1/64 steps; pure black/white always reach AA on these).
 */
export function readableOn(color: string, backgrounds: readonly string[], scheme: 'light' | 'dark', min = AA_TEXT): string {
  const toward = scheme === 'light' ? '#000000' : '#ffffff'
  for (let step = 0; step <= 64; step++) {
    const candidate = step === 0 ? color.toLowerCase() : mix(color, toward, step / 64)
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= min)) return candidate
  }
  return toward
}
