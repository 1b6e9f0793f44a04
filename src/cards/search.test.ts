import { describe, expect, it } from 'vitest'
import { narrowSearchMeta, searchCardModel, searchWindow } from './search'
import { CTX, call, child, fail, settle, text, withMeta } from './testing'
import type { SearchRow } from './types'
import { strings } from './strings'
import type { ToolCallNode } from '../conversation/tool-call'

const glob = call('glob', { pattern: '*', path: 'tree' })
const grep = call('grep', { pattern: 'gamma' })
const ZH = { ...CTX, locale: 'zh' as const }
const GLOB_META = { shape: 'paths', paths: ['tree/archive/a.ts', 'tree/docs/guide.md', 'tree/src/index.ts', 'tree/test/spec.ts'], truncated: true, total: 8 }
const GLOB_OUT = 'tree/archive/a.ts\ntree/docs/guide.md\ntree/src/index.ts\ntree/test/spec.ts\n\n(Showing 4 of 8 paths. Full sorted result stored at: /spill/g.txt. Read it.)'

describe('searchCardModel (cards.md §9)', () => {
  it('fs-glob-sampling fixture: truncated paths with the recovery text', () => {
    expect(searchCardModel(withMeta(glob, GLOB_OUT, GLOB_META), CTX)).toMatchObject({
      shape: 'paths', countText: 'Showing 4 of 8 paths', shown: 4, total: 8, truncated: true,
      rows: GLOB_META.paths.map(path => ({ kind: 'path', path })), placeholder: null, recovery: GLOB_OUT,
      copy: { label: 'Copy', copiedLabel: 'Copied', text: GLOB_META.paths.join('\n') }, chatWindow: null,
    })
    expect(searchCardModel(withMeta(glob, GLOB_OUT, GLOB_META), ZH))
      .toMatchObject({ countText: '显示 4 / 共 8 个路径', copy: { label: '复制', copiedLabel: '复制成功' } })
  })
  it('grep matches: headers, `<n>: <line>` rows, counts; no recovery when not truncated', () => {
    const meta = { shape: 'matches', truncated: false, total: 3, files: [
      { path: 'a.txt', matches: [{ lineNumber: 2, line: 'gamma' }, { lineNumber: 9, line: 'gamma ray' }] },
      { path: 'b.txt', matches: [{ lineNumber: 1, line: 'gamma' }] },
    ] }
    const m = searchCardModel(withMeta(grep, 'Found 3 matches', meta), CTX)
    expect(m).toMatchObject({ countText: '3 matches · 2 files', recovery: null })
    expect(searchCardModel(withMeta(grep, 'Found 3 matches', meta), ZH)?.countText).toBe('3 处匹配 · 2 个文件')
    expect(searchCardModel(withMeta(grep, 'Found 3 of 7 matches', { ...meta, truncated: true, total: 7 }), CTX)?.countText)
      .toBe('Showing 3 of 7 matches · 2 files')
    expect(searchCardModel(withMeta(grep, 'Found 3 of 7 matches', { ...meta, truncated: true, total: 7 }), ZH)?.countText)
      .toBe('显示 3 / 共 7 处匹配 · 2 个文件')
    expect(m?.rows).toEqual([
      { kind: 'file', path: 'a.txt', matches: 2 },
      { kind: 'match', lineNumber: 2, line: 'gamma', text: '2: gamma' },
      { kind: 'match', lineNumber: 9, line: 'gamma ray', text: '9: gamma ray' },
      { kind: 'file', path: 'b.txt', matches: 1 },
      { kind: 'match', lineNumber: 1, line: 'gamma', text: '1: gamma' },
    ])
  })
  it('empty results: the banner still counts; placeholder No results / 无结果; no copy', () => {
    expect(searchCardModel(withMeta(glob, 'none', { shape: 'paths', paths: [], truncated: false, total: 0 }), CTX))
      .toMatchObject({ countText: '0 paths', placeholder: 'No results', copy: null, rows: [] })
    expect(searchCardModel(withMeta(glob, 'none', { shape: 'paths', paths: [], truncated: false, total: 0 }), ZH))
      .toMatchObject({ countText: '0 个路径', placeholder: '无结果', copy: null, rows: [] })
    expect(searchCardModel(withMeta(grep, 'none', { shape: 'matches', files: [], truncated: false, total: 0 }), ZH))
      .toMatchObject({ countText: '0 处匹配 · 0 个文件', placeholder: '无结果' })
  })
  it('recovery joins every text block verbatim', () => {
    const node = settle(grep, { content: [text('Found 1 of 9 matches'), { type: 'image' }, text('(Full grep result stored at: /s. x)')],
      meta: { shape: 'matches', files: [], truncated: true, total: 9 } })
    expect(searchCardModel(node, CTX)?.recovery).toBe('Found 1 of 9 matches\n(Full grep result stored at: /s. x)')
  })
  it.each<[string, ToolCallNode]>([
    ['running', glob],
    ['error', fail(glob, 'bad pattern')],
    ['legacy without meta', settle(glob, GLOB_OUT)],
    ['shape of the other tool', withMeta(grep, GLOB_OUT, GLOB_META)],
    ['truncated not boolean', withMeta(glob, GLOB_OUT, { ...GLOB_META, truncated: 'yes' })],
    ['total missing', withMeta(glob, GLOB_OUT, { ...GLOB_META, total: undefined })],
    ['a path not a string', withMeta(glob, GLOB_OUT, { ...GLOB_META, paths: ['a', 1] })],
    ['a match without lineNumber', withMeta(grep, 'x', { shape: 'matches', truncated: false, total: 1, files: [{ path: 'a', matches: [{ line: 'x' }] }] })],
    ['unknown shape', withMeta(glob, 'x', { shape: 'tree', truncated: false, total: 0 })],
    ['code-dispatch child', withMeta(child('call_rc', 1, 'glob', { pattern: '*' }), GLOB_OUT, GLOB_META)],
    ['no call head', { ...withMeta(glob, GLOB_OUT, GLOB_META), hasCallHead: false }],
  ])('Generic: %s', (_name, node) => expect(searchCardModel(node, CTX)).toBeNull())
  it('narrowSearchMeta is tool-specific', () => {
    expect(narrowSearchMeta('glob', GLOB_META)).not.toBeNull()
    expect(narrowSearchMeta('grep', GLOB_META)).toBeNull()
  })
})

