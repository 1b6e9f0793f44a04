/**
 * The live Trajectory page's ledger (trajectory-ledger.ts) against the build: a session's Trajectory page
 * is built, the session grows by a turn with a tool call and a long result, and the built page grown in the
 * browser by the records since holds the sections the rebuild of the whole log writes — the same rows,
 * inspectors, ids and links between records — apart from the one thing only a build knows, the Chat page of
 * a record's row (checked to be a row id on the Chat's last page). An earlier page of a paginated ledger is
 * never grown, and a log that no longer continues the page's records gives nothing to draw.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import { session, toolCallBlock, type SessionBuilder } from '../../log/testing/session'
import { TrajectoryBuilder } from '../../trajectory/builder'
import { trajectoryWords } from '../../trajectory-view'
import { buildInto, tempDir } from '../../../test/support/build'
import { builtLedger, growLedger } from './trajectory-ledger'

const words = trajectoryWords('en')
const win = new Window()
const parse = (html: string) => new win.DOMParser().parseFromString(html, 'text/html') as unknown as Document

function lines(s: SessionBuilder): ParsedLine[] {
  const parser = new LogParser()
  return s.jsonl().trimEnd().split('\n').flatMap((line, i) => parser.line(line, { line: i + 1 }))
}

async function built(s: SessionBuilder): Promise<Document> {
  const root = tempDir('dv-tj-ledger-')
  const dir = join(root, '--home-dev-tj--', String(s.header.id))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  const out = tempDir('dv-tj-ledger-out-')
  await buildInto([root], out, { live: true })
  const html = readFileSync(join(out, 'sessions', `${String(s.header.id)}.trajectory.html`), 'utf8')
  return parse(html)
}

const snapshotOf = (all: ParsedLine[], count = all.length) => {
  const builder = new TrajectoryBuilder()
  builder.append(all.slice(0, count))
  return builder.snapshot()
}

/** Each `<tbody>` of the ledger, its links back to the Chat named only by their row. */
const bodies = (doc: Document, stem: string) =>
  [...(doc.querySelector('table[data-tj-ledger]')?.querySelectorAll(':scope > tbody') ?? [])].map((b) =>
    b.outerHTML.replaceAll(new RegExp(`href="${stem}(\\.p\\d+)?\\.html#[^"]*"`, 'g'), 'href="(chat)"'),
  )

describe('growLedger', () => {
  it('grows a built page into the rebuild’s sections', { timeout: 120_000 }, async () => {
    const s = session({ id: 'tj-ledger', cwd: '/home/dev/tj' })
    s.turnStart()
    s.user('First question')
    s.stepStart()
    s.assistant('A first answer.')
    s.stepEnd()
    s.turnEnd()
    const early = await built(s)
    const earlyLines = lines(s).length
    s.turnStart()
    s.user('Second question, with a tool')
    s.stepStart()
    s.assistant([toolCallBlock('call-grep', 'bash', { command: 'grep -r todo .', description: 'Find the todos' })])
    s.call('bash', { command: 'grep -r todo .', description: 'Find the todos' }, 'call-grep')
    s.result('call-grep', 'src/a.ts: todo one\n'.repeat(300))
    s.stepEnd()
    s.stepStart()
    s.assistant('Found one todo.')
    s.stepEnd()
    s.turnEnd()
    const all = lines(s)
    const rebuilt = await built(s)

    const ledger = builtLedger(early, snapshotOf(all, earlyLines), words, 'tj-ledger')
    expect(ledger).not.toBeNull()
    if (ledger === null) return
    // Nothing new: the page as it was.
    expect(bodies(growLedger(ledger, snapshotOf(all, earlyLines), words, 'tj-ledger', 1, parse) as Document, 'tj-ledger')).toEqual(bodies(early, 'tj-ledger'))
    const grown = growLedger(ledger, snapshotOf(all), words, 'tj-ledger', 1, parse)
    expect(grown).not.toBeNull()
    if (grown === null) return
    const want = bodies(rebuilt, 'tj-ledger')
    expect(want.length).toBeGreaterThan(bodies(early, 'tj-ledger').length)
    expect(bodies(grown, 'tj-ledger')).toEqual(want)
    // The built page itself is left as it was.
    expect(bodies(early, 'tj-ledger')).toEqual(bodies(ledger.doc, 'tj-ledger'))
    // No link is left deferred; the tool record's way back is its row on the Chat's last page.
    expect(grown.querySelectorAll('a[data-x]')).toHaveLength(0)
    const tool = grown.querySelector('tr[data-k="tool"]')
    const toChat = [...(tool?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href') ?? '').filter((href) => href.startsWith('tj-ledger.html'))
    expect(toChat).toEqual([`tj-ledger.html#${encodeURIComponent('tool:call-grep')}`])
    // The long result is cut as the build cuts it, its whole text in the side file the rebuild writes.
    expect(grown.querySelector('tr[data-k="tool"] a[href^="tj-ledger.files/"]')?.getAttribute('href')).toBe(rebuilt.querySelector('tr[data-k="tool"] a[href^="tj-ledger.files/"]')?.getAttribute('href'))

    // A log that no longer continues the page's records (repaired shorter) gives nothing to draw.
    expect(growLedger(ledger, snapshotOf(all, 1), words, 'tj-ledger', 1, parse)).toBeNull()
  })

  it('never grows an earlier page of a paginated ledger', () => {
    const doc = parse('<nav><a rel="next" href="x.trajectory.p2.html">Next</a></nav><table data-tj-ledger=""><tbody></tbody></table>')
    expect(builtLedger(doc, new TrajectoryBuilder().snapshot(), words, 'x')).toBeNull()
  })
})
