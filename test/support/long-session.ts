/**
 * The long sessions the page-budget tests need: `turns` turns, each one bash call whose output the caller
 * chooses, written as a sessions root (`--work-long--/<id>/session.jsonl`). Several browser, snapshot and
 * search tests paginate a session this way; they differ only in the output lines.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { session, toolCallBlock, type SessionBuilder } from '../../src/log/testing/session'
import { tempDir } from './build'

export interface LongSessionOptions {
  id: string
  turns: number
  /** The output of turn `t`'s call (`call-<t>`). */
  output: (turn: number, callId: string) => string
  /** What the user types in turn `t`; default `Turn t`. */
  prompt?: (turn: number) => string
}

/** Turn t: user "Turn t" (or `prompt`), an assistant message calling `seq t` with bash, its output. */
export function longBashSession({ id, turns, output, prompt = t => `Turn ${t}` }: LongSessionOptions): SessionBuilder {
  const s = session({ id, cwd: '/home/dev/long' })
  for (let t = 1; t <= turns; t++) {
    const callId = `call-${t}`
    const args = { command: `seq ${t}`, description: `Count to ${t}` }
    s.turnStart()
    s.user(prompt(t))
    s.stepStart()
    s.assistant([toolCallBlock(callId, 'bash', args)])
    s.call('bash', args, callId)
    s.result(callId, output(t, callId))
    s.stepEnd()
    s.turnEnd()
  }
  return s
}

/** Writes `s` as the only session of a fresh sessions root; returns the root. */
export function writeLongRoot(s: SessionBuilder): string {
  const root = tempDir()
  const dir = join(root, '--work-long--', String(s.header.id))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  return root
}
