// @vitest-environment happy-dom
/** Changed-files card (cards-current.md §8.3) drawn from its model: header, rows, counts, the four-file fold. */
import { describe, expect, it } from 'vitest'
import { changedFilesModel } from '../../src/cards/changed-files'
import type { ChangedFilesModel } from '../../src/cards/types'
import { mount, textOf } from '../testing/render'
import { ChangedFiles } from './ChangedFiles'
import styles from './ChangedFiles.module.css'

const summary = (n: number) => ({
  turn: 1, total: n, added: 1_232, deleted: 4,
  files: Array.from({ length: n }, (_, i) => ({ path: `/ws/f${i}.ts`, display: `f${i}.ts`, added: i, deleted: 1 })),
})

const model = (value: unknown, locale: 'en' | 'zh' = 'en'): ChangedFilesModel => {
  const m = changedFilesModel(value, locale)
  if (m === null) throw new Error('no model')
  return m
}

describe('ChangedFiles', () => {
  it('a single file is a header only', () => {
    const root = mount(<ChangedFiles model={model({ turn: 1, total: 1, added: 3, deleted: 1, files: [{ path: '/ws/src/x.ts', display: 'src/x.ts', added: 3, deleted: 1 }] })} />)
    expect(textOf(root.querySelector('[data-changed-files]'))).toBe('Edited x.ts +3 -1')
    expect(root.querySelector('li')).toBeNull()
    expect(root.querySelector('button')).toBeNull()
  })

  it('several files: header with the Host totals and one item per file, no fold up to four', () => {
    const root = mount(<ChangedFiles model={model(summary(3))} />)
    expect(textOf(root.querySelector('p'))).toBe('Edited 3 files +1,232 -4')
    expect([...root.querySelectorAll('li')].map(li => textOf(li))).toEqual(['f0.ts +0 -1', 'f1.ts +1 -1', 'f2.ts +2 -1'])
    expect(root.querySelector('details')).toBeNull()
  })

  it('more than four files fold behind a closed native details toggle', () => {
    const root = mount(<ChangedFiles model={model(summary(6))} />)
    const details = root.querySelector('details')
    expect(details?.hasAttribute('open')).toBe(false)
    expect(root.querySelectorAll('[data-changed-files] > ul > li')).toHaveLength(4)
    expect(details?.querySelectorAll('li')).toHaveLength(2)
    const summaryText = details?.querySelector('summary')
    expect(summaryText?.querySelector(`.${styles.whenClosed} [aria-hidden]`)?.textContent).toBe('All 6 files')
    expect(textOf(summaryText?.querySelector(`.${styles.whenClosed}`) ?? null)).toContain('Show all 6 changed files')
    expect(textOf(summaryText?.querySelector(`.${styles.whenOpen}`) ?? null)).toContain('Collapse changed files')
  })

  it('binary and too-large files read their note (zh)', () => {
    const root = mount(<ChangedFiles model={model({ turn: 1, total: 2, added: 0, deleted: 0, files: [
      { path: '/a.png', display: 'a.png', added: 0, deleted: 0, binary: true },
      { path: '/b.log', display: 'b.log', added: 0, deleted: 0, oversized: true },
    ] }, 'zh')} />)
    expect([...root.querySelectorAll('li')].map(li => textOf(li))).toEqual(['a.png 二进制', 'b.log 过大'])
    expect(textOf(root.querySelector('p'))).toBe('已编辑 2 个文件 +0 -0')
  })
})

describe('TurnTail with a Host summary', () => {
  it('draws the changed-files card first in the tail, and nothing without one', async () => {
    const { TurnTail } = await import('./TurnTail')
    const row = { kind: 'turn-tail' as const, key: 'tail:1', turn: 1, error: null, deliverables: null, timing: null }
    const withCard = mount(<TurnTail row={{ ...row, changedFiles: model(summary(2)) }} />)
    expect(withCard.querySelector('[id="tail:1"]')?.firstElementChild?.hasAttribute('data-changed-files')).toBe(true)
    expect(mount(<TurnTail row={row} />).querySelector('[data-changed-files]')).toBeNull()
  })
})
