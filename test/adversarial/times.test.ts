/**
 * Issue 32 point 3: an event time past the Date range (8.64e15 ms, still a safe integer) crashed `inspect`
 * (`RangeError: Invalid time value`, no report for the whole root) and gave pages durations of billions of
 * hours. Such times are unknown on every surface: inspect text and JSON, pages, index, export (HTML and
 * Markdown), snapshot, live.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseInvocation } from '../../cli/args'
import { runInspect, type InspectReport } from '../../cli/inspect'
import { startTestLive } from '../live-e2e/harness'
import { buildInto } from '../support/build'
import { plainSession, writeRoot } from './support/generators'
import { cleanTemps, run, temp } from './support/harness'
import { farTimesSession } from './support/trust-generators'

afterAll(cleanTemps)

/** What a time or duration past any date looks like when it leaks: a year beyond 9999, or 100,000+ hours. */
const ABSURD = /[+-]\d{6}-\d\d-\d\d|\b\d{6,}(?:h|小时)|Invalid (?:time|Date)|NaN/

/** A page's markup without its scripts and styles (minified code may spell anything). */
const shown = (html: string) => html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')

function logs() {
  return [
    { name: 'far', text: farTimesSession('far-times') },
    { name: 'far-header', text: farTimesSession('far-header', { header: true }) },
    { name: 'ok', text: plainSession('ok-times') },
  ]
}

async function inspectOf(root: string, json: boolean): Promise<{ code: number; out: string }> {
  let out = ''
  const inv = parseInvocation(['inspect', root, ...(json ? ['--json'] : [])])
  if (inv.mode !== 'inspect') throw new Error('not inspect')
  const code = await runInspect(inv, { stdout: t => void (out += t), stderr: () => {}, stderrIsTty: false, env: { HOME: '/nonexistent-home' }, open: async () => {} })
  return { code, out }
}

describe('times past the Date range', () => {
  it('inspect reports every session (text and JSON), the far times unknown', async () => {
    const root = writeRoot(temp(), logs())
    const text = await inspectOf(root, false)
    expect(text.code).toBe(0)
    expect(text.out).toContain('3 sessions read')
    expect(text.out).not.toMatch(ABSURD)
    const json = await inspectOf(root, true)
    const report = JSON.parse(json.out) as InspectReport
    const byId = new Map(report.sessions.map(s => [s.id, s]))
    // The far session's end is its last time a date can hold (turn 1); the header's far createdAt is unknown.
    expect(byId.get('far-times')).toMatchObject({ startTime: '2026-07-06T15:34:05.000Z', endTime: '2026-07-06T15:34:10.000Z', durationMs: 5000 })
    expect(byId.get('far-header')?.startTime).toBe('2026-07-06T15:34:05.000Z') // the first event's time stands in
    for (const s of report.sessions) expect(JSON.stringify(s)).not.toMatch(ABSURD)
  })

  it('pages, index, export, snapshot and live show them as unknown', async () => {
    const root = writeRoot(temp(), logs())
    const out = join(temp(), 'site')
    const report = await buildInto([root], out, { highlight: false, highlightWorker: null })
    expect(report.problems).toEqual([])
    const pages = ['index.html', ...readdirSync(join(out, 'sessions')).map(f => join('sessions', f))]
    for (const page of pages) expect(shown(readFileSync(join(out, page), 'utf8')), page).not.toMatch(ABSURD)
    const far = join(root, '--home-dev-proj--', 's000-far', 'session.jsonl')
    const html = join(temp(), 'x.html')
    const md = join(temp(), 'x.md')
    expect((await run(['export', far, '-o', html, '--markdown', md])).code).toBe(0)
    expect(shown(readFileSync(html, 'utf8'))).not.toMatch(ABSURD)
    expect(readFileSync(md, 'utf8')).not.toMatch(ABSURD)
    const snap = await run(['snapshot', root])
    expect(snap.code).toBe(0)
    expect(snap.out).not.toMatch(ABSURD)
    const { live } = await startTestLive([root])
    try {
      const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
      expect(state.pages).toHaveLength(3)
      for (const page of state.pages) expect(shown(await (await fetch(new URL(page.href, live.url))).text())).not.toMatch(ABSURD)
      expect(shown(await (await fetch(live.url)).text())).not.toMatch(ABSURD)
    } finally {
      await live.close()
    }
  }, 120_000)
})
