/**
 * Classic-only rows written once per page (src/site/render/classic-repeats.ts), on a real session: real corpus turns
 * chained into one v4 log (each turn brings dsh's runtime-context and hook injections again). Built with the
 * default mode, its pages hold placeholders for the repeats and are smaller; once the page script switches a
 * page to classic (src/site/client/view-mode.ts `applyView` → `fillRepeats`), every classic-only row reads
 * exactly as the same session built with `--view classic`, which writes every row out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { Window } from 'happy-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { applyView } from '../../src/site/client/view-mode'
import { buildInto, tempDir } from '../support/build'
import { chainedRoot } from '../support/chained-session'

let detailed: string
let classic: string

const pagesOf = (site: string) => readdirSync(join(site, 'sessions')).filter(f => f.endsWith('.html')).sort().map(f => join(site, 'sessions', f))
const bytesOf = (files: string[]) => files.reduce((n, f) => n + statSync(f).size, 0)

/** Every classic-only row of a site's pages by its id, as the browser serializes it (after `prepare`). */
function classicRows(site: string, prepare: (doc: Document) => void): Map<string, string> {
  const rows = new Map<string, string>()
  for (const page of pagesOf(site)) {
    const doc = new new Window().DOMParser().parseFromString(readFileSync(page, 'utf8'), 'text/html') as unknown as Document
    prepare(doc)
    for (const wrapper of doc.querySelectorAll('section[data-transcript] [data-m="c"]')) {
      const id = wrapper.firstElementChild?.id
      if (id) rows.set(id, wrapper.outerHTML)
    }
  }
  return rows
}

beforeAll(async () => {
  const root = chainedRoot(4, 3)
  detailed = tempDir('dv-classic-repeats-detailed-')
  classic = tempDir('dv-classic-repeats-classic-')
  await buildInto([root], detailed)
  await buildInto([root], classic, { view: 'classic' })
}, 240_000)

describe('classic-only rows that repeat on a page', () => {
  it('are placeholders on a default page and written out on a classic page', () => {
    const holders = (site: string) => pagesOf(site).reduce((n, f) => n + (readFileSync(f, 'utf8').match(/ data-same="/g)?.length ?? 0), 0)
    expect(holders(detailed)).toBeGreaterThan(20)
    expect(holders(classic)).toBe(0)
    expect(bytesOf(pagesOf(detailed))).toBeLessThan(bytesOf(pagesOf(classic)))
  })

  it('read, once the page switches to classic, as the classic build wrote them', () => {
    const want = classicRows(classic, () => {})
    const folded = classicRows(detailed, () => {})
    const filled = classicRows(detailed, doc => applyView(doc, 'classic', { store: false }))
    expect(want.size).toBeGreaterThan(40)
    // Before the switch some rows are placeholders; after it every row is the classic build's, id for id.
    expect([...folded.keys()].filter(id => folded.get(id) !== want.get(id)).length).toBe(0)
    expect([...filled.keys()].sort()).toEqual([...want.keys()].sort())
    for (const [id, html] of want) expect(filled.get(id), id).toBe(html)
  })
})
