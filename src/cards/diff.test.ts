import { describe, expect, it } from 'vitest'
import { appliedDiffs, diffCardModel, hunkLines, narrowFileDiff } from './diff'
import { CTX, call, child, fail, orphan, settle, text, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, DiffRow, RowWindow } from './types'

const model = (node: ToolCallNode) => diffCardModel(node, CTX)
/** Rows as compact strings: `H path`, `⋯`, `  ctx`, `- old`, `+ new`, with line numbers when known. */
const show = (rows: DiffRow[] | undefined) => (rows ?? []).map(r => {
  if (r.kind === 'header') return `H ${r.path}`
  if (r.kind === 'gap') return r.text
  const sign = r.kind === 'added' ? '+' : r.kind === 'removed' ? '-' : ' '
  return `${sign}${r.oldLine ?? '.'}:${r.newLine ?? '.'} ${r.text}`
})

describe('hunk validity (cards.md §7)', () => {
  it.each<[string, unknown, boolean]>([
    ['valid', { path: 'a', oldText: 'x', newText: 'y' }, true],
    ['oldText null', { path: 'a', oldText: null, newText: 'y' }, true],
    ['oldText missing', { path: 'a', newText: 'y' }, false],
    ['newText not a string', { path: 'a', oldText: null, newText: 1 }, false],
    ['blank path ([N])', { path: ' ', oldText: null, newText: 'y' }, false],
    ['not an object', 'a', false],
  ])('%s', (_name, hunk, ok) => expect(narrowFileDiff(hunk) !== null).toBe(ok))

  it('one invalid hunk invalidates the list; empty lists do not count', () => {
    expect(appliedDiffs({ diffs: [{ path: 'a', oldText: null, newText: 'x' }, { path: 'b' }] })).toBeNull()
    expect(appliedDiffs({ diffs: [] })).toBeNull()
    expect(appliedDiffs(undefined)).toBeNull()
    expect(appliedDiffs({ diffs: 'x' })).toBeNull()
  })

  it('hunkLines: empty is zero lines, one trailing newline is a terminator', () => {
    expect(hunkLines('')).toEqual([])
    expect(hunkLines(null)).toEqual([])
    expect(hunkLines('a\nb\n')).toEqual(['a', 'b'])
    expect(hunkLines('a\n\n')).toEqual(['a', ''])
  })
})

const write = call('write', { file_path: 'notes.txt', content: 'alpha\nbeta\n' })
const edit = call('edit', { file_path: 'config.txt', old_string: 'mode=DEBUG', new_string: 'mode=RELEASE' })

describe('running: the intended diff', () => {
  it('write: the whole content as new, numbered from 1', () => {
    const m = model(write)
    expect(m?.source).toBe('intended')
    expect(show(m?.rows)).toEqual(['H notes.txt', '+.:1 alpha', '+.:2 beta'])
    expect(m?.footer).toBe('└ +2 -0 · 1 file')
  })
  it('edit: old_string removed, new_string added, word marks on the pair', () => {
    const m = model(edit)
    expect(show(m?.rows)).toEqual(['H config.txt', '-.:. mode=DEBUG', '+.:. mode=RELEASE'])
    const removed = m?.rows[1]
    expect(removed?.kind === 'removed' ? removed.marks : null).toEqual([{ text: 'mode=', changed: false }, { text: 'DEBUG', changed: true }])
    const added = m?.rows[2]
    expect(added?.kind === 'added' ? added.marks : null).toEqual([{ text: 'mode=', changed: false }, { text: 'RELEASE', changed: true }])
  })
  it('edit with empty old_string: no removed side', () => {
    expect(show(model(call('edit', { file_path: 'a', old_string: '', new_string: 'x' }))?.rows)).toEqual(['H a', '+.:. x'])
  })
  it('str_replace_editor create and str_replace', () => {
    expect(show(model(call('str_replace_editor', { command: 'create', path: 'n.md', file_text: '# t' }))?.rows)).toEqual(['H n.md', '+.:1 # t'])
    expect(show(model(call('str_replace_editor', { command: 'create', path: 'e.md' }))?.rows)).toEqual(['H e.md'])
    expect(show(model(call('str_replace_editor', { command: 'str_replace', path: 'a', old_str: 'x' }))?.rows)).toEqual(['H a', '-.:. x'])
  })
  it.each<[string, ToolCallNode]>([
    ['str_replace_editor view', call('str_replace_editor', { command: 'view', path: 'a' })],
    ['str_replace_editor insert', call('str_replace_editor', { command: 'insert', path: 'a', new_str: 'x' })],
    ['write without content', call('write', { file_path: 'a' })],
    ['write with blank path', call('write', { file_path: '', content: 'x' })],
    ['edit with replace_all not boolean', call('edit', { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: 'yes' })],
    ['write with a half escalation pair', call('write', { file_path: 'a', content: 'x', justification: 'j' })],
    ['malformed JSON', call('write', '{"file_path":')],
    ['code-dispatch child', child('call_rc', 1, 'write', { file_path: 'a', content: 'x' })],
    ['other tools', call('bash', { file_path: 'a', content: 'x' })],
  ])('Generic: %s', (_name, node) => expect(model(node)).toBeNull())
})

