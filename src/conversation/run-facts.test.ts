/**
 * How a session ran, as `inspect` reports it: the status rule as a table (every input that decides it), the
 * line-by-line facts on typed sessions (turn ends of each kind, an open turn, usage and models), and, for
 * every corpus log, the same token totals, models and times the page's facts (the conversation builder)
 * give — so `inspect --json` and the site cannot disagree.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { parseLogText } from '../log/json/parse-text'
import { session } from '../log/testing/session'
import { assemble } from './index'
import { RUNNING_WINDOW_MS, RunFacts, runStatus, type StatusFacts } from './run-facts'
import { linesOf } from './testing'

const NOW = 1_800_000_000_000
const base: StatusFacts = { openTurn: false, lastEnd: 'completed', corrupt: false, tornTail: false, writtenAt: NOW - 3_600_000, now: NOW }
const fresh = NOW - 1000
const stale = NOW - RUNNING_WINDOW_MS - 1

describe('runStatus', () => {
  it.each([
    ['last turn completed', {}, 'completed'],
    ['last turn hit max tokens', { lastEnd: 'max-tokens' }, 'completed'],
    ['no turn at all', { lastEnd: null }, 'completed'],
    ['last turn errored', { lastEnd: 'error' }, 'failed'],
    ['last turn aborted (user, parent, disposed, hook)', { lastEnd: 'aborted' }, 'interrupted'],
    ["dsh's crash repair closed it", { lastEnd: 'interrupted' }, 'interrupted'],
    ['a hook blocked it (an end dsh chose: sessionStatus)', { lastEnd: 'blocked' }, 'completed'],
    ['open turn, written just now', { openTurn: true, lastEnd: null, writtenAt: fresh }, 'running'],
    ['open turn, quiet for longer than the window', { openTurn: true, lastEnd: null, writtenAt: stale }, 'interrupted'],
    ['open turn, write time unknown (an archive)', { openTurn: true, lastEnd: null, writtenAt: null }, 'interrupted'],
    ['torn last line, written just now', { tornTail: true, writtenAt: fresh }, 'running'],
    ['torn last line, quiet', { tornTail: true }, 'damaged'],
    ['corrupt history, even while written', { corrupt: true, openTurn: true, writtenAt: fresh }, 'damaged'],
    ['corrupt beats an error end', { corrupt: true, lastEnd: 'error' }, 'damaged'],
  ] as const)('%s → %s', (_name, over, want) => {
    expect(runStatus({ ...base, ...over })).toBe(want)
  })
})

function factsOf(build: (s: ReturnType<typeof session>) => void): RunFacts {
  const s = session({ id: 'r', cwd: '/w' })
  build(s)
  const facts = new RunFacts()
  for (const line of linesOf(s)) facts.add(line)
  return facts
}

describe('RunFacts', () => {
  it('the last turn end decides; a later turn/start reopens', () => {
    const ended = factsOf(s => {
      s.turnStart()
      s.turnEnd({ kind: 'error', error: { message: 'boom', code: 'X' } })
    })
    expect([ended.openTurn, ended.lastEnd]).toEqual([false, 'error'])
    const reopened = factsOf(s => {
      s.turnStart()
      s.turnEnd({ kind: 'aborted', reason: { kind: 'user' } })
      s.turnStart()
      s.user('again')
    })
    expect([reopened.openTurn, reopened.lastEnd]).toEqual([true, null])
  })
})

describe('models', () => {
  it('key a model as the request counter does: an empty provider is no provider', () => {
    const s = session()
    s.turnStart()
    const line = (seq: number, provider: string, model: string) =>
      JSON.stringify({ type: 'request/context', seq, time: 1_785_000_000_000 + seq, data: { provider, model } })
    const text = [s.jsonl().trimEnd(), line(90, '', 'bare'), line(91, 'p', 'm'), line(92, '', '')].join('\n')
    const run = new RunFacts()
    for (const l of parseLogText(text).lines) run.add(l)
    expect(run.models).toEqual(expect.arrayContaining(['bare', 'p/m']))
    expect(run.models).not.toContain('/bare')
  })
})

describe.each(corpusLogs().filter(log => !log.zstd))('$scenario', ({ url }) => {
  it('has the token totals, models and end time the conversation facts have', () => {
    const lines = parseLogText(readFileSync(url, 'utf8')).lines
    const run = new RunFacts()
    for (const line of lines) run.add(line)
    const facts = assemble(lines, { live: false }).facts
    expect(run.usage).toEqual(facts.stats.usage)
    expect(run.start).toBe(facts.startTime)
    expect(run.models).toEqual(facts.models.map(m => (m.provider ? `${m.provider}/${m.model}` : m.model)))
    expect(run.endTime).toBe(facts.endTime)
  })
})
