/**
 * System prompt and tool-catalog changes (trajectory.md §4.7): the prompt snapshot each request carries,
 * change kinds and where they sit, in-history updates, standalone prompts without a header, v0 header
 * prompts, one stored copy per distinct prompt, and call-time schemas by tool name.
 */
import { describe, expect, it } from 'vitest'
import type { EventOf } from '../log/events/schema'
import { session, text, toolCallBlock, type SessionBuilder } from '../log/testing/session'
import { rows, trajectoryOf } from './testing'

const bash = { name: 'bash', description: 'Run a command', parameters: { type: 'object' } }
const read = { name: 'read', description: 'Read a file', parameters: { type: 'object' } }

function system(s: SessionBuilder, body: string, surfaceOp: EventOf<'system/message'>['surfaceOp'] = 'append') {
  return s.push('system/message', { turn: s.turn, step: s.step, message: { role: 'system', content: body === '' ? [] : [text(body)], source: { kind: 'system-prompt' }, id: `sys-${s.nextSeq}` } }, { surfaceOp })
}

function header(s: SessionBuilder, tools: unknown, reason = 'initial', extra: Record<string, unknown> = {}) {
  return s.push('request/header', { header: { config: { provider: 'p', model: 'm' }, tools, ...extra }, reason })
}

function step(s: SessionBuilder, build: () => void = () => {}) {
  s.stepStart()
  build()
  s.assistant('ok')
  s.stepEnd()
}

describe('prompt changes', () => {
  it('the first header is the initial prompt; later headers change tools, system, or both; a repeat is no change', () => {
    const s = session()
    s.turnStart()
    step(s, () => {
      system(s, 'You are dsh.')
      header(s, [bash])
    })
    step(s, () => header(s, [bash], 'change')) // unchanged: inherited
    step(s, () => header(s, [bash, read], 'change'))
    step(s, () => {
      system(s, 'You are dsh, v2.', { op: 'replace', start: 2, end: 2 })
      header(s, [bash, read], 'change')
    })
    step(s, () => {
      system(s, 'v3', { op: 'replace', start: 15, end: 15 })
      header(s, [read], 'change')
    })
    s.turnEnd()
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests.map((r) => [r.prompt, r.promptChange?.kind ?? null])).toEqual([[0, 'initial'], [0, null], [1, 'tools'], [2, 'system'], [3, 'system-and-tools']])
    expect(snapshot.prompts.map((p) => [p.system, p.tools.map((t) => (t as { name: string }).name)])).toEqual([
      ['You are dsh.', ['bash']],
      ['You are dsh.', ['bash', 'read']],
      ['You are dsh, v2.', ['bash', 'read']],
      ['v3', ['read']],
    ])
    // The initial change sits at its system message; a tools-only change at its header.
    expect(snapshot.requests.map((r) => r.promptChange?.seq ?? null)).toEqual([2, null, 11, 15, 20])
    expect(snapshot.requests[2]?.promptChange?.previous).toBe(0)
    const systemRows = snapshot.records.filter((r) => r.kind === 'system')
    expect(systemRows.map((r) => [r.labels[0]?.key, r.prompt, r.promptChange?.previous ?? null])).toEqual([
      ['layout.initialSystemPrompt', 0, null],
      ['layout.toolsUpdated', 1, 0],
      ['layout.systemPromptUpdated', 2, 1],
      ['layout.systemPromptAndToolsUpdated', 3, 2],
    ])
  })

  it('each distinct prompt is stored once, however often headers repeat it', () => {
    const s = session()
    s.turnStart()
    for (let i = 0; i < 50; i++) step(s, () => header(s, [structuredClone(bash)], i === 0 ? 'initial' : 'change'))
    const snapshot = trajectoryOf(s)
    expect(snapshot.prompts).toHaveLength(1)
    expect(new Set(snapshot.requests.map((r) => r.prompt))).toEqual(new Set([0]))
  })

  it('an in-history update (a later system append) is a system change at its own seq, consumed by the next request', () => {
    const s = session()
    s.turnStart()
    step(s, () => {
      system(s, 'base')
      header(s, [bash])
    })
    const update = system(s, 'base plus a rule')
    step(s)
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests[1]?.promptChange).toEqual({ seq: update.seq, time: update.time, kind: 'system', previous: 0 })
    expect(snapshot.prompts[snapshot.requests[1]?.prompt ?? -1]?.system).toBe('base plus a rule')
    expect(rows(snapshot).filter((r) => r.includes('SYSTEM'))).toEqual(['1 Message SYSTEM layout.initialSystemPrompt', '1 Message SYSTEM layout.systemPromptUpdated'])
  })

  it('a prompt with no loaded header is a standalone SYSTEM row with its text only', () => {
    const s = session()
    s.turnStart()
    step(s, () => system(s, 'Only text.'))
    const row = trajectoryOf(s).records.find((r) => r.kind === 'system')
    expect(row).toMatchObject({ systemText: 'Only text.', labels: [{ key: 'layout.initialSystemPrompt' }], promptChange: { kind: 'initial' } })
    expect(row?.prompt).toBeUndefined()
  })

  it('a first header that is not `initial` (a resumed session) reports no change', () => {
    const s = session()
    s.turnStart()
    step(s, () => header(s, [bash], 'resume'))
    const snapshot = trajectoryOf(s)
    expect(snapshot.requests[0]?.prompt).toBe(0)
    expect(snapshot.requests[0]?.promptChange).toBeUndefined()
    expect(snapshot.records.some((r) => r.kind === 'system')).toBe(false)
  })

  it('a v0 header carries the prompt as `header.system`', () => {
    const s = session()
    s.turnStart()
    step(s, () => header(s, [bash], 'initial', { system: 'Legacy prompt' }))
    step(s, () => header(s, [bash], 'change', { system: 'Legacy prompt, changed' }))
    const snapshot = trajectoryOf(s)
    expect(snapshot.prompts.map((p) => p.system)).toEqual(['Legacy prompt', 'Legacy prompt, changed'])
    expect(snapshot.requests.map((r) => r.promptChange?.kind)).toEqual(['initial', 'system'])
  })

  it('options and the fallback provider come from the header until a message names them', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    header(s, [bash])
    const request = trajectoryOf(s).requests[0]
    expect(request).toMatchObject({ status: 'running', provider: 'p', model: 'm', options: { provider: 'p', model: 'm' } })
  })
})

describe('tool schemas', () => {
  it('a call gets the schema of its name from the header in force at call time; sub-calls too', () => {
    const s = session()
    s.turnStart()
    s.stepStart()
    header(s, [bash, { name: 'run_code', description: 'x', parameters: { properties: { code: { description: 'A Python program' } } } }])
    s.assistant([toolCallBlock('c1', 'run_code', { code: 'print(1)' }), toolCallBlock('c2', 'unknown_tool', {})])
    s.call('run_code', { code: 'print(1)' }, 'c1')
    s.dispatchStart('c1', 'bash', {})
    s.call('unknown_tool', {}, 'c2')
    const records = trajectoryOf(s).records
    const byCall = (id: string) => records.find((r) => r.callId === id)
    expect(byCall('c1')).toMatchObject({ schema: { prompt: 0, name: 'run_code' }, program: { language: 'python' } })
    expect(byCall('c1:code:1')?.schema).toEqual({ prompt: 0, name: 'bash' })
    expect(byCall('c2')?.schema).toBeUndefined()
  })
})
