/**
 * What the PR summary knows about real sessions (fixtures/corpus, captured from dsh): the failures and edits
 * of the real-host error run, the v0 edit and cancellation scenarios, and a subagent family — each checked
 * against what the log says (see the scenario files next to the logs).
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadFamily, type ExportSession } from '../load'
import { resolveFamily } from '../resolve'
import { summaryFacts } from './facts'

const fixture = (rel: string) => fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url))
const options = { env: {}, homedir: '/nonexistent-home' }

async function sessionsOf(rel: string): Promise<ExportSession[]> {
  return (await loadFamily(await resolveFamily(fixture(rel), options))).sessions
}

describe('summaryFacts on the corpus', () => {
  it('node22-errors: the failing command, both tool failures, and the one edit with its counts', async () => {
    const facts = summaryFacts(await sessionsOf('corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2'))
    expect(facts.title).toBe('Mock error paths')
    expect(facts.status).toBe('completed')
    expect(facts.prompts).toEqual(['Poke at seeded files, including some failures'])
    expect(facts.finalText).toBe('Edited src/app.js after two expected failures.')
    expect(facts.files).toEqual([{ path: 'src/app.js', added: 1, removed: 1 }])
    expect(facts.commands).toEqual([{ command: 'ls -R; exit 3', outcome: 'failed', detail: { kind: 'exit', code: 3 }, session: null }])
    expect(facts.errors.map(e => e.what)).toEqual(['Edit src/app.js', 'Read missing.txt'])
    expect(facts.errors[0]?.message).toContain('edit requires reading')
    expect(facts.errors[1]?.message).toContain('not found')
    expect(facts.usage).toHaveLength(1)
    expect(facts.usage[0]?.usage.totalTokens).toBe(49_379)
    expect(facts.duration).toBe('1.0s')
    expect(facts.descendants).toEqual([])
  })

  it('fs-edit (v0): the edited file from the Deliverables, +1 −1 from the applied diff', async () => {
    const facts = summaryFacts(await sessionsOf('corpus/v0/acp-agent/fs-edit/session.jsonl'))
    expect(facts.files).toEqual([{ path: 'config.txt', added: 1, removed: 1 }])
    expect(facts.commands).toEqual([])
    expect(facts.finalText).toBe('DONE')
  })

  it('cancel-tool-calls (v0): both shell calls stopped, the session interrupted', async () => {
    const facts = summaryFacts(await sessionsOf('corpus/v0/acp-agent/cancel-tool-calls/session.jsonl'))
    expect(facts.status).toBe('interrupted')
    expect(facts.lastTurn).toEqual({ reason: 'aborted', error: null })
    expect(facts.commands.map(c => c.outcome)).toEqual(['interrupted', 'interrupted'])
    expect(facts.commands[1]?.command).toBe('printf skipped > skipped.txt')
    expect(facts.files).toEqual([])
    expect(facts.finalText).toBeNull()
  })

  it('a subagent family: both children listed, usage per session, their inherited history not counted twice', async () => {
    const sessions = await sessionsOf('demo-sessions/--~007B~007Bcwd~007D~007D--/14dda109-5728-45ba-a002-7db9543fe50e')
    const facts = summaryFacts(sessions)
    expect(facts.descendants.map(d => d.status)).toEqual(['completed', 'completed'])
    expect(facts.usage.map(u => u.stem)).toEqual(sessions.map(s => s.stem))
    expect(facts.prompts).toHaveLength(1)
    expect(facts.finalText).toBe('PARENT_DONE')
  })
})
