import { describe, expect, it } from 'vitest'
import { maskPromptLabel, normalizeVolatile, workspaceName } from './normalize'

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

  // The root is masked where it stands as that path, and nowhere else (issue 28): not as the start of a
  // longer name, not inside another path, and its basename never in running text.
  it.each([
    ['the root and paths under it', '/home/a/deploy', 'cd /home/a/deploy/src && ls /home/a/deploy', 'cd {{cwd}}/src && ls {{cwd}}'],
    ['at the end of a sentence', '/home/a/deploy', 'in /home/a/deploy. Then "/home/a/deploy", (/home/a/deploy)…', 'in {{cwd}}. Then "{{cwd}}", ({{cwd}})…'],
    ['a trailing separator on the cwd', '/home/a/deploy/', 'ls /home/a/deploy/x and /home/a/deploy', 'ls {{cwd}}/x and {{cwd}}'],
    ['after = and : (variables, PATH lists)', '/home/a/deploy', 'ROOT=/home/a/deploy PATH=/bin:/home/a/deploy/bin', 'ROOT={{cwd}} PATH=/bin:{{cwd}}/bin'],
    ['as a file URL', '/home/a/deploy', 'file:///home/a/deploy/index.html', 'file://{{cwd}}/index.html'],
    ['a longer last name is another path', '/home/a/deploy', '/home/a/deploy2 /home/a/deploy-old /home/a/deploy_x /home/a/deploy.bak', '/home/a/deploy2 /home/a/deploy-old /home/a/deploy_x /home/a/deploy.bak'],
    ['a non-ASCII continuation is another path', '/home/a/app', '/home/a/appé /home/a/app项目', '/home/a/appé /home/a/app项目'],
    ['inside another path', '/home/a/deploy', 'x/home/a/deploy /mnt/home/a/deploy ~/home/a/deploy ./home/a/deploy', 'x/home/a/deploy /mnt/home/a/deploy ~/home/a/deploy ./home/a/deploy'],
    ['the basename in running text stays', '/home/a/deploy', 'Run deploy for the docs: `deploy`, deploy/, (deploy).', 'Run deploy for the docs: `deploy`, deploy/, (deploy).'],
    ['a Windows root in both spellings', 'C:\\Users\\dev\\proj', 'C:\\Users\\dev\\proj\\a.ts and C:/Users/dev/proj/b.ts in proj, C:\\Users\\dev\\project', '{{cwd}}\\a.ts and {{cwd}}/b.ts in proj, C:\\Users\\dev\\project'],
    ['the filesystem root masks nothing', '/', '/etc/hosts', '/etc/hosts'],
    ['a drive root masks nothing', 'C:\\', 'C:\\Windows', 'C:\\Windows'],
    ['a root made of pattern characters', '/w/a+b(c)[d]$^.*?{e}|f', 'ls /w/a+b(c)[d]$^.*?{e}|f/x and /w/aab(c)', 'ls {{cwd}}/x and /w/aab(c)'],
    ['a name character outside the BMP continues the name', '/w/app', '/w/app\u{1D400} /w/app', '/w/app\u{1D400} {{cwd}}'],
    ['a first spelling that does not stand leaves the second', 'C:\\w\\p', 'xC:\\w\\p C:/w/p', 'xC:\\w\\p {{cwd}}'],
  ])('%s', (_name, cwd, input, expected) => {
    expect(normalizeVolatile(input, { cwd })).toBe(expected)
  })

  it('leaves a placeholder cwd (fixtures store {{cwd}} literally) alone', () => {
    expect(normalizeVolatile('{{cwd}}/a.txt', { cwd: '{{cwd}}' })).toBe('{{cwd}}/a.txt')
  })

  // The cwd is log text: a long one is past what a RegExp may hold (`Invalid regular expression: … too
  // large`), and used to crash the whole snapshot run with a stack trace.
  it('masks a cwd of hundreds of kilobytes', () => {
    const cwd = `/w/${'x'.repeat(300_000)}`
    expect(normalizeVolatile(`cd ${cwd}/src && ls ${cwd}y`, { cwd })).toBe(`cd {{cwd}}/src && ls ${cwd}y`)
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

describe('maskPromptLabel', () => {
  it.each([
    ['the workspace basename', 'deploy', '/home/a/deploy', '{{workspace}}'],
    ['a trailing separator on the cwd', 'deploy', '/home/a/deploy/', '{{workspace}}'],
    ['another folder (a workdir below the root)', 'src', '/home/a/deploy', 'src'],
    ['a longer name', 'deploy2', '/home/a/deploy', 'deploy2'],
    ['no cwd', 'deploy', null, 'deploy'],
    ['a placeholder cwd', 'deploy', '{{cwd}}', 'deploy'],
    ['the `$` of a session without a cwd', '$', '/home/a/deploy', '$'],
  ])('%s', (_name, label, cwd, expected) => {
    expect(maskPromptLabel(label, cwd)).toBe(expected)
  })
})
