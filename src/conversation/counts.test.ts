/**
 * The one definition of turns and tool calls (./counts.ts, issue 28), as a table of log shapes, and on every
 * corpus log: the count equals what the page draws — the turn numbers its turn sections carry and the tool
 * rows (roots and code-dispatch children) of its model — and what `inspect`'s streaming pass counts.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import { parseLogText } from '../log/json/parse-text'
import { session } from '../log/testing/session'
import type { ToolCallNode } from './tool-call'
import { assemble, chatNodes } from './index'
import { RunFacts } from './run-facts'
import { linesOf } from './testing'

type Build = (s: ReturnType<typeof session>) => void

function countsOf(build: Build, log?: ReturnType<typeof session>) {
  const s = log ?? session({ id: 'c', cwd: '/w' })
  build(s)
  const lines = linesOf(s)
  const run = new RunFacts()
  for (const line of lines) run.add(line)
  const stats = assemble(lines).facts.stats
  const page = { turns: stats.turns, toolCalls: stats.toolCalls, subToolCalls: stats.subToolCalls }
  expect(run.counts.counts()).toEqual(page)
  return page
}

describe('calls per tool', () => {
  it('names each call once, sub-calls by their own name, an orphan result by no name; they add up to toolCalls', () => {
    const s = session({ id: 'c', cwd: '/w' })
    s.turnStart()
    s.stepStart()
    s.call('run_code', { code: 'x' })
    s.dispatchStart('call-1', 'bash', { command: 'a' }, 1)
    s.dispatchEnd('call-1', 'bash', { command: 'a' }, 'ok', { n: 1 })
    s.dispatchEnd('call-1', 'read', { file_path: 'b' }, 'ok', { n: 2 })
    s.result('call-1', 'done')
    s.call('bash', { command: 'ls' })
    s.result('lost-call', 'a')
    const run = new RunFacts()
    for (const line of linesOf(s)) run.add(line)
    expect(Object.fromEntries(run.counts.byTool())).toEqual({ run_code: 1, bash: 2, read: 1, '': 1 })
    expect([...run.counts.byTool().values()].reduce((a, b) => a + b, 0)).toBe(run.counts.counts().toolCalls)
  })
})

describe('a fork child\'s copied history is its parent\'s', () => {
  it('counts only the turns and calls after the seed cut, wherever the cut is learned', () => {
    for (const seed of ['seedLength', 'tagged'] as const) {
      const s = session({ id: 'child', cwd: '/w', header: seed === 'seedLength' ? { seedLength: 6 } : {} })
      s.turnStart() // 0
      s.user('copied') // 1
      s.stepStart() // 2
      s.call('bash', { command: 'ls' }) // 3
      s.result('call-1', 'a') // 4
      s.turnEnd() // 5
      s.push('session/end-seed', seed === 'tagged' ? { inherited: true } : {}) // 6
      s.turnStart()
      s.stepStart()
      s.call('read', { file_path: 'x' })
      expect(countsOf(() => {}, s)).toEqual({ turns: 1, toolCalls: 1, subToolCalls: 0 })
      const run = new RunFacts()
      for (const line of linesOf(s)) run.add(line)
      expect(Object.fromEntries(run.counts.byTool())).toEqual({ read: 1 })
    }
  })
})

describe('turns and tool calls', () => {
  it.each<[string, Build, { turns: number; toolCalls: number; subToolCalls: number }]>([
    ['no turn yet', () => {}, { turns: 0, toolCalls: 0, subToolCalls: 0 }],
    ['a turn that failed before any answer counts', s => {
      s.turnStart()
      s.user('go')
      s.turnEnd({ kind: 'error', error: { message: 'boom' } })
    }, { turns: 1, toolCalls: 0, subToolCalls: 0 }],
    ['a turn started again under the same number counts once', s => {
      s.turnStart()
      s.push('turn/start', { turn: 1 })
    }, { turns: 1, toolCalls: 0, subToolCalls: 0 }],
    ['a call and its result are one call', s => {
      s.turnStart()
      s.stepStart()
      s.call('bash', { command: 'ls' })
      s.result('call-1', 'a')
    }, { turns: 1, toolCalls: 1, subToolCalls: 0 }],
    ['a result without its call is an orphan row, and counts', s => {
      s.turnStart()
      s.stepStart()
      s.result('lost-call', 'a')
    }, { turns: 1, toolCalls: 1, subToolCalls: 0 }],
    ['code-dispatch children count, each once, start and settle together', s => {
      s.turnStart()
      s.stepStart()
      s.call('run_code', { code: 'x' })
      s.dispatchStart('call-1', 'bash', { command: 'a' }, 1)
      s.dispatchEnd('call-1', 'bash', { command: 'a' }, 'ok', { n: 1 })
      s.dispatchEnd('call-1', 'read', { file_path: 'b' }, 'ok', { n: 2 })
      s.result('call-1', 'done')
    }, { turns: 1, toolCalls: 3, subToolCalls: 2 }],
  ])('%s', (_name, build, want) => {
    expect(countsOf(build)).toEqual(want)
  })
})

/** Every call node of a tree, iteratively (trees follow the log). */
function callsIn(root: ToolCallNode): number {
  let n = 0
  const stack = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    n++
    stack.push(...node.subCalls)
  }
  return n
}

describe.each(corpusLogs().filter(log => !log.zstd))('$scenario', ({ url }) => {
  it('counts the turns and tool rows the page draws, and inspect counts the same', () => {
    const lines = parseLogText(readFileSync(url, 'utf8')).lines
    const conversation = assemble(lines)
    const stats = conversation.facts.stats
    // The page's own turns and rows: a fork child's inherited ones are its parent's (counted there).
    const turns = new Set(conversation.sections.flatMap(s => (s.turn === null || s.inherited ? [] : [s.turn])))
    const rows = chatNodes(conversation).reduce((n, node) => n + (node.kind === 'tool' && !node.inherited ? callsIn(node.call) : 0), 0)
    expect(stats.turns).toBe(turns.size)
    expect(stats.toolCalls).toBe(rows)
    const run = new RunFacts()
    for (const line of lines) run.add(line)
    expect(run.counts.counts()).toEqual({ turns: stats.turns, toolCalls: stats.toolCalls, subToolCalls: stats.subToolCalls })
    expect([...run.counts.byTool().values()].reduce((a, b) => a + b, 0)).toBe(stats.toolCalls)
  })
})
