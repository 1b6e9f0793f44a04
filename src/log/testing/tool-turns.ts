/**
 * A long session of identical-shaped turns, for the tests that need many pages (pagination, the Trajectory's
 * pages, replay across pages, long-session page cuts): each turn is a prompt, one `bash` call with its output,
 * and an answer, in two steps. The caller says how many turns and what each turn's output and answer read
 * (and, if not the default listing of `dir<t>`, its prompt and command); the shape is fixed so the tests
 * differ only in what they measure.
 */
import { session, toolCallBlock } from './session'

export interface ToolTurnsOptions {
  id: string
  /** Default `/home/dev/long`. */
  cwd?: string
  turns: number
  /** The prompt of turn `t` (1-based); default `Turn t: list the files`. */
  prompt?: (t: number) => string
  /** The `bash` command of turn `t` (default `ls -la dir<t>`); its description is `description(t)` (default `List dir<t>`). */
  command?: (t: number) => string
  description?: (t: number) => string
  /** The tool's output in turn `t`. */
  output: (t: number) => string
  /** The assistant's closing answer in turn `t`. */
  answer: (t: number) => string
}

/** The session as JSONL (src/log/testing/session.ts writes the events). */
export function toolTurnsSession(o: ToolTurnsOptions): string {
  const { prompt = t => `Turn ${t}: list the files`, command = t => `ls -la dir${t}`, description = t => `List dir${t}` } = o
  const s = session({ id: o.id, cwd: o.cwd ?? '/home/dev/long' })
  for (let t = 1; t <= o.turns; t++) {
    const callId = `call-${t}`
    const args = { command: command(t), description: description(t) }
    s.turnStart()
    s.user(prompt(t))
    s.stepStart()
    s.assistant([toolCallBlock(callId, 'bash', args)])
    s.call('bash', args, callId)
    s.result(callId, o.output(t))
    s.stepEnd()
    s.stepStart()
    s.assistant(o.answer(t))
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}
