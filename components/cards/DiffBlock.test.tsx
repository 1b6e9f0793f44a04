// @vitest-environment happy-dom
/**
 * A diff card never hides a changed line (issue 28): drawn from real card models (src/cards/diff.ts), every
 * added and removed row of a long diff is in the DOM and outside any closed fold, in Chat and in Details;
 * only runs of unchanged context sit behind their own `… N unchanged lines` toggle, holding exactly N rows.
 * The same holds after the page budget cut a diff too long for a page (src/site/render/pages/cut.ts): the kept changed
 * rows stay visible, and a fold the cut split is drawn open rather than under a count it no longer holds.
 */
import { describe, expect, test } from 'vitest'
import { DiffBlock } from './DiffBlock'
import { mount, textOf, withScript } from '../testing/render'
import { diffCardModel } from '../../src/cards/diff'
import { CTX, call, withMeta } from '../../src/cards/testing'
import type { DiffCardModel, PageSection } from '../../src/cards/types'
import { viewModel } from '../../src/cards/view-model'
import { assemble } from '../../src/conversation/builder'
import { parseLogText } from '../../src/log/json/parse-text'
import { session } from '../../src/log/testing/session'
import { CAP_LEVELS, cutSections } from '../../src/site/render/pages/cut'
import { siteText } from '../../src/site/strings'

/** `n` numbered lines, with line numbers in `changed` replaced. */
function lines(n: number, changed: ReadonlySet<number> = new Set()): string {
  return Array.from({ length: n }, (_, i) => (changed.has(i + 1) ? `CHANGED ${i + 1}` : `line ${i + 1}`)).join('\n')
}

/** An applied edit of a 300-line hunk: a few changed lines far apart, a deleted line and two inserted ones. */
function longEdit(): DiffCardModel {
  const oldText = lines(300)
  const newLines = lines(300, new Set([20, 21, 150, 290])).split('\n')
  newLines.splice(200, 1)
  newLines.splice(100, 0, 'inserted a', 'inserted b')
  const newText = newLines.join('\n')
  const node = withMeta(call('edit', { file_path: 'src/long.ts', old_string: 'x', new_string: 'y' }), 'ok', { diffs: [{ path: 'src/long.ts', oldText, newText }] })
  const model = diffCardModel(node, CTX)
  if (model === null) throw new Error('no diff card')
  return model
}

const closedFold = (el: Element) => el.closest('details:not([open])') !== null
const changedRows = (root: Element) => [...root.querySelectorAll('[data-line][data-kind="added"], [data-line][data-kind="removed"]')]

/** Every fold's visible closed label (the accessible names are checked apart) and how many rows it holds. */
function folds(root: Element): [string, number][] {
  return [...root.querySelectorAll('[data-diff] details')].map((d) => [textOf(d.querySelector(':scope > summary > span[aria-hidden]')), d.querySelectorAll('[data-line]').length])
}

