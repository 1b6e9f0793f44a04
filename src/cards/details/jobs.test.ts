import { describe, expect, it } from 'vitest'
import { cardLines, runTool, titleOf } from './control-testing'

const JOB_LIST = 'job-demo-build [bash] running — Build client assets\njob-demo-audit [subagent] done — Review tool cards'
const TERMINALS = 'terminal-demo-1 (preview) [shell] running pid=43120\nterminal-demo-3 (build) [shell] exited code=0 signal=null pid=43210\nterm-9 [pty] exited code=1 signal=SIGTERM'

describe('job and terminal detail cards (cards-current.md §11.7)', () => {
  it.each([
    ['job_list', JOB_LIST, {}, [
      '2 background jobs',
      'Build client assets [Running]', '~ job-demo-build', 'Type = bash',
      'Review tool cards [Completed]', '~ job-demo-audit', 'Type = subagent',
    ]],
    ['job_list', '(no background jobs)', {}, ['0 background jobs']],
    ['job_output', 'Building…\n✓ 184 modules\n[status: running]', { job_id: 'job-1' }, [
      'job-1 · Running', 'job-1 [Running]', 'code "Building…\\n✓ 184 modules"',
    ]],
    ['job_output', 'partial\n[output truncated]\n[status: done, exit 0]', { job_id: 'job-1' }, [
      'job-1 · Completed', 'job-1 [Completed]', ': exit 0 · Output truncated', 'code "partial"',
    ]],
    ['job_output', 'x\n[output truncated]\n[status: killed]', { job_id: 'j' }, [
      'j · Cancelled', 'j [Cancelled]', ': Output truncated', 'code "x"',
    ]],
    ['job_output', 'x\n[status: weird-state]', { job_id: 'j' }, ['j · weird-state', 'j [weird-state]', 'code "x"']],
    ['job_kill', 'requested cancellation of job job-demo-preview', { job_id: 'job-demo-preview', reason: '演示检查已经结束' }, [
      'job-demo-preview · Cancellation requested', 'job-demo-preview [Cancellation requested]', ': 演示检查已经结束',
    ]],
    ['job_kill', 'requested cancellation of job j', { job_id: 'j' }, ['j · Cancellation requested', 'j [Cancellation requested]']],
    ['job_kill', 'job j had already finished (done)', { job_id: 'j', reason: 'r' }, ['j · Already finished', 'j [Already finished]']],
    ['terminal_open', 'started terminal session terminal-demo-1 (preview) [type: shell]\n/workspace/demo %', {}, [
      'preview', 'preview [Started]', '~ terminal-demo-1', 'Type = shell', 'code "/workspace/demo %"',
    ]],
    ['terminal_open', 'started terminal session t-2 [type: pty]\n', {}, ['t-2', 't-2 [Started]', 'Type = pty', 'code ""']],
    ['terminal_read', 'VITE ready\nLocal: http://localhost:5173/\n[lines: 16-18 of 18]', { sessionId: 'terminal-demo-1' }, [
      'terminal-demo-1', 'terminal-demo-1', '~ Lines 16–18 of 18', 'code "VITE ready\\nLocal: http://localhost:5173/"',
    ]],
    ['terminal_read', 'a\n[lines: 1-1 of 9]\n[output truncated]', { sessionId: 't' }, [
      't', 't', '~ Lines 1–1 of 9', ': Output truncated', 'code "a"',
    ]],
    ['terminal_list', TERMINALS, {}, [
      '3 terminals',
      'preview [Running]', '~ terminal-demo-1', 'Type = shell', 'Process ID = 43120',
      'build [Exited]', '~ terminal-demo-3', 'Type = shell', 'Process ID = 43210', 'Exit code = 0',
      'term-9 [Exited]', 'Type = pty', 'Exit code = 1', 'Signal = SIGTERM',
    ]],
    ['terminal_list', '(no terminal sessions)', {}, ['0 terminals']],
    ['terminal_signal', 'delivered SIGINT to foreground process group 43120', { sessionId: 'terminal-demo-1', signal: 'SIGINT' }, [
      'terminal-demo-1 · Signal delivered', 'terminal-demo-1 [Signal delivered]', 'Signal = SIGINT', 'Process group = 43120',
    ]],
    ['terminal_close', 'closed terminal session terminal-demo-1', { sessionId: 'terminal-demo-1' }, [
      'terminal-demo-1 · Closed', 'terminal-demo-1 [Closed]',
    ]],
    ['terminal_close', 'terminal session t was already closing', { sessionId: 't' }, ['t · Closing', 't [Closing]']],
  ] as const)('%s %j', (name, text, args, expected) => {
    const card = runTool(name, text, { ...args })
    expect(card === null ? null : cardLines(card)).toEqual(expected)
  })

  it.each([
    ['job_list', ''],
    ['job_list', 'job-1 [bash] running'],
    ['job_list', `${JOB_LIST}\ntrailing garbage`],
    ['job_output', 'no status line'],
    ['job_output', '[status: running]'],
    ['job_output', 'x\n[status: running]\n'],
    ['job_kill', 'requested cancellation of job other'],
    ['job_kill', 'cancelled'],
    ['terminal_open', 'started terminal session t [type: shell]'],
    ['terminal_open', 'opened t'],
    ['terminal_read', 'output without a range'],
    ['terminal_read', 'x\n[lines: 1-2 of n]'],
    ['terminal_list', 'terminal-demo-1 (preview) [shell] sleeping pid=1'],
    ['terminal_list', ''],
    ['terminal_signal', 'delivered SIGINT to process 1'],
    ['terminal_close', 'closed terminal session other'],
  ])('%s %j → no card (generic IN/OUT)', (name, text) => {
    expect(runTool(name, text, { job_id: 'job-1', sessionId: 't' })).toBeNull()
  })

  it('localises titles, counts, badges and receipt words (zh)', () => {
    expect(titleOf('job_output', {}, 'zh')).toBe('读取任务输出')
    expect(titleOf('terminal_signal', {}, 'en')).toBe('Signal terminal')
    const list = runTool('job_list', JOB_LIST, {}, 'zh')
    expect(list === null ? null : cardLines(list).slice(0, 3)).toEqual(['2 个后台任务', 'Build client assets [运行中]', '~ job-demo-build'])
    expect(list?.body.caption).toBe('调用结果')
    const read = runTool('terminal_read', 'a\n[lines: 1-1 of 9]\n[output truncated]', { sessionId: 't' }, 'zh')
    expect(read === null ? null : cardLines(read)).toEqual(['t', 't', '~ 第 1–1 行，共 9 行', ': 输出已截断', 'code "a"'])
    expect(read?.body.items[0]?.code?.copy.label).toBe('复制')
    const close = runTool('terminal_close', 'closed terminal session t', { sessionId: 't' }, 'zh')
    expect(close?.status).toBe('已关闭')
  })

  it('gives exited terminals a success tone only for exit code 0, and running ones the info tone', () => {
    const card = runTool('terminal_list', TERMINALS)
    expect(card?.body.items.map((i) => i.badge?.tone)).toEqual(['info', 'success', 'neutral'])
  })

  it('draws job and terminal output without a language label, copyable verbatim', () => {
    const card = runTool('job_output', 'a\tb\n[status: running]', { job_id: 'j' })
    expect(card?.body.items[0]?.code).toEqual({
      label: null, block: { text: 'a\tb', lang: null, html: null }, copy: { label: 'Copy', copiedLabel: 'Copied', text: 'a\tb' },
    })
  })
})
