import { describe, expect, it } from 'vitest'
import { createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import githubLight from 'shiki/themes/github-light.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import shellscript from 'shiki/langs/shellscript.mjs'
import python from 'shiki/langs/python.mjs'
import yaml from 'shiki/langs/yaml.mjs'
import markdown from 'shiki/langs/markdown.mjs'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadPrecompiled, precompileGrammars, reviveGrammars } from './precompile'

const SAMPLES: [string, string, typeof typescript][] = [
  ['typescript', 'export async function* f<T extends {a: 1}>(x: T): AsyncGenerator<`${string}`> {\n  /** doc @param x */\n  yield `${x.a}` as const // c\n}\nconst re = /a(?<n>b)\\k<n>/gu\n', typescript],
  ['shellscript', 'for f in *.ts; do\n  echo "$f ${HOME:-x}" | grep -E \'^a\' > /dev/null 2>&1\ndone\ncat <<EOF\nhere $x\nEOF\n', shellscript],
  ['python', '@dataclass\nclass A(B):\n    """doc"""\n    x: int = 0x1F  # c\n    def f(self, *a, **k) -> str:\n        return f"{self.x!r:>4}" + r\'\\d\'\n', python],
  ['yaml', 'a: &x\n  - b: "c"\n    d: |\n      text\n      more\ne: *x # c\n', yaml],
  ['markdown', '# T\n\n> q *e* **s** `c`\n\n```js\nlet a\n```\n\n- [x] [l](http://x)\n', markdown],
]

describe('precompiled grammars', () => {
  it.each(SAMPLES)('%s tokenizes exactly as the grammar compiled at run time', async (lang, code, grammars) => {
    const revived = reviveGrammars(precompileGrammars(grammars))
    expect(JSON.stringify(revived).length).toBeGreaterThan(1000)
    const patterns = JSON.stringify(revived, (_k, v: unknown) => (v instanceof RegExp ? '__regexp__' : v))
    expect(patterns).toContain('__regexp__')
    const make = async (langs: typeof typescript) =>
      createHighlighterCore({ themes: [githubLight], langs: [langs], engine: createJavaScriptRegexEngine({ forgiving: true }) })
    const [plain, pre] = await Promise.all([make(grammars), make(revived)])
    // No time limit: under load shiki's default (500 ms a line) cut a cold first tokenization short.
    const tokens = (h: Awaited<ReturnType<typeof make>>) => h.codeToTokensBase(code, { lang, theme: 'github-light', tokenizeTimeLimit: 0 })
    expect(tokens(pre)).toEqual(tokens(plain))
  })

  it('falls back to the original pattern when a stored RegExp cannot be built', () => {
    const [grammar] = reviveGrammars(JSON.stringify([{ name: 'x', scopeName: 'source.x', patterns: [{ match: { $re: ['(', 'dgv', null, 'a+'] } }] }]))
    expect(grammar?.patterns).toEqual([{ match: 'a+' }])
  })

  it('loads a language from the package build’s folder, and declines what the folder lacks', async () => {
    const dir = `${mkdtempSync(join(tmpdir(), 'dv-gr-'))}/`
    writeFileSync(join(dir, 'index.json'), JSON.stringify({ shellscript: ['shellscript'], python: ['python'] }))
    writeFileSync(join(dir, 'shellscript.json'), precompileGrammars(shellscript))
    const loaded = await loadPrecompiled('shellscript', dir)
    expect(loaded?.map(g => g.name)).toEqual(['shellscript'])
    expect(await loadPrecompiled('python', dir)).toBeNull()
    expect(await loadPrecompiled('rust', dir)).toBeNull()
    expect(await loadPrecompiled('rust', null)).toBeNull()
  })
})
