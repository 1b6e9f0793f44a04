/**
 * Bidi controls from a log never reorder the page around them (issue 17): every field of the hostile XSS
 * fixture ends in a RIGHT-TO-LEFT OVERRIDE (U+202E) that is never closed. Built and opened in Chromium with
 * every disclosure open, each text holding one must be isolated — page text after it on the same line is
 * still drawn after it (to its right), not pulled into the override.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { chromiumPath, launch, NO_CHROMIUM } from './chromium'

const XSS_ROOT = fileURLToPath(new URL('../../fixtures/xss/sessions/', import.meta.url))
const enabled = chromiumPath() !== null
const RLO = '\u202e'

/** Every string of a JSON value that holds a payload marker gets an unclosed RLO at its end. */
/** Fields that name a schema value (event types, roles, ids), left alone so the log still means the same. */
const SCHEMA_KEYS = new Set(['type', 'id', 'toolCallId', 'callId', 'role', 'kind', 'name', 'toolName', 'status', 'surfaceOp', 'provider', 'model', 'mediaType', 'stopReason', 'plugin', 'source', 'version'])

function poison(value: unknown, all = false): unknown {
  if (typeof value === 'string') {
    if (all && /^\s*[[{]/.test(value)) {
      try {
        return JSON.stringify(poison(JSON.parse(value), all))
      } catch {
        // not JSON: poisoned as text below
      }
    }
    return all || value.includes('XSS:') ? `${value}${RLO}` : value
  }
  if (Array.isArray(value)) return value.map(v => poison(v, all))
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, all && SCHEMA_KEYS.has(k) && typeof v === 'string' ? v : poison(v, all)]))
  return value
}

/** The 37-tool detail-card corpus log, every text and name (but types and ids) ending in an RLO. */
const TOOLS_LOG = fileURLToPath(new URL('../../fixtures/corpus/v4/logs/0217po__snapshots_web_tool-details_session.v3.jsonl', import.meta.url))

function poisonedTools(root: string): void {
  const dir = join(root, '--tmp-bidi--', 'bidi-tools')
  mkdirSync(dir, { recursive: true })
  const lines = readFileSync(TOOLS_LOG, 'utf8').split('\n').map((line, i) => {
    if (i === 0 || line.trim() === '') return line
    try {
      return JSON.stringify(poison(JSON.parse(line), true))
    } catch {
      return line
    }
  })
  writeFileSync(join(dir, 'session.v3.jsonl'), lines.join('\n'))
}

function poisonedRoot(): string {
  const root = join(tempDir('dv-bidi-src-'), 'sessions')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const from = join(dir, name)
      const to = join(root, relative(XSS_ROOT, from))
      if (statSync(from).isDirectory()) {
        mkdirSync(to, { recursive: true })
        walk(from)
        continue
      }
      const lines = readFileSync(from, 'utf8').split('\n').map(line => {
        try {
          return JSON.stringify(poison(JSON.parse(line)))
        } catch {
          return line.includes('XSS:') ? `${line}${RLO}` : line
        }
      })
      writeFileSync(to, lines.join('\n'))
    }
  }
  mkdirSync(root, { recursive: true })
  walk(XSS_ROOT)
  poisonedTools(root)
  return root
}

let browser: Browser
let site: string

beforeAll(async () => {
  if (!enabled) return
  site = tempDir('dv-bidi-')
  await Promise.all([launch().then(b => (browser = b)), buildInto([poisonedRoot()], site)])
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

describe.skipIf(!enabled)('bidi controls in names and text', () => {
  it('never reorder the page text after them', async () => {
    const pages = [...treeOf(site, { skipState: true }).keys()].filter(p => p.endsWith('.html'))
    expect(pages.length).toBeGreaterThan(1)
    let checked = 0
    for (const path of pages) {
      const page = await browser.newPage()
      await page.goto(pathToFileURL(join(site, path)).href)
      await page.$$eval('details', all => all.forEach(d => void (d.open = true)))
      const result = await page.evaluate(() => {
        const blockOf = (el: Element): Element => {
          let at: Element | null = el
          while (at !== null && getComputedStyle(at).display.startsWith('inline')) at = at.parentElement
          return at ?? document.body
        }
        const rectOf = (node: Text, from: number, to: number) => {
          const range = document.createRange()
          range.setStart(node, from)
          range.setEnd(node, to)
          return range.getBoundingClientRect()
        }
        // Where a text ends: the box of its last line, since a text that wraps spans several lines and only
        // its last line is followed by what comes after it.
        const endRectOf = (node: Text, to: number) => {
          const range = document.createRange()
          range.setStart(node, 0)
          range.setEnd(node, to)
          const rects = [...range.getClientRects()].filter(r => r.width > 0)
          return rects.reduce((last, r) => (r.top > last.top + 1 ? r : r.top >= last.top - 1 && r.right > last.right ? r : last), rects[0] ?? range.getBoundingClientRect())
        }
        const bad: string[] = []
        let checked = 0
        let total = 0
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        const texts: Text[] = []
        for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) texts.push(n as Text)
        texts.forEach((node, i) => {
          const at = node.data.indexOf('\u202e')
          const parent = node.parentElement
          if (at === -1 || parent === null || parent.closest('[hidden], script, style, template') !== null) return
          total++
          if (node.data.slice(at + 1).trim() !== '') return // text of the same field follows: its own business
          const own = endRectOf(node, at)
          if (own.width === 0) return
          const block = blockOf(parent)
          // The next visible text after it in the same block, on the same line.
          for (const next of texts.slice(i + 1)) {
            if (!block.contains(next)) break
            const j = next.data.search(/\S\S/)
            if (j === -1) continue
            const r = rectOf(next, j, j + 1)
            const r2 = rectOf(next, j + 1, j + 2)
            if (r.width === 0 || r2.width === 0) continue
            if (r.top >= own.bottom || r.bottom <= own.top || r2.top >= r.bottom) break // next line: nothing to reorder
            checked++
            // Drawn after it and in reading order: to its right, first character left of the second.
            if (r.left < own.right - 1 || r2.left < r.left) bad.push(`${JSON.stringify(node.data.slice(Math.max(0, at - 30), at))} then ${JSON.stringify(next.data.trim().slice(0, 30))}`)
            break
          }
        })
        return { bad, checked, total }
      })
      checked += result.checked
      console.log(`${path}: ${result.total} texts end in U+202E, ${result.checked} followed by page text on their line`)
      expect(result.bad, path).toEqual([])
      await page.close()
    }
    expect(checked).toBeGreaterThan(0)
  }, 120_000)
})

if (!enabled) describe(`bidi browser test: ${NO_CHROMIUM}`, () => it.skip('skipped', () => {}))