describe('DiffBlock folds only unchanged lines', () => {
  test.each(['chat', 'details'] as const)('every changed line of a long diff is drawn and visible (%s)', (place) => {
    const model = longEdit()
    expect(model.added + model.removed).toBe(4 + 4 + 2 + 1)
    const root = withScript(mount(<DiffBlock model={model} place={place} />))
    const changed = changedRows(root)
    expect(changed).toHaveLength(model.added + model.removed)
    expect(changed.filter(closedFold)).toEqual([])
    expect(changed.map((r) => textOf(r.lastElementChild))).toEqual(
      model.rows.flatMap((r) => (r.kind === 'added' || r.kind === 'removed' ? [r.text] : [])),
    )
    // All rows are in the DOM; the folded ones are context rows inside a closed toggle that counts them.
    expect(root.querySelectorAll('[data-line]')).toHaveLength(model.rows.length)
    const found = folds(root)
    expect(found.length).toBeGreaterThan(3)
    for (const [label, held] of found) expect(label).toBe(`… ${held} unchanged lines`)
    const hidden = [...root.querySelectorAll('[data-line]')].filter(closedFold)
    expect(hidden.every((r) => r.getAttribute('data-kind') === 'context')).toBe(true)
    // Each change keeps three unchanged lines on either side, outside any fold.
    const all = [...root.querySelectorAll('[data-line]')]
    for (const row of changed) {
      const at = all.indexOf(row)
      for (const near of all.slice(Math.max(0, at - 3), at + 4)) expect(closedFold(near)).toBe(false)
    }
  })

  test('a fold reads as a closed button naming its count, holding exactly those rows', () => {
    const root = withScript(mount(<DiffBlock model={longEdit()} place="chat" />), 'en')
    const first = root.querySelector<HTMLDetailsElement>('[data-diff] details')
    const summary = first?.querySelector(':scope > summary')
    expect(summary?.getAttribute('role')).toBe('button')
    expect(summary?.getAttribute('aria-expanded')).toBe('false')
    expect(textOf(summary ?? null)).toContain('Expand 16 unchanged lines')
    expect(textOf(summary ?? null)).toContain('Collapse unchanged lines')
    expect(first?.querySelectorAll('[data-line][data-kind="context"]')).toHaveLength(16)
  })

  test('a model that names no fold draws every row open (a short diff)', () => {
    const node = withMeta(call('edit', { file_path: 'a.ts', old_string: 'x', new_string: 'y' }), 'ok', { diffs: [{ path: 'a.ts', oldText: lines(7), newText: lines(7, new Set([4])) }] })
    const root = mount(<DiffBlock model={diffCardModel(node, CTX) as DiffCardModel} place="chat" />)
    expect(root.querySelector('details')).toBeNull()
    expect(root.querySelectorAll('[data-line]')).toHaveLength(9)
  })
})

describe('after the page budget cut (src/site/render/pages/cut.ts)', () => {
  /** A one-call session whose edit's hunk has `n` lines, one changed in every 25. */
  function cutDiff(n: number): { before: DiffCardModel; after: DiffCardModel } {
    const changed = new Set(Array.from({ length: Math.floor(n / 25) }, (_, i) => i * 25 + 13))
    const s = session({ id: 'cut-diff', cwd: '/w' })
    s.turnStart()
    s.user('edit')
    s.stepStart()
    const args = { file_path: 'big.ts', old_string: 'a', new_string: 'b' }
    s.call('edit', args, 'e1')
    s.result('e1', 'ok', { meta: { diffs: [{ path: 'big.ts', oldText: lines(n), newText: lines(n, changed) }] } })
    s.stepEnd()
    s.turnEnd()
    const sections: PageSection[] = viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
    const bodyOf = (list: PageSection[]) => {
      const row = list.flatMap((x) => x.rows).find((r) => r.kind === 'tool')
      if (row?.kind !== 'tool' || row.body?.kind !== 'diff') throw new Error('no diff body')
      return row.body
    }
    const cut = cutSections(sections, CAP_LEVELS[0] ?? { chars: 64_000, lines: 400, lineChars: 2_000 }, siteText('en'), (h) => `s.files/${h}.txt`)
    return { before: bodyOf(sections), after: bodyOf(cut.sections) }
  }

  test('kept changed lines stay visible; a fold split by the cut is drawn open, whole folds stay folded', () => {
    const { before, after } = cutDiff(1_000)
    expect(before.rows.length).toBeGreaterThan(400)
    // The cut kept a head and a tail with a marker row between (its note links the full text).
    expect(after.rows.length).toBeLessThan(before.rows.length)
    expect(after.rows.some((r) => r.kind === 'gap' && r.text.includes('lines'))).toBe(true)
    const root = withScript(mount(<DiffBlock model={after} place="chat" />))
    const changed = changedRows(root)
    expect(changed).toHaveLength(after.rows.filter((r) => r.kind === 'added' || r.kind === 'removed').length)
    expect(changed.filter(closedFold)).toEqual([])
    // Every toggle holds exactly the rows it counts; rows of a fold the cut split are drawn open.
    const found = folds(root)
    expect(found.length).toBeGreaterThan(0)
    for (const [label, held] of found) expect(label).toBe(`… ${held} unchanged lines`)
    const foldedInModel = after.rows.filter((r) => r.kind === 'context' && r.fold != null).length
    const foldedInDom = found.reduce((n, [, held]) => n + held, 0)
    expect(foldedInDom).toBeLessThan(foldedInModel)
  })
})
