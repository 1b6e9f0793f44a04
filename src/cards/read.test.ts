import { describe, expect, it } from 'vitest'
import { narrowReadMeta, readCardModel } from './read'
import { languageForPath } from './lang'
import { CTX, call, child, fail, orphan, settle, text, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'

const envelope = (path: string, body: string) => `<path>${path}</path>\n<type>file</type>\n<content>\n${body}\n</content>`
const META = { path: '/home/dev/project/nested/task.txt', offset: 1, lines: [{ number: 1, text: 'snapshot task' }], totalLines: 1 }
const OUT = envelope('/home/dev/project/nested/task.txt', '1: snapshot task\n\n(End of file - total 1 lines)')
const read = call('read', { file_path: 'nested/task.txt' })
const ZH = { ...CTX, locale: 'zh' as const }

describe('readCardModel (cards.md §8)', () => {
  it('agent-instructions fixture: a read card with a relativised label', () => {
    expect(readCardModel(withMeta(read, OUT, META), CTX)).toMatchObject({
      kind: 'read', path: META.path, label: 'nested/task.txt', lines: META.lines, totalLines: 1, lang: null,
      range: null, copy: { label: 'Copy', copiedLabel: 'Copied', text: 'snapshot task' }, chatWindow: null,
    })
    expect(readCardModel(withMeta(read, OUT, META), ZH)?.copy).toMatchObject({ label: '复制', copiedLabel: '复制成功' })
  })
  it('label falls back to ~ outside the cwd', () => {
    expect(readCardModel(withMeta(read, OUT, { ...META, path: '/home/dev/other.txt' }), CTX)?.label).toBe('~/other.txt')
  })
  it('partial window: banner and lang as given', () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ number: i + 5, text: `x${i}` }))
    const node = withMeta(read, OUT, { path: 'a.py', offset: 5, lines, totalLines: 40, lang: 'py' })
    const m = readCardModel(node, CTX)
    expect(m).toMatchObject({ range: 'Showing 10 of 40 lines', lang: 'py', code: { lang: 'py', html: null } })
    expect(m?.chatWindow).toMatchObject({ head: [0, 1, 2, 3], tail: [6, 7, 8, 9], hidden: 2, expandLabel: '… 2 more lines',
      expandAria: 'Expand 2 more lines', collapseAria: 'Collapse content' })
    const zh = readCardModel(node, ZH)
    expect(zh).toMatchObject({ range: '显示 10 / 40 行' })
    expect(zh?.chatWindow).toMatchObject({ expandLabel: '… 其余 2 行', expandAria: '展开其余 2 行', collapseAria: '收起内容' })
  })
  it('an empty window: no copy', () => {
    expect(readCardModel(withMeta(read, OUT, { ...META, lines: [], totalLines: 0 }), CTX)?.copy).toBeNull()
  })
  it.each<[string, ToolCallNode]>([
    ['running', read],
    ['error', fail(read, 'Error: not found')],
    ['legacy (no meta)', settle(read, OUT)],
    ['envelope mismatch', withMeta(read, 'snapshot task', META)],
    ['envelope with trailing text', withMeta(read, `${OUT}\n`, META)],
    ['two blocks', settle(read, { content: [text(OUT), text('x')], meta: META })],
    ['code-dispatch child', withMeta(child('call_rc', 1, 'read', { file_path: 'a' }), OUT, META)],
    ['orphan', { ...withMeta(orphan('call_o', OUT), OUT, META), name: 'read' }],
    ['blank file_path ([N])', withMeta(call('read', { file_path: ' ' }), OUT, META)],
    ['offset 0 ([N])', withMeta(call('read', { file_path: 'a', offset: 0 }), OUT, META)],
    ['limit not an integer ([N])', withMeta(call('read', { file_path: 'a', limit: 1.5 }), OUT, META)],
    ['another tool', withMeta(call('read_image', { file_path: 'a' }), OUT, META)],
  ])('Generic: %s', (_name, node) => expect(readCardModel(node, CTX)).toBeNull())
})

describe('narrowReadMeta', () => {
  it.each<[string, unknown, boolean]>([
    ['valid', META, true],
    ['offset 0', { ...META, offset: 0 }, false],
    ['totalLines negative', { ...META, totalLines: -1 }, false],
    ['line beyond totalLines', { ...META, lines: [{ number: 2, text: 'x' }] }, false],
    ['line before the offset', { ...META, offset: 3, totalLines: 5, lines: [{ number: 2, text: 'x' }] }, false],
    ['not strictly increasing', { ...META, totalLines: 5, lines: [{ number: 2, text: 'a' }, { number: 2, text: 'b' }] }, false],
    ['line text not a string', { ...META, lines: [{ number: 1, text: 1 }] }, false],
    ['lang not a string', { ...META, lang: 3 }, false],
    ['path missing', { ...META, path: undefined }, false],
    ['not an object', 'x', false],
  ])('%s', (_name, meta, ok) => expect(narrowReadMeta(meta) !== null).toBe(ok))
})

describe('languageForPath (LANG_BY_EXTENSION)', () => {
  it.each<[string, string | null]>([
    ['a.ts', 'ts'], ['A.MTS', 'ts'], ['x.cjs', 'js'], ['c.jsonc', 'json'], ['h.h', 'c'], ['k.hpp', 'cpp'],
    ['s.zsh', 'sh'], ['y.yml', 'yaml'], ['r.markdown', 'md'], ['p.htm', 'html'], ['k.kt', 'kotlin'],
    ['.bashrc', null], ['Makefile', null], ['x.unknown', null], ['dir.d/file', null],
  ])('%s → %s', (p, lang) => expect(languageForPath(p)).toBe(lang))
})
