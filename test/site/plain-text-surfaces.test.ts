/**
 * Terminal escapes reach no plain-text surface (issue 15 item 4). A session whose title, reasoning, shell
 * command, tool summary and a long coloured output hold CSI and OSC sequences is built as a site and
 * exported as a PR summary (the built CLI, as a user runs it): the card still shows the colours as styled
 * spans, while no page, search shard, "Full text" download or summary holds an escape character, and the
 * collapsed row's title reads as the plain command.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { reasoning, session, toolCallBlock } from '../../src/log/testing/session'
import { writeSession } from '../../src/log/node/testing/layout'

const CLI = fileURLToPath(new URL('../../dist/cli.mjs', import.meta.url))
const E = '\x1b'
const tmp = mkdtempSync(join(tmpdir(), 'dv-plain-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const s = session({ id: 'ansi', cwd: '/w' })
s.turnStart()
s.push('session/title', { title: `${E}]0;evil title${E}\\Fix ${E}[1mthe${E}[0m build` })
s.user('Run the tests')
s.stepStart()
s.assistant([reasoning(`${E}[32mChecking${E}[0m the suite first`), toolCallBlock('c1', 'bash', { command: `printf '${E}[31mred${E}[0m'`, description: 'Print red' })])
s.call('bash', { command: `printf '${E}[31mred${E}[0m'`, description: 'Print red' }, 'c1')
// Long enough to be cut on the page, so its full text becomes a download.
const long = Array.from({ length: 2_000 }, (_, i) => `${E}[3${i % 8}mline ${i}${E}[0m ${E}]8;;https://x.example${E}\\link${E}]8;;${E}\\`).join('\n')
s.result('c1', `${long}\n[exit code: 1]`)
s.stepEnd()
s.stepStart()
s.assistant(`Saw ${E}[31mred${E}[0m output.`)
s.stepEnd()
s.turnEnd()
const root = join(tmp, 'sessions')
writeSession(root, { text: s.jsonl(), encoding: 'jsonl' })

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(d => d.isFile()).map(d => join(d.parentPath, d.name))
}

describe('plain-text surfaces', () => {
  const site = join(tmp, 'site')
  const build = spawnSync(process.execPath, [CLI, 'build', root, '-o', site, '-q'], { encoding: 'utf8', env: { ...process.env, HOME: tmp, DSH_HOME: '' } })
  const summary = spawnSync(process.execPath, [CLI, 'export', root, '--latest', '1', '--markdown', '-', '-q'], { encoding: 'utf8', env: { ...process.env, HOME: tmp, DSH_HOME: '' } })

  it('builds and exports', () => {
    expect(build.stderr).toBe('')
    expect(build.status).toBe(0)
    expect(summary.status).toBe(0)
  })

  it('no page, search shard or Full text download holds an escape character', () => {
    const all = files(site)
    const downloads = all.filter(f => f.endsWith('.txt'))
    expect(downloads.length).toBeGreaterThan(0)
    expect(all.some(f => /search/.test(f))).toBe(true)
    for (const file of all.filter(f => /\.(html|js|json|txt)$/.test(f))) {
      const text = readFileSync(file, 'utf8')
      expect(text.includes(E), file).toBe(false)
      expect(text.includes('\u009b'), file).toBe(false)
    }
    const download = readFileSync(downloads[0] ?? '', 'utf8')
    expect(download).toContain('line 1999 link')
  })

  it('the card keeps the colours as styled spans; the collapsed row and the title are plain', () => {
    const page = readFileSync(files(join(site, 'sessions')).find(f => f.endsWith('.html')) ?? '', 'utf8')
    expect(page).toMatch(/<span[^>]*>line 1<\/span>/)
    expect(page).toContain("printf 'red'")
    // Only the Inspect panel's raw JSON input names the escape, as JSON does (`\u001b[31m`).
    expect(page.replace(/\\u001b\[\d+m/g, '')).not.toContain('[31m')
    expect(page).toContain('Fix the build')
    expect(page).not.toContain('evil title')
    expect(page).toContain('Checking the suite first')
  })

  it('the PR summary is plain', () => {
    expect(summary.stdout).not.toContain(E)
    expect(summary.stdout).not.toContain('[31m')
    expect(summary.stdout).toContain('Fix the build')
    expect(summary.stdout).toContain('Saw red output.')
  })
})
