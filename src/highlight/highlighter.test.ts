import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import githubLight from 'shiki/themes/github-light.mjs'
import githubDark from 'shiki/themes/github-dark.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import { CharBudget, MAX_BLOCK_CHARS, MAX_BLOCK_LINES, SESSION_CHARS } from './budget'
import { HighlightCache } from './cache'
import { Highlighter, syntaxCss } from './highlighter'
import { CODE_BACKGROUNDS, contrastRatio, readableOn } from '../../components/theme/contrast'
import { DUAL_THEME_NAME, pairIndexOf, zipThemes } from './theme'

const TS = 'export function add(a: number, b = "<b>&"): string {\n  return `${a}` // </script><img src=x onerror=alert(1)>\n}\n'
const stripTags = (html: string) =>
  html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')

describe('Highlighter', () => {
  it('colours a known language, keeps every character of the text and one fragment line per source line', async () => {
    const h = new Highlighter(new HighlightCache(null))
    const html = await h.highlight({ text: TS, lang: 'ts' }, new CharBudget(SESSION_CHARS))
    expect(html).not.toBeNull()
    expect(html).toContain('<span class="t')
    expect(stripTags(html ?? '')).toBe(TS)
    expect(html?.startsWith('<pre class="shiki"><code>')).toBe(true)
    expect((html ?? '').split('\n')).toHaveLength(TS.split('\n').length)
  })

  it('escapes markup in the source: the only tags are its own spans', async () => {
    const h = new Highlighter(new HighlightCache(null))
    const html = (await h.highlight({ text: TS, lang: 'typescript' }, new CharBudget(SESSION_CHARS))) ?? ''
    const tags = html.match(/<[^>]*>/g) ?? []
    const allowed = ['<pre class="shiki">', '<code>', '</code>', '</pre>', '</span>']
    expect(tags.filter(t => !/^<span class="[a-z0-9 ]+">$/.test(t) && !allowed.includes(t))).toEqual([])
  })

  it.each([
    ['an unknown language', { text: 'x = 1', lang: 'brainfuck' }],
    ['no language', { text: 'x = 1', lang: null }],
    ['a block over the character cap', { text: 'a'.repeat(MAX_BLOCK_CHARS + 1), lang: 'ts' }],
    ['a block over the line cap', { text: 'x\n'.repeat(MAX_BLOCK_LINES), lang: 'ts' }],
    ['carriage returns (lines would not align)', { text: 'a\r\nb', lang: 'ts' }],
  ])('returns null (plain text) for %s', async (_name, block) => {
    const h = new Highlighter(new HighlightCache(null))
    expect(await h.highlight(block, new CharBudget(SESSION_CHARS * 4))).toBeNull()
  })

  it('spends the budget all-or-nothing, also on cache hits, so a warm cache colours the same blocks', async () => {
    const cache = new HighlightCache(null)
    const cold = new Highlighter(cache)
    const budget = new CharBudget(TS.length * 2)
    const first = await Promise.all([1, 2, 3].map(() => cold.highlight({ text: TS, lang: 'ts' }, budget)))
    expect(first.map(x => x !== null)).toEqual([true, true, false])
    const warm = new Highlighter(cache)
    const again = new CharBudget(TS.length * 2)
    const second = await Promise.all([1, 2, 3].map(() => warm.highlight({ text: TS, lang: 'ts' }, again)))
    expect(second).toEqual(first)
    expect(warm.stats.blocks).toBe(0)
  })

  it('a turn budget draws from the session budget', () => {
    const session = new CharBudget(100)
    const turn = session.child(80)
    expect(turn.take(60)).toBe(true)
    expect(turn.take(30)).toBe(false)
    expect(session.left).toBe(40)
    expect(session.child(80).take(41)).toBe(false)
  })

  it('caches fragments on disk across builds', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dv-hl-')), 'cache.json')
    const first = new HighlightCache(file)
    await first.load()
    const html = await new Highlighter(first).highlight({ text: TS, lang: 'ts' }, new CharBudget(SESSION_CHARS))
    await first.save()
    const second = new HighlightCache(file)
    await second.load()
    const h = new Highlighter(second)
    expect(await h.highlight({ text: TS, lang: 'ts' }, new CharBudget(SESSION_CHARS))).toBe(html)
    expect(h.stats.blocks).toBe(0)
    expect(second.hits).toBe(1)
    expect(JSON.parse(readFileSync(file, 'utf8')).generation).toBe(1)
  })

  it('a damaged cache file is a cold cache, not an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dv-hl-'))
    const file = join(dir, 'cache.json')
    const { writeFileSync } = await import('node:fs')
    writeFileSync(file, '{"format":"hl3","generation":1,"entries":{"k":"not a tuple"}}')
    const cache = new HighlightCache(file)
    await cache.load()
    expect(cache.get('k')).toBeUndefined()
  })
})