describe('settled', () => {
  it('edit with meta.diffs: applied hunks, true line diff inside the hunk (fs-edit fixture)', () => {
    const m = model(withMeta(edit, 'Edited config.txt', {
      diffs: [{ path: 'config.txt', oldText: 'mode=DEBUG\nlevel=info', newText: 'mode=RELEASE\nlevel=info' }],
    }))
    expect(m?.source).toBe('applied')
    expect(show(m?.rows)).toEqual(['H config.txt', '-.:. mode=DEBUG', '+.:. mode=RELEASE', ' .:. level=info'])
    expect([m?.added, m?.removed, m?.files]).toEqual([1, 1, 1])
  })
  it('edit without meta (legacy) or with malformed meta: Generic', () => {
    expect(model(settle(edit, 'ok'))).toBeNull()
    expect(model(withMeta(edit, 'ok', { diffs: [{ path: 'a' }] }))).toBeNull()
    expect(model(withMeta(edit, 'ok', { diffs: [] }))).toBeNull()
  })
  it('write create stores diffs: [] — the whole content as new', () => {
    const m = model(withMeta(write, 'Wrote notes.txt', { diffs: [] }))
    expect(show(m?.rows)).toEqual(['H notes.txt', '+.:1 alpha', '+.:2 beta'])
  })
  it('write with missing meta falls back to the arguments', () => {
    expect(model(settle(write, 'ok'))?.rows.length).toBe(3)
  })
  it('write overwrite hunks are located in the written content for true line numbers', () => {
    const content = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n').replace('line 9', 'LINE 9')
    const node = withMeta(call('write', { file_path: 'f.txt', content }), 'ok', {
      diffs: [{ path: 'f.txt', oldText: 'line 6\nline 7\nline 8\nline 9\nline 10\nline 11\nline 12', newText: 'line 6\nline 7\nline 8\nLINE 9\nline 10\nline 11\nline 12' }],
    })
    expect(show(model(node)?.rows)).toEqual([
      'H f.txt', ' 6:6 line 6', ' 7:7 line 7', ' 8:8 line 8', '-9:. line 9', '+.:9 LINE 9', ' 10:10 line 10', ' 11:11 line 11', ' 12:12 line 12',
    ])
  })
  it('several hunks: a gap between hunks of one file, a header per new file', () => {
    const m = model(withMeta(call('write', { file_path: 'a', content: 'z' }), 'ok', {
      diffs: [
        { path: 'a', oldText: null, newText: 'x' },
        { path: 'a', oldText: 'y', newText: 'z' },
        { path: 'b', oldText: 'q', newText: '' },
      ],
    }))
    expect(m?.rows.map(r => r.kind)).toEqual(['header', 'added', 'gap', 'removed', 'added', 'header', 'removed'])
    expect(m?.footer).toBe('└ +2 -2 · 2 files')
    expect(m?.copy?.text).toBe('a\n+ x\n⋯\n- y\n+ z\nb\n- q')
  })
  it.each<[string, ToolCallNode]>([
    ['error result', fail(write, 'EACCES')],
    ['str_replace_editor settled', settle(call('str_replace_editor', { command: 'create', path: 'a', file_text: 'x' }), 'ok')],
    ['orphan', orphan('call_w', 'ok')],
    ['child with meta-like content', settle(child('call_rc', 2, 'edit', { file_path: 'a', old_string: 'x', new_string: 'y' }), { content: [text('ok')] })],
  ])('Generic: %s', (_name, node) => expect(model(node)).toBeNull())
})

describe('caps (cards.md §7, §16.12)', () => {
  // cards-current.md §9.6: the chat cap is 9 at 5593cc25 (CHAT_DIFF_MAX_LINES), and the chrome is localised.
  const content = Array.from({ length: 10 }, (_, i) => `l${i}`).join('\n')
  it.each<[string, CardContext['locale'], Partial<RowWindow>, string, string]>([
    ['en', 'en', { expandLabel: '… 2 more lines', expandAria: 'Expand 2 more diff lines', collapseLabel: 'Collapse', collapseAria: 'Collapse diff' }, 'Copy', '└ +10 -0 · 1 file'],
    ['zh', 'zh', { expandLabel: '… 其余 2 行', expandAria: '展开其余 2 行差异', collapseLabel: '收起', collapseAria: '收起差异' }, '复制', '└ +10 -0 · 1 个文件'],
  ])('chat 9 rows: 5 head, toggle, 4 tail; headers count; %s chrome', (_name, locale, labels, copy, footer) => {
    const m = diffCardModel(call('write', { file_path: 'a.ts', content }), { ...CTX, locale })
    expect(m?.rows.length).toBe(11)
    expect(m?.chatWindow).toEqual({ head: [0, 1, 2, 3, 4], tail: [7, 8, 9, 10], hidden: 2, ...labels })
    expect(m?.detailsWindow).toBeNull()
    expect([m?.copy?.label, m?.footer]).toEqual([copy, footer])
    expect(m?.lang).toBe('ts')
  })
  it('nine rows fit the chat cap', () => {
    expect(model(call('write', { file_path: 'a.ts', content: Array.from({ length: 8 }, (_, i) => `l${i}`).join('\n') }))?.chatWindow).toBeNull()
  })
})

describe('bounded work', () => {
  it('unrelated or huge hunks read as removed then added, quickly', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n')
    // Every 7th line is shared, so the bounded search runs and gives up.
    const neu = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? `old ${i}` : `new ${i}`)).join('\n')
    const started = Date.now()
    const m = model(withMeta(call('write', { file_path: 'big.txt', content: neu }), 'ok', { diffs: [{ path: 'big.txt', oldText: old, newText: neu }] }))
    expect([m?.added, m?.removed]).toEqual([3000, 3000])
    expect(m?.rows[1]).toMatchObject({ kind: 'removed', marks: null })
    expect(m?.rows[3001]).toMatchObject({ kind: 'added', marks: null })
    expect(Date.now() - started).toBeLessThan(5_000)
  })
})
