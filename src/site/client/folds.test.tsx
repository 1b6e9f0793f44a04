/** Expand all / Collapse all (./folds.ts) on a rendered page fragment, in happy-dom. */
import { Window } from 'happy-dom'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FoldAll } from '../../../components/layout/FoldAll'
import { installFoldAll, setAllFolds } from './folds'

function page(): Document {
  const win = new Window()
  const controls = renderToStaticMarkup(<FoldAll folds={{ label: 'Folds', expand: 'Expand all', collapse: 'Collapse all' }} />)
  win.document.body.innerHTML = `${controls}<details id="toc"><summary>Prompts</summary></details>
    <section data-transcript=""><details id="a" open><summary role="button" aria-expanded="true">a</summary>
    <details id="b"><summary>b</summary></details></details><details id="c"><summary>c</summary></details></section>`
  return win.document as unknown as Document
}

const openIds = (doc: Document) => [...doc.querySelectorAll('details')].filter(d => (d as HTMLDetailsElement).open).map(d => d.id)

describe('Expand all / Collapse all', () => {
  it('is hidden until the script runs, then shown', () => {
    const doc = page()
    const box = doc.querySelector<HTMLElement>('[data-fold-all]')
    expect(box?.hidden).toBe(true)
    installFoldAll(doc)
    expect(box?.hidden).toBe(false)
  })

  it('opens and closes every transcript fold, nested ones too, and nothing outside the transcript', () => {
    const doc = page()
    installFoldAll(doc)
    doc.querySelector<HTMLButtonElement>('button[data-fold="open"]')?.click()
    expect(openIds(doc)).toEqual(['a', 'b', 'c'])
    expect(doc.querySelector('#a > summary')?.getAttribute('aria-expanded')).toBe('true')
    doc.querySelector<HTMLButtonElement>('button[data-fold="close"]')?.click()
    expect(openIds(doc)).toEqual([])
    expect(doc.querySelector('#a > summary')?.getAttribute('aria-expanded')).toBe('false')
  })

  it('reports how many folds changed', () => {
    const doc = page()
    expect(setAllFolds(doc, true)).toBe(2)
    expect(setAllFolds(doc, true)).toBe(0)
  })
})
