/** Changed-files card model (cards-current.md §8.3): single vs several, counts, binary/too large, fold, narrowing. */
import { describe, expect, it } from 'vitest'
import { changedFilesModel, withChangedFiles } from './changed-files'
import type { PageSection, TurnTailRow } from './types'

const file = (path: string, added: number, deleted: number, extra: Record<string, unknown> = {}) => ({ path: `/ws/${path}`, display: path, added, deleted, ...extra })

describe('changedFilesModel', () => {
  it('one file: a header `Edited {basename} +a -d` named `View changes to {display}`, no list', () => {
    expect(changedFilesModel({ turn: 2, files: [file('src/x.ts', 3, 1)], total: 1, added: 3, deleted: 1 }, 'en')).toEqual({
      turn: 2,
      header: { name: 'View changes to src/x.ts', text: 'Edited x.ts', path: '/ws/src/x.ts', added: '+3', deleted: '-1', note: null },
      files: [], hidden: [], fold: null,
    })
  })

  it('one file (zh), zero shown', () => {
    const model = changedFilesModel({ turn: 1, files: [file('a/b.md', 3, 0)], total: 1, added: 3, deleted: 0 }, 'zh')
    expect(model?.header).toMatchObject({ name: '查看 a/b.md 的改动', text: '已编辑 b.md', added: '+3', deleted: '-0' })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['binary', { binary: true }, 'binary'],
    ['too large', { oversized: true }, 'too large'],
  ])('a %s file reads its note instead of counts', (_name, extra, note) => {
    const model = changedFilesModel({ turn: 1, files: [file('img.png', 0, 0, extra)], total: 1, added: 0, deleted: 0 }, 'en')
    expect(model?.header).toMatchObject({ added: null, deleted: null, note })
  })

  it('several files: Host totals in the header, one row per file in the Host order, en-US grouping', () => {
    const model = changedFilesModel({
      turn: 3, total: 3, added: 1_232, deleted: 7,
      files: [file('a.ts', 1_200, 5), file('b.ts', 30, 2), file('logo.png', 0, 0, { binary: true })],
    }, 'en')
    expect(model?.header).toMatchObject({ name: 'Review this turn’s changes in the sidebar', text: 'Edited 3 files', added: '+1,232', deleted: '-7' })
    expect(model?.files.map(f => [f.name, f.text, f.added, f.deleted, f.note])).toEqual([
      ['View changes to a.ts', 'a.ts', '+1,200', '-5', null],
      ['View changes to b.ts', 'b.ts', '+30', '-2', null],
      ['View changes to logo.png', 'logo.png', null, null, 'binary'],
    ])
    expect(model?.fold).toBeNull()
  })

  it('the header uses the Host totals, not the sum of the rows', () => {
    const model = changedFilesModel({ turn: 1, total: 9, added: 100, deleted: 50, files: [file('a', 1, 1), file('b', 1, 1)] }, 'en')
    expect(model?.header).toMatchObject({ text: 'Edited 9 files', added: '+100', deleted: '-50' })
  })

  it.each<[number, number, boolean]>([[4, 4, false], [5, 4, true], [12, 4, true]])('%s files → %s shown, fold %s', (n, shown, fold) => {
    const files = Array.from({ length: n }, (_, i) => file(`f${i}.ts`, i, 0))
    const model = changedFilesModel({ turn: 1, total: n, added: 0, deleted: 0, files }, 'en')
    expect(model?.files).toHaveLength(shown)
    expect(model?.hidden).toHaveLength(n - shown)
    expect(model?.fold === null).toBe(!fold)
    if (fold) expect(model?.fold).toEqual({ expandText: `All ${n} files`, expandName: `Show all ${n} changed files`, collapseText: 'Collapse', collapseName: 'Collapse changed files' })
  })

  it('fold strings in zh', () => {
    const files = Array.from({ length: 5 }, (_, i) => file(`f${i}.ts`, 1, 1))
    expect(changedFilesModel({ turn: 1, total: 5, added: 5, deleted: 5, files }, 'zh')?.fold).toEqual({
      expandText: '全部 5 个文件', expandName: '展开全部 5 个改动文件', collapseText: '收起', collapseName: '收起改动文件列表',
    })
  })

  it.each<[string, unknown]>([
    ['no summary', null],
    ['not an object', 'x'],
    ['no files array', { turn: 1, total: 0 }],
    ['an empty list', { turn: 1, files: [], total: 0, added: 0, deleted: 0 }],
    ['only unusable entries', { turn: 1, files: [{ display: 'x' }, 5, { path: '' }], total: 2 }],
    ['no turn', { files: [file('a', 1, 1)], total: 1 }],
  ])('%s → no card', (_name, summary) => expect(changedFilesModel(summary, 'en')).toBeNull())

  it('skips unusable entries, falls back to the path for a missing display and omits unusable counts', () => {
    const model = changedFilesModel({ turn: 1, files: [{ path: '/ws/a.ts', added: -1, deleted: 'x' }, 7] }, 'en')
    expect(model?.header).toMatchObject({ name: 'View changes to /ws/a.ts', text: 'Edited a.ts', added: null, deleted: null, note: null })
  })
})

describe('withChangedFiles', () => {
  const tail = (turn: number): TurnTailRow => ({ kind: 'turn-tail', key: `tail:${turn}`, turn, timing: null, error: null, deliverables: null })
  const sections: PageSection[] = [
    { key: 's1', turn: 1, label: null, inherited: false, rows: [tail(1)] },
    { key: 's2', turn: 2, label: null, inherited: false, rows: [tail(2)] },
  ]

  it('sets the card on the tail of the summary\'s turn only, without touching the input', () => {
    const out = withChangedFiles(sections, new Map([[2, { turn: 2, files: [file('a.ts', 1, 0)], total: 1, added: 1, deleted: 0 }]]), 'en')
    const rows = out.flatMap(s => s.rows).filter((r): r is TurnTailRow => r.kind === 'turn-tail')
    expect(rows.map(r => r.changedFiles?.header.text ?? null)).toEqual([null, 'Edited a.ts'])
    expect(sections[1]?.rows[0]).not.toHaveProperty('changedFiles')
  })

  it('an unusable summary or none leaves the tails as they are', () => {
    expect(withChangedFiles(sections, new Map([[1, { turn: 1, files: [] }]]), 'en')).toEqual(sections)
    expect(withChangedFiles(sections, new Map(), 'en')).toEqual(sections)
  })
})
