import { describe, expect, it } from 'vitest'
import { cardLines, runTool, titleOf } from './control-testing'

const at = (operation: string, file = 'src/app.ts') => ({ operation, file_path: file, line: 18, character: 5 })

describe('lsp detail card (cards-current.md §10, §11.7)', () => {
  it.each([
    ['goToDefinition', 'Find definition', '查找定义'],
    ['findReferences', 'Find references', '查找引用'],
    ['goToImplementation', 'Find implementation', '查找实现'],
    ['hover', 'Inspect symbol', '查看符号信息'],
    ['documentSymbol', 'Query code symbols', '查询代码符号'],
    ['toString', 'Query code symbols', '查询代码符号'],
  ])('operation %s is titled %s / %s', (operation, en, zh) => {
    expect(titleOf('lsp', { operation }, 'en')).toBe(en)
    expect(titleOf('lsp', { operation }, 'zh')).toBe(zh)
  })

  it('titles a call with unparsable arguments "Query code symbols"', () => {
    expect(titleOf('lsp')).toBe('Query code symbols')
  })

  it.each([
    ['one location', at('goToDefinition'), 'src/tool-details.ts:24:1', [
      'src/app.ts · 1 locations', '@src/tool-details.ts', '~ Line 24, column 1',
    ]],
    ['locations, a URI and a more-line', at('findReferences'), 'src/app.ts:18:5\nfile:///x/y.ts:3:9\n… 4 more', [
      'src/app.ts · 2 locations', '@src/app.ts', '~ Line 18, column 5', 'file:///x/y.ts', '~ Line 3, column 9', ': … 4 more',
    ]],
    ['no results', at('findReferences'), 'No results.', ['0 locations']],
    ['hover', at('hover', 'src/tool-details.ts'), '```typescript\nfn(): void\n```\n\nRenders.', [
      'src/tool-details.ts:18:5', '@src/tool-details.ts:18:5', 'md ```typescript\nfn(): void\n```\n\nRenders.',
    ]],
  ] as const)('%s', (_label, args, text, expected) => {
    const card = runTool('lsp', text, { ...args })
    expect(card === null ? null : cardLines(card)).toEqual(expected)
  })

  it('points location items at the path, line and column; hover at the queried position', () => {
    const refs = runTool('lsp', 'src/a.ts:7:3', at('findReferences'))
    expect(refs?.body.items[0]?.location).toEqual({ path: 'src/a.ts', line: 7, column: 3 })
    const hover = runTool('lsp', 'doc', at('hover'))
    expect(hover?.body.items[0]?.location).toEqual({ path: 'src/app.ts', line: 18, column: 5 })
  })

  it.each([
    ['missing file_path', { operation: 'findReferences', line: 1, character: 1 }, 'a.ts:1:1'],
    ['line as a string', { operation: 'findReferences', file_path: 'a.ts', line: '1', character: 1 }, 'a.ts:1:1'],
    ['a line that is not a location', at('findReferences'), 'a.ts:1:1\nsomething else'],
    ['a location without a column', at('goToDefinition'), 'a.ts:1'],
  ])('%s → no card', (_label, args, text) => {
    expect(runTool('lsp', text, args)).toBeNull()
  })

  it('localises the location words (zh)', () => {
    const card = runTool('lsp', 'src/a.ts:7:3', at('findReferences'), 'zh')
    expect(card === null ? null : cardLines(card)).toEqual(['src/app.ts · 1 个位置', '@src/a.ts', '~ 第 7 行，第 3 列'])
  })
})