describe('zipped light/dark theme', () => {
  it('gives every token the same colours as shiki tokenizing each theme separately', async () => {
    const dual = zipThemes(githubLight, githubDark)
    const core = await createHighlighterCore({
      themes: [githubLight, githubDark, dual.theme],
      langs: [typescript],
      engine: createJavaScriptRegexEngine(),
    })
    // No time limit: on a loaded machine shiki's default (500 ms a line) cut the first, cold tokenization short.
    const limit = { tokenizeTimeLimit: 0 }
    const light = core.codeToTokensBase(TS, { lang: 'typescript', theme: 'github-light', ...limit }).flat()
    const dark = core.codeToTokensBase(TS, { lang: 'typescript', theme: 'github-dark', ...limit }).flat()
    const zipped = core.codeToTokensBase(TS, { lang: 'typescript', theme: DUAL_THEME_NAME, ...limit }).flat()
    expect(zipped.map(t => t.content)).toEqual(light.map(t => t.content))
    const colours = zipped.map(t => dual.pairs[pairIndexOf(t.color)])
    expect(colours.map(c => c?.light)).toEqual(light.map(t => t.color?.toLowerCase()))
    expect(colours.map(c => c?.dark)).toEqual(dark.map(t => t.color?.toLowerCase()))
  })

  it('refuses themes whose scope rules differ', () => {
    const other = { ...githubDark, tokenColors: githubDark.tokenColors?.slice(1) }
    expect(() => zipThemes(githubLight, other)).toThrow(/do not share scope rules/)
  })

  it('the stylesheet rules cover every class the fragments use, dark ones only on dark screens', async () => {
    const css = await syntaxCss()
    const dual = zipThemes(githubLight, githubDark)
    for (let i = 1; i < dual.pairs.length; i++) expect(css).toContain(`.t${i}{color:${readableOn(dual.pairs[i]?.light ?? '', CODE_BACKGROUNDS.light, 'light')}}`)
    expect(css).toMatch(/@media screen and \(prefers-color-scheme: dark\)\{\.t1\{color:/)
  })

  it('every syntax colour reaches 4.5:1 on every background code is drawn on, in both schemes (issue 15)', async () => {
    const css = await syntaxCss()
    const [light = '', dark = ''] = css.split('@media screen and (prefers-color-scheme: dark)')
    const colours = (part: string) => [...part.matchAll(/\.t\d+\{color:(#[0-9a-f]{6})\}/g)].map((m) => m[1] ?? '')
    expect(colours(light).length).toBeGreaterThan(5)
    expect(colours(dark)).toHaveLength(colours(light).length)
    for (const [scheme, part] of [['light', light], ['dark', dark]] as const)
      for (const colour of colours(part)) for (const bg of CODE_BACKGROUNDS[scheme]) expect(contrastRatio(colour, bg), `${scheme} ${colour} on ${bg}`).toBeGreaterThanOrEqual(4.5)
    // Colours that already pass are kept as the themes have them (github-light's keyword red on white).
    expect(readableOn('#032f62', CODE_BACKGROUNDS.light, 'light')).toBe('#032f62')
  })
})
