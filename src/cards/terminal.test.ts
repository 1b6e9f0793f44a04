import { describe, expect, it } from 'vitest'
import { hasSpillNotice, promptRows, splitExitMarker, terminalCardModel, type ExitSplit } from './terminal'
import { lineText } from './ansi'
import { CTX, call, child, ctxWith, fail, settle, text } from './testing'
import type { ToolCallNode } from '../conversation/tool-call'

const exit = (output: string, exitCode: number | null = 0, signal: string | null = null): ExitSplit => ({ output, exitCode, signal })

describe('splitExitMarker (cards.md §6.2, §16.1)', () => {
  it.each<[string, string, ExitSplit]>([
    ['no marker means exit 0', 'HELLO\n', exit('HELLO\n')],
    ['a final marker sets the code', "[stderr]\nGet-Item : x\n[exit code: 1]", exit('[stderr]\nGet-Item : x', 1)],
    ['a marker alone is program output', '[exit code: 5]', exit('[exit code: 5]')],
    ['a marker mid-text is program output', 'a\n[exit code: 1]\nb', exit('a\n[exit code: 1]\nb')],
    ['a marker followed by a newline does not count', 'a\n[exit code: 1]\n', exit('a\n[exit code: 1]\n')],
    ['a signal is read first', 'x\n[killed by signal: SIGTERM]', exit('x', null, 'SIGTERM')],
    ['a signal after an exit code', 'x\n[exit code: 2]\n[killed by signal: SIGKILL]', exit('x\n[exit code: 2]', null, 'SIGKILL')],
    ['other markers stay in the body', 'x\n[timed out after 500ms]\n[exit code: 124]', exit('x\n[timed out after 500ms]', 124)],
    ['(no output) is literal output', '(no output)', exit('(no output)')],
    ['a non-numeric code is output', 'x\n[exit code: -1]', exit('x\n[exit code: -1]')],
  ])('%s', (_name, input, expected) => expect(splitExitMarker(input)).toEqual(expected))
})

describe('hasSpillNotice (cards.md §6.4)', () => {
  it.each<[string, string, boolean]>([
    ['the example notice', '(Omitted 50000 bytes. Full formatted result stored at: /spill/output.txt. Read the file.)', true],
    ['after a preview', 'head of output\n\n(More bytes were omitted. Full formatted result stored at: /s/o.txt. Use read.)', true],
    ['empty lead', '( Full formatted result stored at: /s. x)', true],
    ['must end with )', '(Omitted 5 bytes. Full formatted result stored at: /s. x).', false],
    ['unknown lead text', '(Something else. Full formatted result stored at: /s. x)', false],
    ['not a safe integer', '(Omitted 99999999999999999999 bytes. Full formatted result stored at: /s. x)', false],
    ['needs ". " after the phrase', '(Omitted 5 bytes. Full formatted result stored at: /s)', false],
    ['a single newline before ( is not a candidate', 'x\n(Omitted 5 bytes. Full formatted result stored at: /s. x)', false],
    ['plain output', 'hello (world)', false],
  ])('%s', (_name, input, expected) => expect(hasSpillNotice(input)).toBe(expected))
})

const bash = (args: object | string) => call('bash', args)
const card = (node: ToolCallNode, ctx = CTX) => terminalCardModel(node, ctx)

