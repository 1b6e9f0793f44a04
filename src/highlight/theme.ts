/**
 * Light and dark colours from ONE tokenization (architecture.md §2.6). shiki's dual-theme output tokenizes
 * once per theme and writes two CSS variables into every span (~55 bytes a token). github-light and
 * github-dark share the same scope rules in the same order, differing only in colours, so we zip them into a
 * single synthetic theme whose "colours" are pair indices (`#0000NN`): one pass yields, per token, the index
 * of its (light, dark) pair. Spans then carry a short class (`t3`), and `paletteCss()` gives the site
 * stylesheet the real colours, dark ones under `prefers-color-scheme: dark` (never in print). The stylesheet
 * colours are the themes' own where they reach WCAG AA (4.5:1) on every background code is drawn on, else the
 * nearest colour that does (components/theme/contrast.ts): github-dark's comment grey, for one, does not on
 * the page background, and several colours of both themes fall short on diff rows and word marks.
 */
import type { ThemeRegistration } from '@shikijs/core'
import { CODE_BACKGROUNDS, readableOn } from '../../components/theme/contrast'

export interface ColorPair {
  light: string
  dark: string
}

export interface DualTheme {
  /** The synthetic theme handed to shiki. */
  theme: ThemeRegistration
  /** Pair index → colours; index 0 is the default foreground (drawn without a class). */
  pairs: ColorPair[]
}

export const DUAL_THEME_NAME = 'dsh-view-dual'

interface TokenRule {
  scope?: string | string[]
  settings: { foreground?: string; fontStyle?: string; background?: string }
}

/** shiki normalizes theme colours to upper case; our pair codes must survive that round trip. */
const pairColor = (index: number): string => `#0000${index.toString(16).padStart(2, '0').toUpperCase()}`

/** The pair index a token colour from the synthetic theme encodes; 0 (default) for anything else. */
export function pairIndexOf(color: string | undefined): number {
  if (!color || !/^#0000[0-9A-Fa-f]{2}$/.test(color)) return 0
  return Number.parseInt(color.slice(5), 16)
}

function rules(theme: ThemeRegistration): TokenRule[] {
  const list: unknown = theme.tokenColors ?? theme.settings ?? []
  return Array.isArray(list) ? (list as TokenRule[]) : []
}

function foregroundOf(theme: ThemeRegistration): string {
  const fg = theme.colors?.['editor.foreground']
  return typeof fg === 'string' ? fg.toLowerCase() : theme.type === 'dark' ? '#e1e4e8' : '#24292e'
}

/**
 * Zips two themes with identical scope lists into one. Throws when the scope lists differ: a shiki upgrade
 * that breaks the assumption must fail the tests loudly rather than mis-colour silently.
 */
export function zipThemes(light: ThemeRegistration, dark: ThemeRegistration): DualTheme {
  const lightRules = rules(light)
  const darkRules = rules(dark)
  const sameScopes =
    lightRules.length === darkRules.length &&
    lightRules.every((r, i) => JSON.stringify(r.scope) === JSON.stringify(darkRules[i]?.scope))
  if (!sameScopes) throw new Error(`themes ${light.name} and ${dark.name} do not share scope rules`)

  const pairs: ColorPair[] = [{ light: foregroundOf(light), dark: foregroundOf(dark) }]
  const index = new Map<string, number>([[`${pairs[0]?.light}|${pairs[0]?.dark}`, 0]])
  const tokenColors = lightRules.map((rule, i) => {
    const darkFg = darkRules[i]?.settings.foreground
    const lightFg = rule.settings.foreground
    const settings: TokenRule['settings'] = {}
    if (rule.settings.fontStyle !== undefined) settings.fontStyle = rule.settings.fontStyle
    if (lightFg !== undefined || darkFg !== undefined) {
      const pair = { light: (lightFg ?? pairs[0]?.light ?? '').toLowerCase(), dark: (darkFg ?? pairs[0]?.dark ?? '').toLowerCase() }
      const id = `${pair.light}|${pair.dark}`
      let n = index.get(id)
      if (n === undefined) {
        n = pairs.length
        index.set(id, n)
        pairs.push(pair)
      }
      settings.foreground = pairColor(n)
    }
    return { ...(rule.scope === undefined ? {} : { scope: rule.scope }), settings }
  })
  if (pairs.length > 255) throw new Error('too many colour pairs for the #0000NN encoding')
  const theme: ThemeRegistration = {
    name: DUAL_THEME_NAME,
    type: 'light',
    colors: { 'editor.foreground': pairColor(0), 'editor.background': '#ffffff' },
    tokenColors,
  }
  return { theme, pairs }
}

/** Class of a token colour; the default pair needs none. */
export const colorClass = (pair: number): string | null => (pair === 0 ? null : `t${pair}`)

/**
 * The rules the site stylesheet needs for `colorClass` and the font-style classes of render-tokens.ts. The
 * default pair (index 0) is drawn in the page's text colour token, which the token test covers.
 */
export function paletteCss(pairs: readonly ColorPair[]): string {
  const light: string[] = []
  const dark: string[] = []
  pairs.forEach((p, i) => {
    const cls = colorClass(i)
    if (cls === null) return
    light.push(`.${cls}{color:${readableOn(p.light, CODE_BACKGROUNDS.light, 'light')}}`)
    dark.push(`.${cls}{color:${readableOn(p.dark, CODE_BACKGROUNDS.dark, 'dark')}}`)
  })
  return [
    '/* syntax colours (src/highlight/theme.ts): github-light, github-dark on screens that prefer dark */',
    ...light,
    '.ti{font-style:italic}.tb{font-weight:bold}.tu{text-decoration:underline}.ts{text-decoration:line-through}',
    `@media screen and (prefers-color-scheme: dark){${dark.join('')}}`,
    '',
  ].join('\n')
}
