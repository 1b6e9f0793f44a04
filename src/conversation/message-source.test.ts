/** Context rows and their producer labels (cards.md §3.5; v4 README §2.7 producer-owned kinds). */
import { describe, expect, it } from 'vitest'
import type { MessageSource } from '../log/events/schema'
import { session } from '../log/testing/session'
import { contextLabel } from './message-source'
import { assemble, chatNodes } from './index'
import { linesOf } from './testing'

describe('contextLabel', () => {
  it.each<[string, MessageSource, ReturnType<typeof contextLabel>]>([
    ['plugin → its plugin name', { kind: 'plugin', plugin: '@deepseek-ai/dsh-system-prompt', form: 'snapshot' }, { title: 'injection', label: '@deepseek-ai/dsh-system-prompt', summary: null, form: 'snapshot' }],
    ['plugin without a name → the kind', { kind: 'plugin' }, { title: 'injection', label: 'plugin', summary: null, form: null }],
    ['agent-instructions → distinct change paths', { kind: 'agent-instructions', form: 'instructions', changes: [{ path: 'AGENTS.md' }, { path: 'a/AGENTS.md' }, { path: 'AGENTS.md' }] }, { title: 'injection', label: 'AGENTS.md, a/AGENTS.md', summary: null, form: 'instructions' }],
    ['agent-instructions with no changes → the kind', { kind: 'agent-instructions', changes: [] }, { title: 'injection', label: 'agent-instructions', summary: null, form: null }],
    ['skill-invocation → the skill name', { kind: 'skill-invocation', name: 'pdf' }, { title: 'injection', label: 'pdf', summary: null, form: null }],
    ['session-reference → Session recall + labels', { kind: 'session-reference', form: 'recall', references: [{ label: 'Earlier chat' }, { label: 'Other' }] }, { title: 'recall', label: 'Earlier chat, Other', summary: null, form: 'recall' }],
    ['v4 runtime-context → the kind', { kind: 'runtime-context', form: 'snapshot', sections: [] }, { title: 'injection', label: 'runtime-context', summary: null, form: 'snapshot' }],
    ['v4 time-context → the kind', { kind: 'time-context', form: 'snapshot' }, { title: 'injection', label: 'time-context', summary: null, form: 'snapshot' }],
    ['skill-catalog → the kind', { kind: 'skill-catalog', form: 'catalog', entries: [] }, { title: 'injection', label: 'skill-catalog', summary: null, form: 'catalog' }],
    ['notice with a summary → third segment', { kind: 'subagent-settled', form: 'notice', summary: 'Background subagent s2 finished', senderSessionId: 's2' }, { title: 'injection', label: 'subagent-settled', summary: 'Background subagent s2 finished', form: 'notice' }],
    ['notice with a blank summary → none', { kind: 'subagent-settled', form: 'notice', summary: '  ' }, { title: 'injection', label: 'subagent-settled', summary: null, form: 'notice' }],
    ['a summary on a non-notice form is ignored', { kind: 'goal', form: 'relay', summary: 'x' }, { title: 'injection', label: 'goal', summary: null, form: 'relay' }],
    ['unknown kinds are opaque attribution', { kind: 'plugin:plugin:serial-created-fixture' }, { title: 'injection', label: 'plugin:plugin:serial-created-fixture', summary: null, form: null }],
  ])('%s', (_name, source, expected) => expect(contextLabel(source)).toEqual(expected))
})

describe('message nodes', () => {
  it('a person writes a user node; producers write context rows; the system prompt is never user input', () => {
    const log = session()
    log.turnStart()
    log.stepStart()
    log.push('system/message', { message: { content: [{ type: 'text', text: 'SYSTEM' }], id: 'sys', role: 'system', source: { kind: 'system-prompt' } } }, { surfaceOp: 'append' })
    log.user('Do it')
    log.user('ctx', { kind: 'runtime-context', form: 'snapshot' })
    const kinds = chatNodes(assemble(linesOf(log))).map((n) => [n.kind, n.key])
    expect(kinds).toEqual([['system', 'system:2'], ['user', 'user:3'], ['context', 'context:4']])
  })

  it.each([
    ['a prompt queued for the next step', 'next-step', 1, 'steering'],
    ['a prompt queued for the next turn', 'next-turn', 1, 'user'],
    ['a prompt arriving in step 2', 'next-turn', 2, 'steering'],
  ])('%s is a %s node', (_name, target, step, kind) => {
    const log = session()
    log.turnStart()
    log.stepStart()
    if (step === 2) {
      log.stepEnd()
      log.stepStart()
    }
    log.push('agent/inbox/spliced', { target, start: 0, inserted: [{ id: `msg-${log.nextSeq + 1}`, role: 'user', content: [], source: { kind: 'user' } }] })
    log.user('steer')
    expect(chatNodes(assemble(linesOf(log))).map((n) => n.kind)).toEqual([kind])
  })
})
