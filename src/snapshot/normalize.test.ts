import { describe, expect, it } from 'vitest'
import { normalizeVolatile, workspaceName } from './normalize'

const none = { cwd: null }

describe('normalizeVolatile', () => {
  it.each([
    ['durations', 'Ran for 12.3s · TTFT 850ms · took 2m 42s or 2m42s, 1h 2m 3s, 1h 02m, 3d 4h', 'Ran for {{duration}} · TTFT {{duration}} · took {{duration}} or {{duration}}, {{duration}}, {{duration}}, {{duration}}'],
    ['approximate ages stay', 'about ~3mo ago, ~2y 1mo', 'about ~3mo ago, ~2y 1mo'],
    ['Chinese durations', '运行 12秒 · 3分4秒 · 约3个月', '运行 {{duration}} · {{duration}} · 约3个月'],
    ['throughput', '42.1 tok/s and 7 tok/s', '{{throughput}} tok/s and {{throughput}} tok/s'],
    ['clock times', 'at 09:30:00, 9:30:00 PM and 23:59', 'at {{clock}}, {{clock}} and {{clock}}'],
    ['ISO timestamps in tool results', 'seq 4 | 2026-09-10T08:00:00.000Z and 2026-09-10T08:00Z', 'seq 4 | {{timestamp}} and {{timestamp}}'],
    ['dsh-view time labels', '2026-08-02 09:30:00 UTC', '{{date}} {{clock}} UTC'],
    ['Chinese date-times', '2026年8月2日 09:30 and 8月2日 09:30', '{{clock}} and {{clock}}'],
    ['uuids, any case', 'id 539AA64C-7f37-40ff-abd8-ed45b717be1b.', 'id {{uuid}}.'],
    ['plain numbers stay', 'exit code 1 · 3 files · line 12', 'exit code 1 · 3 files · line 12'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeVolatile(input, none)).toBe(expected)
  })

  it('masks the workspace root, then its basename as a whole word only', () => {
    const cwd = '/tmp/dsh-ws-q7'
    expect(normalizeVolatile('cd /tmp/dsh-ws-q7/src && ls; prompt dsh-ws-q7 $; dsh-ws-q7x stays', { cwd })).toBe(
      'cd {{cwd}}/src && ls; prompt {{workspace}} $; dsh-ws-q7x stays',
    )
    // The damage a substring replace would do: `application` for a workspace named `app`.
    expect(normalizeVolatile('the application in app/', { cwd: '/home/me/app' })).toBe('the application in {{workspace}}/')
  })

  it('masks Windows roots in both spellings', () => {
    expect(normalizeVolatile('C:\\Users\\dev\\proj\\a.ts and C:/Users/dev/proj/b.ts in proj', { cwd: 'C:\\Users\\dev\\proj' })).toBe(
      '{{cwd}}\\a.ts and {{cwd}}/b.ts in {{workspace}}',
    )
  })

  it('leaves a placeholder cwd (fixtures store {{cwd}} literally) alone', () => {
    expect(normalizeVolatile('{{cwd}}/a.txt', { cwd: '{{cwd}}' })).toBe('{{cwd}}/a.txt')
  })

  it('is idempotent', () => {
    const once = normalizeVolatile('2026-08-02 09:30:00 UTC · Ran for 1.2s · 4 tok/s', { cwd: '/w/x' })
    expect(normalizeVolatile(once, { cwd: '/w/x' })).toBe(once)
  })
})

describe('workspaceName', () => {
  it.each([
    ['/home/dev/project', 'project'],
    ['/home/dev/project/', 'project'],
    ['C:\\Users\\me\\repo', 'repo'],
    ['C:\\', null],
    ['/', null],
    ['{{cwd}}', null],
  ])('%s → %s', (cwd, base) => {
    expect(workspaceName(cwd)).toBe(base)
  })
})
