/**
 * Runs of unreadable lines end to end (issue 32): a session with a million blank lines in a row — stored
 * as a zstd log of a few hundred bytes — builds into one page with one row for the run, its count and its
 * first positions, instead of a card (and pages) per line; `inspect` lists the run as one entry; and a
 * damaged page's "N lines could not be read (marked in the transcript)" counts exactly the lines it marks.
 * Checked by what is written, never by time.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { summarizeSession } from '../../src/log/node/load'
import { initZstdEncoder } from '../../src/log/node/testing/zstd-encode'
import { writeSession } from '../../src/log/node/testing/layout'
import { badRunSession, joined } from '../../src/log/testing/shapes'
import { session } from '../../src/log/testing/session'
import { ConversationBuilder } from '../../src/conversation/builder'
import { readSession } from '../../src/log/node/read'
import { buildInto, tempDir } from '../support/build'
import { rmSync } from 'node:fs'

const dirs: string[] = []
const temp = () => {
  const dir = tempDir('dv-runs-')
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
beforeAll(async () => {
  await initZstdEncoder()
})

/** A site's Chat pages (each session's Trajectory pages beside them are not counted). */
const htmlFiles = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.html') && !f.includes('.trajectory.'))
const sessionPage = (dir: string, id: string) => readFileSync(join(dir, 'sessions', `${id}.html`), 'utf8')
const lineNumbers = (html: string) => [...html.matchAll(/data-line-number="(\d+)"/g)].map(m => Number(m[1]))

describe('a run of a million blank lines', () => {
  const COUNT = 1_000_000
  let root = ''
  beforeAll(() => {
    root = temp()
    writeSession(root, { text: joined(badRunSession(COUNT, ['blank'], { id: 'blank-run' })), encoding: 'zstd' })
  })

  it('is one invalid entry with its count and first positions (inspect)', async () => {
    const path = join(root, readdirSync(root)[0] as string, 'blank-run', 'session.jsonl.zstd')
    const summary = await summarizeSession(path)
    if (!summary.ok) throw new Error(summary.error)
    expect(summary.session.invalidCount).toBe(COUNT)
    expect(summary.session.invalid).toHaveLength(1)
    expect(summary.session.invalid[0]).toMatchObject({ line: 8, lines: COUNT, lastLine: COUNT + 7, reason: 'empty line' })
    expect(summary.session.invalid[0]?.more?.map(m => m.line)).toEqual([9, 10])
  })

  it('folds into one model row however the reader batches it', async () => {
    const path = join(root, readdirSync(root)[0] as string, 'blank-run', 'session.jsonl.zstd')
    const builder = new ConversationBuilder()
    for await (const batch of readSession(path, { chunks: 'skip-superseded' })) builder.append(batch)
    const conversation = builder.finish()
    expect(conversation.facts.invalidLines).toBe(COUNT)
    const raws = conversation.sections.flatMap(s => s.nodes).filter(n => n.kind === 'raw')
    expect(raws).toHaveLength(1)
    expect(raws[0]).toMatchObject({ line: 8, run: { count: COUNT, lastLine: COUNT + 7 } })
  })

  it('builds one session page whose one row names the run', async () => {
    const out = temp()
    const report = await buildInto([root], out, { highlight: false, highlightWorker: null })
    expect(htmlFiles(join(out, 'sessions'))).toEqual(['blank-run.html'])
    const page = sessionPage(out, 'blank-run')
    expect(page).toContain('1,000,000 lines could not be read')
    expect(page).toContain('1,000,000 unreadable lines')
    expect(page).toContain('lines 8–1,000,007')
    expect(lineNumbers(page)).toEqual([8, 9, 10])
    expect(report.warnings).toHaveLength(1)
    expect(report.unlistedWarnings ?? 0).toBe(0)
  })
})

describe('a damaged page says what it marks', () => {
  const damaged = (extra: (lines: string[]) => string) => {
    const b = session({ id: 'damaged' })
    b.turnStart()
    b.user('hello')
    b.stepStart()
    b.assistant('hi')
    b.stepEnd()
    b.turnEnd()
    return extra(b.jsonl().trimEnd().split('\n'))
  }

  it('two unreadable lines in a row: "2 lines", and both are marked', async () => {
    const root = temp()
    writeSession(root, { text: damaged(l => [...l.slice(0, 3), 'not json', '{"also": "not an event"}', ...l.slice(3)].join('\n') + '\n'), encoding: 'jsonl' })
    const out = temp()
    await buildInto([root], out, { highlight: false, highlightWorker: null })
    const page = sessionPage(out, 'damaged')
    expect(page).toContain('2 lines could not be read')
    expect(page).toContain('2 unreadable lines')
    expect(lineNumbers(page)).toEqual([4, 5])
  })

  it('an unreadable line and a torn tail: "1 line", the one marked', async () => {
    const root = temp()
    writeSession(root, { text: damaged(l => [...l.slice(0, 3), 'not json', ...l.slice(3)].join('\n') + '\n{"type":"turn/st'), encoding: 'jsonl' })
    const out = temp()
    await buildInto([root], out, { highlight: false, highlightWorker: null })
    const page = sessionPage(out, 'damaged')
    expect(page).toContain('1 line could not be read')
    expect(lineNumbers(page)).toEqual([4])
  })
})