describe('eligibility (cards.md §6.1)', () => {
  it.each<[string, ToolCallNode, 'card' | 'generic']>([
    ['standard bash, running', bash({ command: 'ls', description: 'List' }), 'card'],
    ['standard pwsh, running', call('pwsh', { command: 'dir', description: 'List' }), 'card'],
    ['persistent bash (no description), running', bash({ command: 'ls' }), 'card'],
    ['blank command', bash({ command: '  ', description: 'd' }), 'generic'],
    ['missing command', bash({ description: 'd' }), 'generic'],
    ['blank description', bash({ command: 'ls', description: ' ' }), 'generic'],
    ['non-string description', bash({ command: 'ls', description: 3 }), 'generic'],
    ['timeoutMs not positive', bash({ command: 'ls', description: 'd', timeoutMs: 0 }), 'generic'],
    ['timeoutMs positive', bash({ command: 'ls', description: 'd', timeoutMs: 1000 }), 'card'],
    ['workdir not a string', bash({ command: 'ls', description: 'd', workdir: 1 }), 'generic'],
    ['run_in_background not boolean', bash({ command: 'ls', description: 'd', run_in_background: 'yes' }), 'generic'],
    ['background launch', bash({ command: 'ls', description: 'd', run_in_background: true }), 'generic'],
    ['run_in_background false', bash({ command: 'ls', description: 'd', run_in_background: false }), 'card'],
    ['escalation pair valid', bash({ command: 'ls', description: 'd', sandbox_permissions: 'danger-full-access', justification: 'needs it' }), 'card'],
    ['escalation without justification', bash({ command: 'ls', description: 'd', sandbox_permissions: 'workspace-write' }), 'generic'],
    ['justification alone', bash({ command: 'ls', description: 'd', justification: 'x' }), 'generic'],
    ['unknown escalation level', bash({ command: 'ls', description: 'd', sandbox_permissions: 'root', justification: 'x' }), 'generic'],
    ['unknown extra fields allowed', bash({ command: 'ls', description: 'd', extra: { a: 1 } }), 'card'],
    ['malformed JSON', bash('{"command": "ls"'), 'generic'],
    ['array arguments', bash('["ls"]'), 'generic'],
    ['terminal_send', call('terminal_send', { sessionId: 'pty-1', text: 'ls\n' }), 'card'],
    ['terminal_send without session', call('terminal_send', { text: 'ls' }), 'generic'],
    ['terminal_send submit not boolean', call('terminal_send', { sessionId: 'p', text: 'x', submit: 1 }), 'generic'],
    ['terminal_send background', call('terminal_send', { sessionId: 'p', text: 'x', run_in_background: true }), 'generic'],
    ['other tools', call('run_code', { command: 'ls', description: 'd' }), 'generic'],
    ['code-dispatch child: same rules as a root ([N])', child('call_rc', 1, 'bash', { command: 'echo hi', description: 'Echo' }), 'card'],
  ])('%s', (_name, node, expected) => expect(card(node) === null ? 'generic' : 'card').toBe(expected))

  it.each<[string, ToolCallNode]>([
    ['tool error', fail(bash({ command: 'x', description: 'd' }), 'Error: tool call aborted')],
    ['settled persistent shell', settle(bash({ command: 'ls' }), 'a\n')],
    ['multi-block result', settle(bash({ command: 'ls', description: 'd' }), { content: [text('a'), text('b')] })],
    ['non-text result', settle(bash({ command: 'ls', description: 'd' }), { content: [{ type: 'image' }] })],
    ['empty content', settle(bash({ command: 'ls', description: 'd' }), { content: [] })],
    ['spilled output ([N])', settle(bash({ command: 'ls', description: 'd' }), 'x\n\n(Omitted 5 bytes. Full formatted result stored at: /s. Read it.)')],
    ['terminal_send error', fail(call('terminal_send', { sessionId: 'p', text: 'x' }), 'gone')],
    ['no call head', { ...settle(bash({ command: 'ls', description: 'd' }), 'a'), hasCallHead: false }],
  ])('settled Generic: %s', (_name, node) => expect(card(node)).toBeNull())
})

