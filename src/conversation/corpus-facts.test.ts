/**
 * Numbers and sequences the upstream web goldens pin for corpus logs (cards.md §15.3; v4 README §1):
 * footer totals, Chat node order, hidden tool-call-only steps, interruption rows, child links, seed cuts.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../log/json/parse-text'
import { assemble, chatNodes, type ChatNode, type Conversation } from './index'

const corpus = new URL('../../fixtures/corpus/', import.meta.url)
const read = (path: string) => parseLogText(readFileSync(new URL(path, corpus), 'utf8'))
const fold = (path: string): Conversation => assemble(read(path).lines)

/** A compact one-line view of a node for order checks. */
function brief(node: ChatNode): string {
  switch (node.kind) {
    case 'context':
      return `context ${node.label}${node.summary === null ? '' : ` · ${node.summary}`}`
    case 'assistant':
      return `assistant ${node.blocks.map((b) => (b.type === 'think' ? `Think ${b.summary}` : b.type === 'markdown' ? b.text : b.type)).join(' | ')}`
    case 'tool':
      return `tool ${node.call.name}${node.call.result?.error ? ` ${node.call.result.error.code}` : ''}`
    default:
      return node.kind
  }
}

describe('ptc-round (v4)', () => {
  const model = fold('v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl')

  it('matches the footer: 1 turns 2 steps, 17.5K tok, cache hit 52%, 7% of context', () => {
    expect(model.facts.stats).toMatchObject({ turns: 1, steps: 2, cacheHitPercent: 52, contextUsedPercent: 7, lastRequestInputTokens: 8772, contextWindow: 128000, subToolCalls: 2 })
    expect(model.facts.stats.usage.totalTokens).toBe(17_490)
    expect(model.facts.title).toBe('Using ONE run_code program: run')
  })

  it('shows one prompt; system prompt, runtime and time context are not user messages', () => {
    expect(chatNodes(model).map(brief)).toEqual([
      'system', 'user', 'context runtime-context', 'context time-context',
      'assistant Think The user wants me to write a single `run_code` program that:', 'tool run_code',
      'assistant Think The program ran successfully. Let me now reply DONE as instructed. | DONE', 'turn-tail',
    ])
    const tool = chatNodes(model).find((n) => n.kind === 'tool')
    expect(tool?.kind === 'tool' && tool.call.subCalls.map((c) => [c.name, c.result?.isError])).toEqual([['bash', false], ['read', true]])
  })
})

describe('tool-details (v3)', () => {
  it('has 44 tool rows, one per tool/result, in log order', () => {
    const { lines } = read('v4/logs/0217po__snapshots_web_tool-details_session.v3.jsonl')
    const resultOrder = lines.flatMap((l) => (l.kind === 'event' && l.event.type === 'tool/result' ? [l.event.data.message.content[0].toolCallId] : []))
    const rows = chatNodes(assemble(lines)).flatMap((n) => (n.kind === 'tool' ? [n.call] : []))
    expect(rows).toHaveLength(44)
    expect(rows.map((c) => c.callId)).toEqual(resultOrder)
    expect(rows.every((c) => c.hasCallHead && c.result !== null && !c.result.synthetic)).toBe(true)
  })
})

describe('web goldens (v0)', () => {
  it('skill-load: the skill-tool-row golden sequence and its stats (Input 280, Output 30, cache 0%)', () => {
    const model = fold('v0/acp-agent/skill-load/session.jsonl')
    expect(chatNodes(model).map(brief)).toEqual([
      'user', 'context @deepseek-ai/dsh-system-prompt', 'context skill-catalog', 'assistant Think Load the requested skill.', 'tool skill',
      'assistant Think The skill is loaded. | DONE', 'turn-tail',
    ])
    expect(model.facts.stats).toMatchObject({ turns: 1, steps: 2, cacheHitPercent: 0, usage: { inputTokens: 280, outputTokens: 30 } })
  })

  it('cancel-tool-calls: tool-call-only step hidden, two aborted bash rows, no closing message', () => {
    const model = fold('v0/acp-agent/cancel-tool-calls/session.jsonl')
    expect(chatNodes(model).map(brief)).toEqual(['user', 'context @deepseek-ai/dsh-system-prompt', 'tool bash ABORTED', 'tool bash ABORTED_BEFORE_DISPATCH', 'turn-tail'])
    const tail = chatNodes(model).find((n) => n.kind === 'turn-tail')
    expect(tail).toMatchObject({ closingMessageSeq: null, endReason: 'aborted', deliverables: [] })
    expect(model.facts.status).toBe('interrupted')
  })
})

describe('subagents and forks (v4)', () => {
  it('official-subagent-bundle: the PTC sub-call spawned the external child; the notice opens turn 2', () => {
    const model = fold('v4/logs/zq0929__snapshots_web_official-subagent-bundle_session.v4.jsonl')
    expect(model.facts.children).toEqual([{ sessionId: '{{id:1}}', via: 'subagent-catalog', callId: 'official-subagent-code:ptc:1', seq: 18, label: 'Read the fixture response', mode: 'external' }])
    const turn2 = model.sections.find((s) => s.turn === 2)
    expect(turn2?.nodes.map(brief)[0]).toMatch(/^context subagent-settled · Background subagent \{\{id:1\}\} finished/)
  })

  it('subagent-mixed fork child: events before the tagged end-seed are inherited', () => {
    const model = fold('v4/logs/zq0929__snapshots_sdk_subagent-mixed_session.2.v4.jsonl')
    expect(model.facts).toMatchObject({ inheritedBeforeSeq: 16, parentSessionId: '{{session:1}}' })
    expect(model.sections.map((s) => [s.turn, s.inherited])).toEqual([[1, true], [2, false]])
    expect(chatNodes(model).filter((n) => n.kind === 'user').map((n) => n.inherited)).toEqual([true, false])
  })
})
