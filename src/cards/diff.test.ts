import { describe, expect, it } from 'vitest'
import { appliedDiffs, diffCardModel, hunkLines, narrowFileDiff, unchangedRuns } from './diff'
import { CTX, call, child, fail, orphan, settle, text, withMeta } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'
import type { CardContext, DiffRow } from './types'

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

/** Row kinds as one letter each (`h` header, `g` gap, `c` context, `a` added, `r` removed). */
const KIND = { h: 'header', g: 'gap', c: 'context', a: 'added', r: 'removed' } as const
const kinds = (spec: string) => [...spec.replace(/ /g, '')].map(k => KIND[k as keyof typeof KIND])
/** The folds of a row spec, drawn over it: `.` shown, `f` folded. */
const folds = (spec: string) => {
  const out = [...spec.replace(/ /g, '')].map(() => '.')
  for (const { from, to } of unchangedRuns(kinds(spec))) for (let i = from; i < to; i++) out[i] = 'f'
  return out.join('')
}

describe('folding unchanged context (issue 28: never a changed line)', () => {
  // Each change keeps DIFF_CONTEXT = 3 unchanged lines on each side; a fold stands for at least 2 rows.
  it.each<[string, string, string]>([
    ['short context stays', 'h ccc a ccc', '.' + '...' + '.' + '...'],
    ['a run before the first change keeps the 3 next to it', 'h cccccc a', '.' + 'fff...' + '.'],
    ['a run after the last change keeps the 3 next to it', 'h a cccccc', '.' + '.' + '...fff'],
    ['a run between two changes keeps 3 on each side', 'h a cccccccccc r', '.' + '.' + '...ffff...' + '.'],
    ['one row over the margins is not folded (a toggle would hide nothing)', 'h a ccccccc a', '.' + '.' + '.......' + '.'],
    ['two rows over the margins are', 'h a cccccccc a', '.' + '.' + '...ff...' + '.'],
    ['a hunk without a change folds whole', 'h cccccc', '.' + 'ffffff'],
    ['headers and gaps end a run; each hunk counts alone', 'h a cccccc g cccccc a', '.' + '.' + '...fff' + '.' + 'fff...' + '.'],
    ['added and removed rows are never folded', 'h rrrrrrrrrr aaaaaaaaaa', '.' + 'rrrrrrrrrr'.replace(/r/g, '.') + '..........'],
    ['a diff of context only after a header per file', 'h cc h ccccc', '.' + 'ff' + '.' + 'fffff'],
    ['nothing', '', ''],
  ])('%s', (_name, spec, expected) => {
    expect(folds(spec)).toBe(expected)
  })

  it('every added and removed row of any shape is visible', () => {
    const spec = 'h ' + Array.from({ length: 200 }, (_, i) => (i % 17 === 0 ? 'a' : i % 23 === 0 ? 'r' : i % 41 === 0 ? 'g' : 'c')).join('')
    const k = kinds(spec)
    for (const { from, to } of unchangedRuns(k)) for (let i = from; i < to; i++) expect(k[i]).toBe('context')
  })

  const old = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`)
  const neu = old.map(l => (l === 'line 15' ? 'LINE 15' : l))
  const long = call('edit', { file_path: 'a.ts', old_string: old.join('\n'), new_string: neu.join('\n') })
  it.each<[CardContext['locale'], string, string, string]>([
    ['en', '… 11 unchanged lines', 'Expand 11 unchanged lines', 'Collapse unchanged lines'],
    ['zh', '… 11 行未改动', '展开 11 行未改动的内容', '收起未改动的内容'],
  ])('an edit of one line in 30: the rows around it folded, each run with its own toggle (%s)', (locale, label, aria, collapseAria) => {
    const m = diffCardModel(long, { ...CTX, locale })
    const rows = m?.rows ?? []
    expect(rows.map(r => r.kind).join(',')).toBe(['header', ...Array(14).fill('context'), 'removed', 'added', ...Array(15).fill('context')].join(','))
    const foldIds = rows.map(r => (r.kind === 'context' ? (r.fold?.id ?? null) : null))
    expect(foldIds).toEqual([null, ...Array(11).fill(0), null, null, null, null, null, null, null, null, ...Array(12).fill(1)])
    const first = rows[1]
    expect(first?.kind === 'context' ? first.fold : null).toEqual({ id: 0, hidden: 11, expandLabel: label, expandAria: aria, collapseLabel: locale === 'en' ? 'Collapse' : '收起', collapseAria })
    const last = rows[rows.length - 1]
    expect(last?.kind === 'context' ? last.fold?.hidden : null).toBe(12)
    // The copy text and the counts are the whole diff.
    expect([m?.added, m?.removed]).toEqual([1, 1])
    expect(m?.copy?.text.split('\n')).toHaveLength(32)
  })

  it('a long write shows every line: no fold (all added)', () => {
    const m = model(call('write', { file_path: 'a.ts', content: Array.from({ length: 500 }, (_, i) => `l${i}`).join('\n') }))
    expect(m?.rows).toHaveLength(501)
    expect(m?.rows.some(r => r.kind === 'context' && r.fold != null)).toBe(false)
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
