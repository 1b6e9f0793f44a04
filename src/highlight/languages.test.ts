import { describe, expect, it } from 'vitest'
import { GRAMMARS, LANGUAGES, languageForPath, resolveLanguage, type Language } from './languages'

describe('languageForPath', () => {
  it.each<[string, Language | null]>([
    ['src/app.ts', 'typescript'],
    ['C:\\repo\\src\\App.TSX', 'tsx'],
    ['x.test.mjs', 'javascript'],
    ['scripts/run.sh', 'shellscript'],
    ['build.ps1', 'powershell'],
    ['Dockerfile', 'docker'],
    ['sub/Makefile', 'make'],
    ['config.yml', 'yaml'],
    ['Cargo.toml', 'toml'],
    ['main.rs', 'rust'],
    ['lib.h', 'c'],
    ['data.jsonl', 'json'],
    ['README', null],
    ['archive.tar.gz', null],
    ['trailing.', null],
    ['.env', null],
  ])('%s → %s', (path, lang) => expect(languageForPath(path)).toBe(lang))
})

describe('resolveLanguage', () => {
  it.each<[string | null, Language | null]>([
    ['ts', 'typescript'],
    ['TypeScript', 'typescript'],
    ['py', 'python'],
    ['bash', 'shellscript'],
    [' json ', 'json'],
    ['c++', 'cpp'],
    ['cobol', null],
    ['', null],
    [null, null],
  ])('%s → %s', (name, lang) => expect(resolveLanguage(name)).toBe(lang))

  it('every listed grammar module loads and provides its own grammar', async () => {
    for (const [name, load] of Object.entries(GRAMMARS)) {
      const grammars = (await load()).default
      expect(grammars.map(g => g.name), name).toContain(name)
    }
  })
})

describe('the language list', () => {
  it('names exactly the grammars there are (language-names.ts is what the live page uses)', () => {
    expect(Object.keys(GRAMMARS)).toEqual([...LANGUAGES])
  })
})
