/**
 * A long session's Trajectory (issue 29: "same page budgets as Chat, paginated"): a generated session of 120
 * turns, each a prompt, a tool call with a long output and an answer, builds into several Trajectory pages —
 * each within 1 MB and 5,000 elements, cut between turns, linked by page navigation — and every link between
 * the two views lands on an id the page it names holds: Chat rows to their records and requests, records back
 * to their Chat rows, records to other records (Source, Result).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { toolTurnsSession } from '../../src/log/testing/tool-turns'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { buildInto, tempDir } from '../support/build'
import { linksOf, treeOf } from '../support/files'

const TURNS = 120

const longSession = (): string => toolTurnsSession({
  id: 'long-trajectory',
  turns: TURNS,
  output: t => Array.from({ length: 200 }, (_, i) => `file-${t}-${i}.txt  ${'x'.repeat(40)}`).join('\n'),
  answer: t => `Turn ${t} done.`,
})

let pages: Map<string, string>
let overBudget: string[]

beforeAll(async () => {
  const root = tempDir()
  const dir = join(root, '--work-long--', 'long-trajectory')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), longSession())
  const out = tempDir()
  overBudget = (await buildInto([root], out)).overBudget
  pages = new Map([...treeOf(out, { skipState: true })].filter(([p]) => p.startsWith('sessions/') && p.endsWith('.html') && !p.includes('.prompts.')).map(([p, b]) => [p, b.toString('utf8')]))
}, 300_000)

const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1] ?? ''))

describe('a long session’s Trajectory', () => {
  it('is cut into pages within the budgets, between turns, with page navigation', () => {
    const trajectory = [...pages.keys()].filter((p) => p.includes('.trajectory'))
    expect(trajectory.length).toBeGreaterThan(2)
    expect(overBudget).toEqual([])
    for (const path of trajectory) {
      const html = pages.get(path) ?? ''
      const size = measure(html)
      expect(size.bytes, path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(size.nodes, path).toBeLessThanOrEqual(MAX_PAGE_NODES)
      // Each page starts a turn: its first section carries that turn's anchor.
      expect(html.match(/<tbody[^>]*>/)?.[0], path).toMatch(/id="turn-\d+"/)
      expect(html, path).toContain('.trajectory.p2.html')
    }
    const records = trajectory.flatMap((p) => [...(pages.get(p) ?? '').matchAll(/<tr id="rec-(\d+)"/g)].map((m) => Number(m[1])))
    expect(new Set(records).size).toBe(records.length)
    // Per turn: the prompt, the calling step, its tool, the answer (the generated log has no system prompt).
    expect(records.length).toBe(TURNS * 4)
  })

  it('links both ways to ids the named page holds', () => {
    const ids = new Map([...pages].map(([p, html]) => [p, idsOf(html)]))
    const checked = { toTrajectory: 0, toChat: 0 }
    for (const [path, html] of pages) {
      for (const link of linksOf(html)) {
        const [file, id] = link.split('#')
        if (id === undefined || id === '' || /^[a-z]+:/.test(link)) continue
        const target = file === '' ? path : posix.join(posix.dirname(path), file ?? '')
        if (!pages.has(target)) continue
        const from = path.includes('.trajectory') ? 't' : 'c'
        const to = target.includes('.trajectory') ? 't' : 'c'
        if (from === to && from === 'c') continue
        expect(ids.get(target)?.has(decodeURIComponent(id)), `${path} → ${link}`).toBe(true)
        if (from === 'c') checked.toTrajectory++
        else if (to === 'c') checked.toChat++
      }
    }
    // Every tool row and turn start links to the Trajectory, every record back (links between records on the
    // same page were checked above with the rest).
    expect(checked.toTrajectory).toBeGreaterThanOrEqual(TURNS * 2)
    expect(checked.toChat).toBeGreaterThanOrEqual(TURNS * 4)
  })
})
