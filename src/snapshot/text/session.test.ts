import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation'
import { linesOf } from '../../conversation/testing'
import { viewModel } from '../../cards/view-model'
import { reasoning, session, text, toolCallBlock, type SessionBuilder } from '../../log/testing/session'
import { textSnapshot } from './session'

/** One turn: prompt, a Think + text step, a failing bash (exit 1), a read of a file under the cwd. */
function tour(cwd: string, output = 'boom\n[exit code: 1]'): SessionBuilder {
  const s = session({ id: 'tour-1', cwd })
  s.turnStart()
  s.user('Run the check')
  s.stepStart()
  const bash = { command: 'npm test', description: 'Run the tests' }
  s.assistant([reasoning('Run it first.\nThen read.'), text('Running.'), toolCallBlock('call-b', 'bash', bash)], { usage: { inputTokens: 10, outputTokens: 4 } })
  s.call('bash', bash, 'call-b')
  s.result('call-b', output)
  s.stepEnd()
  s.stepStart()
  s.assistant('Done.')
  s.stepEnd()
  s.turnEnd()
  return s
}

function snapshotOf(s: SessionBuilder, locale: 'en' | 'zh' = 'en'): string {
  const conversation = assemble(linesOf(s))
  return textSnapshot({ id: s.header.id, conversation, view: viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale }) })
}

describe('textSnapshot', () => {
  it('lays out the session header and one row per line, card fields nested', () => {
    expect(snapshotOf(tour('/home/dev/project'))).toBe(
      [
        'dsh-view text snapshot v1',
        'session tour-1',
        '  cwd: {{cwd}}',
        '  format v0 · status completed',
        '  started: {{date}} {{clock}} UTC',
        '  1 turn · 2 steps · 1 tool call (0 sub-calls)',
        '  tools: bash 1',
        '  tokens: in 10 · out 4 · cache read 0 · cache write 0 · reasoning 0 · cache hit 0%',
        '  models: deepseek-official/deepseek-v4-flash',
        '',
        '== Turn 1 · completed  #turn@0',
        'user {{date}} {{clock}} UTC  #user:1',
        '  | Run the check',
        'think Think · Run it first.  #assistant:1.1@2:0',
        '  | Run it first.',
        '  | Then read.',
        'markdown  #assistant:1.1@2:1',
        '  | Running.',
        'tool Bash · Run the tests  #tool:call-b',
        '  bash · variant bash · layout bash · state error (model ok) · dot red · hidden "Failed" in-header · expandable',
        '  terminal shell · failed "Failed" · exit code 1 · copy "Copy"',
        '    description: Run the tests',
        '    prompt {{workspace}} npm test',
        '    output (1 line):',
        '      | boom',
        '  Inspect: bash · Input 4 lines · card output',
        'markdown  #assistant:1.2@7:0',
        '  | Done.',
        'turn-tail {{date}} {{clock}} UTC · Ran for {{duration}}  #tail:0',
        '',
      ].join('\n'),
    )
  })

  it('reads the same for the same session recorded under another workspace', () => {
    expect(snapshotOf(tour('/home/alice/checkout'))).toBe(snapshotOf(tour('/srv/ci/build-4711/checkout')))
  })

  it('masks the workspace before cutting a long line, so no machine path survives the cut', () => {
    const cwd = `/tmp/${'deep/'.repeat(60)}repo`
    const out = snapshotOf(tour(cwd, `cannot open ${cwd}/src/index.ts: ${'x'.repeat(300)}`))
    expect(out).toContain('| cannot open {{cwd}}/src/index.ts: xxx')
    expect(out).not.toContain('/tmp/deep')
  })

  it('a card change shows as a changed card line in a diff', () => {
    const before = snapshotOf(tour('/w/p')).split('\n')
    const after = snapshotOf(tour('/w/p', 'boom')).split('\n')
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line, after[i]]]))
    expect(changed).toEqual([
      ['  bash · variant bash · layout bash · state error (model ok) · dot red · hidden "Failed" in-header · expandable', '  bash · variant bash · layout bash · state ok · icon api · expandable'],
      ['  terminal shell · failed "Failed" · exit code 1 · copy "Copy"', '  terminal shell · done "Done" · copy "Copy"'],
    ])
  })

  it('uses the card strings of the locale', () => {
    expect(snapshotOf(tour('/w/p'), 'zh')).toContain('  terminal shell · failed "失败" · 退出码 1 · copy "复制"')
  })

  it('marks a diff card\'s folds of unchanged lines where they start, and their rows', () => {
    const s = session({ id: 'fold', cwd: '/w/p' })
    s.turnStart()
    s.user('edit')
    s.stepStart()
    const before = Array.from({ length: 12 }, (_, i) => `row ${i}`)
    const after = before.map((l) => (l === 'row 8' ? 'ROW 8' : l))
    s.call('edit', { file_path: 'a.txt', old_string: 'row 8', new_string: 'ROW 8' }, 'e1')
    s.result('e1', 'ok', { meta: { diffs: [{ path: 'a.txt', oldText: before.join('\n'), newText: after.join('\n') }] } })
    s.stepEnd()
    s.turnEnd()
    const out = snapshotOf(s)
    expect(out).toContain(
      ['    | @ a.txt', '    | ⋯ fold 5 "… 5 unchanged lines" / "Expand 5 unchanged lines"', '    | ┆ | row 0', '    | ┆ | row 1', '    | ┆ | row 2', '    | ┆ | row 3', '    | ┆ | row 4', '    |   | row 5'].join('\n'),
    )
    expect(out).toContain('    | - | ⟪row⟫ 8\n    | + | ⟪ROW⟫ 8\n    |   | row 9\n    |   | row 10\n    |   | row 11\n')
    expect(out).not.toContain('chat window')
  })

  it('escapes control bytes from the log', () => {
    const s = session({ id: 'esc', cwd: '/w/p' })
    s.turnStart()
    s.user('red \u001b[31malert\u001b[0m and a bell \u0007')
    s.turnEnd()
    const out = snapshotOf(s)
    expect(out).toContain('| red \\x1b[31malert\\x1b[0m and a bell \\x07')
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })

  it('keeps invalid lines and unknown events visible', () => {
    const s = session({ id: 'dmg', cwd: '/w/p' })
    s.turnStart()
    s.user('hi')
    s.turnEnd()
    const lines = linesOf(s)
    lines.push({ kind: 'invalid', line: lines.length + 1, reason: 'not JSON', text: '{"type":' })
    const conversation = assemble(lines)
    const out = textSnapshot({ id: 'dmg', conversation, view: viewModel(conversation, { cwd: '/w/p', home: null, locale: 'en' }) })
    expect(out).toContain('damage: 1 invalid lines')
    expect(out).toMatch(/invalid line 5 · not JSON {2}#\S+\n {2}\| \{"type":\n/)
  })
})
