/**
 * The Inspect pill carries no class (issue 14, components/rows/ToolDetails.module.css): the stylesheet knows it by
 * its place, the one `<details>` that is a child of a row's `<details>` or of a row's own `<div>` (the trailing
 * slot of a row with no body). This builds the whole corpus and checks that place holds exactly the Inspect
 * controls: every one of them, and nothing else (a fold that moved there would be drawn as a pill).
 */
import { fileURLToPath } from 'node:url'
import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { corpusRoot } from '../../snapshots/corpus'
import { toolStrings } from '../../src/cards/tool-strings'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'

const PLACE = '[data-variant] > details > details, [data-variant] > div > details'

describe('the Inspect place', () => {
  it.each(['en', 'zh'] as const)('holds every Inspect control of the corpus and nothing else (%s)', async (locale) => {
    const out = tempDir()
    await buildInto([fileURLToPath(corpusRoot)], out, { locale })
    const labels = new Set([toolStrings(locale).inspectPill, toolStrings(locale).present.inspect])
    const window = new Window()
    let placed = 0
    for (const [path, bytes] of treeOf(out, { skipState: true })) {
      if (!path.endsWith('.html')) continue
      const doc = new window.DOMParser().parseFromString(bytes.toString('utf8'), 'text/html') as unknown as Document
      const atPlace = new Set(doc.querySelectorAll(PLACE))
      const inspects = [...doc.querySelectorAll('details')].filter((d) => labels.has(d.querySelector(':scope > summary')?.textContent ?? ''))
      for (const d of atPlace) expect(labels.has(d.querySelector(':scope > summary')?.textContent ?? ''), `${path}: ${d.outerHTML.slice(0, 120)}`).toBe(true)
      for (const d of inspects) expect(atPlace.has(d), `${path}: an Inspect elsewhere`).toBe(true)
      placed += atPlace.size
    }
    expect(placed).toBeGreaterThan(150)
  }, 180_000)
})
