/**
 * Assistant steps (cards.md §3.4): message over chunks, Think rows, image groups, unknown blocks,
 * tool-call-only invisibility, `interrupted:true`, chunk evidence at a closed boundary, live streaming,
 * `llm/retry` resets and failed attempts.
 */
import { describe, expect, it } from 'vitest'
import type { ContentBlock, StreamChunk } from '../log/events/schema'
import { reasoning, session, text, toolCallBlock, type SessionBuilder } from '../log/testing/session'
import { thinkSummary } from './blocks'
import { assemble, chatNodes, type AssistantNode, type ChatNode } from './index'
import { linesOf } from './testing'

const nodes = (log: SessionBuilder, live = false): ChatNode[] => chatNodes(assemble(linesOf(log), { live }))
const assistants = (log: SessionBuilder, live = false): AssistantNode[] => nodes(log, live).flatMap((n) => (n.kind === 'assistant' ? [n] : []))

function openStep(): SessionBuilder {
  const log = session()
  log.turnStart()
  log.stepStart()
  return log
}

const delta = (index: number, value: string): StreamChunk => ({ type: 'text-delta', index, text: value })
const think = (index: number, value: string): StreamChunk => ({ type: 'reasoning-delta', index, text: value })
const image: ContentBlock = { type: 'image', attachment: { attachmentId: 'sha256:00', mediaType: 'image/png' } }

describe('blocks from message content', () => {
  it.each<[string, ContentBlock[], AssistantNode['blocks']]>([
    ['reasoning becomes a Think row with its first line', [reasoning('\nPlan it.\nThen do it.')], [{ type: 'think', text: '\nPlan it.\nThen do it.', summary: 'Plan it.' }]],
    ['text becomes markdown', [text('**Done**')], [{ type: 'markdown', text: '**Done**' }]],
    ['consecutive images form one group', [image, image, text('x'), image], [{ type: 'images', images: [image, image] }, { type: 'markdown', text: 'x' }, { type: 'images', images: [image] }]],
    ['unknown blocks are kept for a JSON view', [{ type: 'citation', url: 'u' }], [{ type: 'unknown', block: { type: 'citation', url: 'u' } }]],
    ['tool-call and blank blocks render nothing', [text('  '), toolCallBlock('c', 'bash', {}), text('ok')], [{ type: 'markdown', text: 'ok' }]],
  ])('%s', (_name, content, blocks) => {
    const log = openStep()
    log.assistant(content)
    expect(assistants(log)[0]?.blocks).toEqual(blocks)
  })

  it('a step whose message is only tool calls renders nothing', () => {
    const log = openStep()
    log.assistant([toolCallBlock('c1', 'bash', { command: 'ls' })])
    log.stepEnd()
    expect(assistants(log)).toEqual([])
  })

  it('interrupted:true renders a Stopped node even with nothing visible', () => {
    const log = openStep()
    const message = log.assistant([], { interrupted: true })
    expect(assistants(log)).toMatchObject([{ status: 'interrupted', anchorSeq: message.seq, blocks: [], fromChunks: false }])
  })

  it('carries usage, provider, model and the message id; anchors at the message seq', () => {
    const log = openStep()
    const message = log.assistant('hi', { usage: { inputTokens: 5, outputTokens: 2 } })
    expect(assistants(log)[0]).toMatchObject({ key: 'assistant:1.1@1', anchorSeq: message.seq, seq: message.seq, usage: { inputTokens: 5, outputTokens: 2 }, provider: 'deepseek-official', model: 'deepseek-v4-flash', messageId: message.data.message.id })
  })
})

