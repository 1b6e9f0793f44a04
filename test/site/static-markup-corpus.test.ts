/**
 * Issue 14: the build's own renderer (src/site/html/static-markup.ts) against React's `renderToStaticMarkup` on
 * real output — every call the build makes while it renders the whole fixture corpus (each section, each
 * page's chrome, the prompt lists, the index) and while it exports corpus sessions to one file is made with
 * both, and the strings must be equal (but for quotes in text, which ours leaves verbatim, and empty attribute
 * values, which ours writes bare). The rules one by one and random trees are in static-markup.test.tsx.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { corpusLogs, corpusRoot } from '../../snapshots/corpus'
import { VIEW_MODES } from '../../src/cards/view-mode'
import { exportSessionOf } from '../../src/export/testing'
import { renderHtmlExport } from '../../src/export/html/render-export'
import { buildInto, tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'

const seen = vi.hoisted(() => ({ calls: 0, mismatches: [] as { ours: string; react: string }[] }))

vi.mock('../../src/site/html/static-markup', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/site/html/static-markup')>()
  const { renderToStaticMarkup } = await import('react-dom/server')
  const { canonicalMarkup, ownQuotes } = await import('../../src/site/html/testing/react-oracle')
  return {
    ...real,
    renderStaticMarkup(node: ReactNode): string {
      const react = renderToStaticMarkup(node)
      const ours = real.renderStaticMarkup(node)
      seen.calls++
      // Ours leaves quotes in text verbatim and empty attribute values bare; Markdown's raw HTML keeps its
      // own entities and `=""` on both sides.
      if (ours !== ownQuotes(react) && canonicalMarkup(ours) !== canonicalMarkup(react) && seen.mismatches.length < 3) seen.mismatches.push({ ours, react })
      return react
    },
  }
})

/** Where two strings part, with some context (a whole section is too long to read in a failure). */
function firstDifference(a: string, b: string): string {
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return `at ${i}: ours …${a.slice(Math.max(0, i - 80), i + 80)}… React …${b.slice(Math.max(0, i - 80), i + 80)}…`
}

function expectNoMismatch(minCalls: number): void {
  expect(seen.mismatches.map(m => firstDifference(m.ours, m.react))).toEqual([])
  expect(seen.calls).toBeGreaterThan(minCalls)
}

/** The corpus, the hostile-text sessions (fixtures/xss) and the demo sessions. */
const ROOTS = [fileURLToPath(corpusRoot), ...['xss/sessions', 'demo-sessions'].map(d => fileURLToPath(new URL(`../../fixtures/${d}`, import.meta.url)))]

describe('the build renders the corpus exactly as React does', () => {
  // Every view mode (each renders other parts of a row) in one locale or the other, so both are covered.
  it.each(VIEW_MODES.map((view, i) => ({ view, locale: i % 2 === 0 ? 'en' : 'zh' }) as const))('$view, $locale', async ({ locale, view }) => {
    seen.calls = 0
    const report = await buildInto(ROOTS, tempDir(), { locale, view })
    // Every session's sections and chrome went through the comparison (not a worker thread's copy).
    expectNoMismatch(report.sessions * 3)
  }, 300_000)
})

describe('the export renders corpus sessions exactly as React does', () => {
  it('each corpus log, exported alone', async () => {
    seen.calls = 0
    const assets = await testSiteAssets()
    const logs = corpusLogs().filter(l => !l.zstd)
    for (const log of logs) {
      const session = exportSessionOf(readFileSync(log.url, 'utf8'))
      await renderHtmlExport({ sessions: [session], assets, locale: 'en', highlight: false })
    }
    expectNoMismatch(logs.length * 2)
  }, 300_000)
})
