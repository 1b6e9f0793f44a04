/**
 * File mentions in the closing reply (cards-current.md §8.3): which calls produce a path, and how a code span
 * resolves — by full path, basename or literal argument path, only to exactly one target.
 */
import { describe, expect, it } from 'vitest'
import { assemble } from '../conversation'
import { linesOf } from '../conversation/testing'
import { session } from '../log/testing/session'
import { mentionTargets, resolveMention } from './mentions'
import { viewModel } from './view-model'
import type { MentionTarget, PageSection } from './types'
import { CTX } from './testing'

const T = (path: string, argPath: string | null, row: string | null): MentionTarget => ({ path, argPath, row })
const targets = [T('/ws/src/x.ts', 'src/x.ts', 'tool:w1'), T('/ws/out/a.txt', 'out/a.txt', 'tool:w2'), T('/ws/docs/a.txt', null, null)]

describe('resolveMention', () => {
  it.each([
    ['the full path', '/ws/src/x.ts', '/ws/src/x.ts'],
    ['the basename', 'x.ts', '/ws/src/x.ts'],
    ['the literal argument path', 'src/x.ts', '/ws/src/x.ts'],
    ['surrounding spaces', ' x.ts ', '/ws/src/x.ts'],
    ['an ambiguous basename (written and delivered)', 'a.txt', null],
    ['an unknown name', 'y.ts', null],
    ['a tool name', 'write', null],
    ['empty', '', null],
  ])('%s: %j → %j', (_what, span, path) => expect(resolveMention(span, targets)?.path ?? null).toBe(path))
})

describe('mentionTargets and the closing reply', () => {
  const built = () => {
    const log = session({ version: 4 })
    log.turnStart(); log.stepStart(); log.user('write it')
    log.call('write', { file_path: 'src/x.ts', content: 'let x = 1\n' }, 'w1'); log.result('w1', 'ok', { meta: { path: '/home/dev/project/src/x.ts' } })
    log.call('edit', { file_path: 'a.md', old_string: 'a', new_string: 'a' }, 'e1'); log.result('e1', 'ok')
    log.call('write', { file_path: 'bad.ts', content: 'x' }, 'w2'); log.result('w2', 'denied', { isError: true })
    log.stepEnd(); log.stepStart(); log.assistant('Wrote `x.ts` and `src/x.ts`, not `bad.ts` or `a.md`.'); log.stepEnd(); log.turnEnd()
    const model = assemble(linesOf(log))
    return { model, section: viewModel(model, CTX).sections.find(s => s.turn === 1) as PageSection }
  }
  it('a successful root write produces its recorded path; a no-op edit and a failed write do not', () => {
    const { model } = built()
    const nodes = model.sections.flatMap(s => s.nodes)
    expect(mentionTargets(nodes, null, Number.MAX_SAFE_INTEGER)).toEqual([T('/home/dev/project/src/x.ts', 'src/x.ts', 'tool:w1')])
  })
  it('only the closing reply carries them', () => {
    const { section } = built()
    const reply = section.rows.find(r => r.kind === 'markdown')
    expect(reply?.kind === 'markdown' ? reply.mentions : undefined).toEqual([T('/home/dev/project/src/x.ts', 'src/x.ts', 'tool:w1')])
  })
})

describe('a delivered file', () => {
  it('is a target leading to its card in the turn tail, which holds that id', () => {
    const log = session({ version: 4 })
    log.turnStart(); log.stepStart(); log.user('deliver notes')
    log.call('present', { files: [{ path: 'notes.md', description: 'Reading notes' }] }, 'p1'); log.result('p1', 'Delivered')
    log.push('deliverables/presented', { turn: 1, callId: 'p1', files: [{ path: '/home/dev/project/notes.md', description: 'Reading notes' }] })
    log.stepEnd(); log.stepStart(); log.assistant('See `notes.md`.'); log.stepEnd(); log.turnEnd()
    const section = viewModel(assemble(linesOf(log)), CTX).sections.find(s => s.turn === 1) as PageSection
    const reply = section.rows.find(r => r.kind === 'markdown')
    const mentions = reply?.kind === 'markdown' ? (reply.mentions ?? []) : []
    const target = resolveMention('notes.md', mentions)
    const tail = section.rows.find(r => r.kind === 'turn-tail')
    const card = tail?.kind === 'turn-tail' ? tail.delivered?.cards[0] : undefined
    expect(target?.path).toBe('/home/dev/project/notes.md')
    expect(card?.id).toBeDefined()
    expect(target?.row).toBe(card?.id)
  })
})