describe('searchWindow: 8 rows, headers count, the tail re-inserts its file header', () => {
  const file = (path: string): SearchRow => ({ kind: 'file', path, matches: 0 })
  const match = (n: number): SearchRow => ({ kind: 'match', lineNumber: n, line: 'x', text: `${n}: x` })
  it('fits: no window', () => expect(searchWindow([file('a'), match(1)], 8)).toBeNull())
  it('tail inside a file whose header is hidden: header replaces the first tail row', () => {
    const rows = [file('a'), match(1), match(2), match(3), match(4), file('b'), match(1), match(2), match(3), match(4), match(5), match(6)]
    expect(searchWindow(rows, 8)).toMatchObject({ head: [0, 1, 2, 3], tail: [5, 9, 10, 11], hidden: 4, expandLabel: '… 4 more lines',
      expandAria: 'Expand 4 more result lines', collapseAria: 'Collapse results' })
    expect(searchWindow(rows, 8, strings('zh'))).toMatchObject({ expandLabel: '… 其余 4 行', expandAria: '展开其余 4 行结果', collapseAria: '收起结果' })
  })
  it('tail starting on a header: unchanged', () => {
    const rows = [file('a'), match(1), match(2), match(3), match(4), match(5), match(6), match(7), file('b'), match(1), match(2), match(3)]
    expect(searchWindow(rows, 8)?.tail).toEqual([8, 9, 10, 11])
  })
  it('header already in the head: unchanged', () => {
    const rows = [file('a'), ...Array.from({ length: 10 }, (_, i) => match(i))]
    expect(searchWindow(rows, 8)?.tail).toEqual([7, 8, 9, 10])
  })
  it('Details: 16 rows', () => {
    const rows = [file('a'), ...Array.from({ length: 20 }, (_, i) => match(i))]
    expect(searchWindow(rows, 16)).toMatchObject({ head: [0, 1, 2, 3, 4, 5, 6, 7], hidden: 5 })
    expect(searchWindow(rows, 16)?.tail.length).toBe(8)
  })
})