describe('message over chunks', () => {
  it('assistant/message replaces every chunk-derived block', () => {
    const log = openStep()
    log.chunk({ type: 'block-start', index: 0, blockType: 'text' })
    log.chunk(delta(0, 'draft'))
    log.assistant('final')
    log.stepEnd()
    expect(assistants(log).map((a) => a.blocks)).toEqual([[{ type: 'markdown', text: 'final' }]])
  })

  it.each<[string, StreamChunk[], boolean]>([
    ['non-blank text', [delta(0, 'partial')], true],
    ['non-blank reasoning', [think(0, 'hmm')], true],
    ['a non-text block (tool call being streamed)', [{ type: 'tool-call-delta', index: 0, id: 'c', name: 'bash', argumentsDelta: '{' }], true],
    ['only blank text', [delta(0, '  ')], false],
    ['no chunks', [], false],
  ])('closed step without message, chunk evidence = %s → synthetic interrupted: %s', (_name, chunks, expected) => {
    const log = openStep()
    for (const chunk of chunks) log.chunk(chunk)
    const end = log.stepEnd()
    const found = assistants(log)
    expect(found.length).toBe(expected ? 1 : 0)
    if (expected) expect(found[0]).toMatchObject({ status: 'interrupted', fromChunks: true, anchorSeq: end.seq - 0.9, seq: null })
  })

  it('the synthetic interrupted node shows the streamed prefix (block-end wins over deltas)', () => {
    const log = openStep()
    log.chunk({ type: 'block-start', index: 0, blockType: 'reasoning' })
    log.chunk(think(0, 'Step one.'))
    log.chunk({ type: 'block-end', index: 0, block: { type: 'reasoning', text: 'Step one, final.' } })
    log.chunk(delta(1, 'Hal'))
    log.chunk(delta(1, 'f'))
    log.turnEnd({ kind: 'aborted' })
    expect(assistants(log)[0]?.blocks).toEqual([{ type: 'think', text: 'Step one, final.', summary: 'Step one, final.' }, { type: 'markdown', text: 'Half' }])
  })

  it('an open step streams only in live mode, anchored at the first visible chunk', () => {
    const log = openStep()
    log.chunk({ type: 'block-start', index: 0, blockType: 'reasoning' })
    const first = log.chunk(think(0, 'first line\n'))
    log.chunk(think(0, 'latest line'))
    expect(assistants(log, false)).toEqual([])
    expect(assistants(log, true)).toMatchObject([{ status: 'streaming', anchorSeq: first.seq, blocks: [{ type: 'think', summary: 'latest line' }] }])
  })

  it('llm/retry resets the streamed blocks and is shown as a retry row', () => {
    const log = openStep()
    log.chunk(delta(0, 'failed attempt'))
    const retry = log.push('llm/retry', { turn: 1, step: 1, retry: 1, maxRetries: 3, delayMs: 10, failure: { message: 'boom', code: 'E' } })
    log.chunk(delta(0, 'second'))
    log.stepEnd()
    const all = nodes(log)
    expect(all.find((n) => n.kind === 'retry')).toMatchObject({ key: `retry:${retry.seq}`, retry: 1, maxRetries: 3, delayMs: 10, failure: { message: 'boom', code: 'E' } })
    expect(assistants(log)[0]?.blocks).toEqual([{ type: 'markdown', text: 'second' }])
  })

  it('a v0 stream finishing with an error becomes a failed-attempt row', () => {
    const log = openStep()
    const finish = log.chunk({ type: 'finish', reason: { kind: 'error', failure: { message: 'no content', code: 'EMPTY_RESPONSE' } } })
    expect(nodes(log).filter((n) => n.kind === 'attempt')).toMatchObject([{ key: `attempt:${finish.seq}`, finishReason: 'error', failure: { message: 'no content', code: 'EMPTY_RESPONSE' }, blocks: [] }])
  })

  it('a v4 assistant/attempt shows its failure and streamed blocks', () => {
    const log = openStep()
    log.push('assistant/attempt', {
      turn: 1,
      step: 1,
      stream: [
        { time: null, chunk: { type: 'text-delta', index: 0, text: 'cut off' } },
        { time: null, chunk: { type: 'finish', reason: { kind: 'error', failure: { message: 'm', code: 'IMAGE_OFFLOAD_REQUIRED' } } } },
      ],
    })
    expect(nodes(log).find((n) => n.kind === 'attempt')).toMatchObject({ finishReason: 'error', failure: { code: 'IMAGE_OFFLOAD_REQUIRED' }, blocks: [{ type: 'markdown', text: 'cut off' }] })
  })
})

describe('thinkSummary', () => {
  it.each([
    ['first non-empty line when settled', 'a\nb', false, 'a'],
    ['skips leading blank lines', '\n\n  a  \nb', false, 'a'],
    ['last non-empty line while streaming', 'a\nb\n\n', true, 'b'],
    ['empty text', '', false, ''],
  ])('%s', (_name, input, streaming, expected) => expect(thinkSummary(input, streaming)).toBe(expected))
})