describe('card fields (cards.md §6.3, §6.5)', () => {
  it('golden A: pwsh exit 1 — Failed, basename prompt, pill, body without the marker', () => {
    const node = settle(call('pwsh', { command: 'Get-Item missing.txt', description: 'Fail deliberately' }),
      "[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist.\n[exit code: 1]")
    const model = card(node, ctxWith({ cwd: '/tmp/dsh-web-e2e-ws-unique' }))
    expect(model).toMatchObject({
      state: 'failed', stateLabel: 'Failed', pill: 'exit code 1', exitCode: 1, description: 'Fail deliberately',
      prompts: [{ label: 'dsh-web-e2e-ws-unique', text: 'Get-Item missing.txt', first: true }],
      copy: { label: 'Copy', text: "[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist." },
    })
    expect(model?.lines?.map(lineText)).toEqual(['[stderr]', "Get-Item : Cannot find path 'missing.txt' because it does not exist."])
    // The golden's single text line, as the ARIA serialiser merges the spans.
    expect([model?.stateLabel, model?.prompts[0]?.label, model?.prompts[0]?.text, model?.pill].join(' '))
      .toBe('Failed dsh-web-e2e-ws-unique Get-Item missing.txt exit code 1')
  })

  it('Done <cwd> <command> for a clean exit', () => {
    const model = card(settle(bash({ command: 'echo HELLO', description: 'Say hello' }), 'HELLO\n'))
    expect([model?.stateLabel, model?.prompts[0]?.label, model?.prompts[0]?.text].join(' ')).toBe('Done project echo HELLO')
    expect(model?.pill).toBeNull()
    expect(model?.lines?.map(lineText)).toEqual(['HELLO'])
  })

  it('signal pill', () => {
    const model = card(settle(bash({ command: 'sleep 9', description: 's' }), 'partial\n[killed by signal: SIGTERM]'))
    expect(model).toMatchObject({ state: 'failed', pill: 'signal SIGTERM', signal: 'SIGTERM', exitCode: null })
  })

  it('zh chrome', () => {
    const zh = ctxWith({ locale: 'zh' })
    expect(card(settle(bash({ command: 'x', description: 'd' }), 'a\n[exit code: 3]'), zh)).toMatchObject({ stateLabel: '失败', pill: '退出码 3', copy: { label: '复制' } })
    expect(card(settle(bash({ command: 'x', description: 'd' }), 'a\n[killed by signal: SIGINT]'), zh)?.pill).toBe('信号 SIGINT')
    expect(card(settle(bash({ command: 'x', description: 'd' }), ''), zh)).toMatchObject({ stateLabel: '已完成', placeholder: '无输出' })
    expect(card(bash({ command: 'x', description: 'd' }), zh)?.stateLabel).toBe('运行中')
  })

  it('running: no body, no copy', () => {
    expect(card(bash({ command: 'ls', description: 'List' }))).toMatchObject({
      state: 'running', stateLabel: 'Running', lines: null, copy: null, placeholder: null, pill: null,
    })
  })

  it('blank output: No output placeholder, no copy; (no output) is real output', () => {
    expect(card(settle(bash({ command: 'true', description: 'd' }), '\n  \n'))).toMatchObject({ placeholder: 'No output', copy: null })
    const literal = card(settle(bash({ command: 'true', description: 'd' }), '(no output)'))
    expect(literal).toMatchObject({ placeholder: null, copy: { text: '(no output)' } })
  })

  it('multi-line commands: one prompt row per line, cwd label on the first only', () => {
    expect(promptRows('cd a\nls\n', 'proj')).toEqual([
      { label: 'proj', text: 'cd a', first: true },
      { label: '$', text: 'ls', first: false },
    ])
  })

  it('no session cwd: bare $', () => {
    expect(card(bash({ command: 'ls', description: 'd' }), ctxWith({ cwd: null }))?.prompts[0]?.label).toBe('$')
  })

  it('workdir counts for standard shells only', () => {
    expect(card(bash({ command: 'ls', description: 'd', workdir: 'pkg/../lib' }))?.prompts[0]?.label).toBe('lib')
    expect(card(bash({ command: 'ls', workdir: 'lib' }))?.prompts[0]?.label).toBe('project')
  })

  it('persistent shell: no description', () => {
    expect(card(bash({ command: 'ls' }))).toMatchObject({ flavor: 'persistent', description: null })
  })

  it('terminal_send: raw output, no marker parsing, session label, send-input placeholder', () => {
    const sent = card(settle(call('terminal_send', { sessionId: 'pty-1', text: '' }), 'x\n[exit code: 1]'))
    expect(sent).toMatchObject({ flavor: 'send', state: 'done', pill: null, description: 'Terminal pty-1',
      prompts: [{ label: 'project', text: '(send input)' }] })
    expect(sent?.lines?.map(lineText)).toEqual(['x', '[exit code: 1]'])
    const zh = card(call('terminal_send', { sessionId: 'pty-1', text: '' }), ctxWith({ locale: 'zh' }))
    expect(zh).toMatchObject({ description: '终端 pty-1', prompts: [{ text: '（发送输入）' }] })
  })

  it('ANSI kept as segments', () => {
    const model = card(settle(bash({ command: 'ls', description: 'd' }), '\x1b[31mred\x1b[0m\n'))
    expect(model?.lines).toEqual([[{ text: 'red', style: { fg: { kind: 'named', name: 'red' } } }]])
    expect(model?.copy?.text).toBe('\x1b[31mred\x1b[0m\n')
  })

  it('Details window over 16 lines: 8, toggle, 8', () => {
    const out = Array.from({ length: 20 }, (_, i) => `l${i}`).join('\n')
    const model = card(settle(bash({ command: 'seq', description: 'd' }), out))
    expect(model?.detailsWindow).toEqual({
      head: [0, 1, 2, 3, 4, 5, 6, 7], tail: [12, 13, 14, 15, 16, 17, 18, 19], hidden: 4,
      expandLabel: '… 4 more lines', expandAria: 'Expand the remaining 4 output lines',
      collapseLabel: 'Collapse', collapseAria: 'Collapse output',
    })
    expect(card(settle(bash({ command: 'seq', description: 'd' }), 'a\nb'))?.detailsWindow).toBeNull()
  })
})
