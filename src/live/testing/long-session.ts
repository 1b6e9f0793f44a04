/**
 * A session long and varied enough to exercise a live page the way a real agent session does (issue 6
 * "long sessions"), written turn by turn with the typed builder so a test can append it in batches:
 * answers with fenced TypeScript (coloured), reads of a source file and edits with diffs (coloured rows),
 * plenty of shell output (pages fill up and break between turns), one output far over the cut caps (a
 * marker and a side file), and optionally one turn with so many tool calls that it overflows a page on its
 * own (split into parts by rows). Deterministic: the same options write the same records. Test-only.
 */
import { toolCallBlock, type SessionBuilder } from '../../log/testing/session'

export interface LongTurnOptions {
  /** Shell output lines of an ordinary turn. */
  outputLines?: number
  /** Turn whose shell output is far over the caps (cut, with a side file). */
  hugeTurn?: number
  /** Turn with this many tool calls (0: none): a turn bigger than a page. */
  wideTurn?: number
  wideCalls?: number
}

const source = (t: number) =>
  Array.from({ length: 30 }, (_, i) => `export function step${t}_${i}(value: number): string {\n  return \`\${value * ${i}}\` // line ${i}\n}`).join('\n')

/** Appends turn `t` (1-based) to `s`. */
export function longTurn(s: SessionBuilder, t: number, options: LongTurnOptions = {}): void {
  const outputLines = options.outputLines ?? 120
  s.turnStart()
  s.user(`Turn ${t}: read the module, fix it and run the tests`)
  s.stepStart()
  const read = `read-${t}`
  const path = `/home/dev/long/src/module${t}.ts`
  s.assistant([toolCallBlock(read, 'read', { file_path: `src/module${t}.ts` })])
  s.call('read', { file_path: `src/module${t}.ts` }, read)
  const lines = source(t).split('\n').map((text, i) => ({ number: i + 1, text }))
  const body = `<path>${path}</path>\n<type>file</type>\n<content>\n${lines.map((l) => `${l.number}: ${l.text}`).join('\n')}\n\n(End of file - total ${lines.length} lines)\n</content>`
  s.result(read, body, { meta: { path, offset: 1, lines, totalLines: lines.length } })
  s.stepEnd()
  s.stepStart()
  const edit = `edit-${t}`
  const oldText = `export const version${t} = 1\nexport const name${t} = 'old'\n`
  const newText = `export const version${t} = 2\nexport const name${t} = 'new'\nexport const extra${t} = [${t}, ${t + 1}]\n`
  s.assistant([toolCallBlock(edit, 'edit', { file_path: `src/module${t}.ts`, old_string: oldText, new_string: newText })])
  s.call('edit', { file_path: `src/module${t}.ts`, old_string: oldText, new_string: newText }, edit)
  s.result(edit, 'updated', { meta: { diffs: [{ path: `src/module${t}.ts`, oldText, newText }] } })
  const calls = t === options.wideTurn ? (options.wideCalls ?? 300) : 1
  for (let c = 0; c < calls; c++) {
    const bash = `bash-${t}-${c}`
    const count = t === options.hugeTurn ? 5_000 : calls > 1 ? 3 : outputLines
    s.call('bash', { command: `npm test -- module${t} --shard ${c}`, description: `Run the tests of module ${t}` }, bash)
    s.result(bash, Array.from({ length: count }, (_, i) => `\u001b[32m✓\u001b[0m module${t} case ${c}.${i} passes ${'·'.repeat(20)}`).join('\n'))
  }
  s.stepEnd()
  s.stepStart()
  s.assistant(`Turn ${t} is done. The fix:\n\n\`\`\`ts\nexport function fixed${t}(input: string): number {\n  return input.length * ${t}\n}\n\`\`\`\n\nAll tests pass.`)
  s.stepEnd()
  s.turnEnd()
}
