/**
 * Generated sessions for the export tests, written as a sessions root in a temp folder: one long enough to
 * become several parts (the site would paginate it), with an output too long for a page (its full text is
 * embedded), and the demo subagent family from fixtures/demo-sessions.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { session } from '../../src/log/testing/session'
import { tempDir } from '../support/build'

/** The parent of the demo family (two subagent children beside it). */
export const DEMO_PARENT = fileURLToPath(new URL('../../fixtures/demo-sessions/--~007B~007Bcwd~007D~007D--/14dda109-5728-45ba-a002-7db9543fe50e', import.meta.url))
export const DEMO_CHILDREN = ['553f8e92-aac1-4df3-8657-eacbb58f9581', '5f49e80c-16fc-42c7-a617-0b6bd0680aa3'].map(id => fileURLToPath(new URL(`../../fixtures/demo-sessions/--~007B~007Bcwd~007D~007D--/${id}`, import.meta.url)))

/** The hostile parent of fixtures/xss (a payload in every rendered field) with its subagent child beside it. */
export const XSS_PARENT = fileURLToPath(new URL('../../fixtures/xss/sessions/--tmp-xss--/xss-parent', import.meta.url))

/** Lines of the long output; its last line proves the whole text came back. */
export const BIG_LINES = 3_000
export const bigLine = (i: number) => `big output line ${i} <b>not bold</b> & more`

/** A session of `turns` short turns plus one with a 3,000-line output; returns its session directory. */
export function writeLongSession(turns = 400): string {
  const s = session({ id: 'long-export', cwd: '/home/dev/long' })
  s.turnStart()
  s.user('Print a lot')
  s.stepStart()
  s.call('bash', { command: 'seq 3000', description: 'Print many lines' }, 'call-big')
  s.result('call-big', Array.from({ length: BIG_LINES }, (_, i) => bigLine(i)).join('\n'))
  s.stepEnd()
  s.turnEnd()
  for (let t = 2; t <= turns; t++) {
    s.turnStart()
    s.user(`Turn ${t}`)
    s.stepStart()
    s.call('bash', { command: `echo ${t}`, description: `Echo ${t}` }, `call-${t}`)
    s.result(`call-${t}`, `${t}`)
    s.stepEnd()
    s.stepStart()
    s.assistant(`Printed **${t}**.`)
    s.stepEnd()
    s.turnEnd()
  }
  const dir = join(tempDir('dv-export-long-'), '--work-long--', 'long-export')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  return dir
}

/** A word only the subagent's folded tool output holds (no other row, no header, no title). */
export const FIND_NEEDLE = 'quokkazebra'
export const FIND_CHILD = 'find-child'

/**
 * A parent that delegates to a subagent, and the subagent, whose bash call's output (a closed fold in a
 * completed turn) alone holds FIND_NEEDLE; returns the parent's session directory (the child beside it).
 */
export function writeFindFamily(): string {
  const project = join(tempDir('dv-export-find-'), '--work-find--')
  const parent = session({ id: 'find-parent', cwd: '/home/dev/find' })
  parent.turnStart()
  parent.user('Ask a helper to look around')
  parent.stepStart()
  parent.call('subagent', { description: 'Look around', prompt: 'List the files' }, 'call-sub')
  parent.result('call-sub', 'The helper listed the files.')
  parent.stepEnd()
  parent.stepStart()
  parent.assistant('Done.')
  parent.stepEnd()
  parent.turnEnd()
  const child = session({ id: FIND_CHILD, cwd: '/home/dev/find', header: { parentSession: 'find-parent', origin: 'subagent', delegationDepth: 1 } })
  child.turnStart()
  child.user('List the files')
  child.stepStart()
  child.call('bash', { command: 'ls', description: 'List files' }, 'call-ls')
  child.result('call-ls', `README.md\nsrc\n${FIND_NEEDLE}.txt\npackage.json`)
  child.stepEnd()
  child.stepStart()
  child.assistant('Four entries.')
  child.stepEnd()
  child.turnEnd()
  for (const [id, s] of [['find-parent', parent], [FIND_CHILD, child]] as const) {
    mkdirSync(join(project, id), { recursive: true })
    writeFileSync(join(project, id, 'session.jsonl'), s.jsonl())
  }
  return join(project, 'find-parent')
}
