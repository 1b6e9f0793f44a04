/**
 * `dsh-view snapshot --format aria` end to end (issue 5): the session page as the site renders it, opened
 * in Chromium with its enhancement script, rows opened per `--expand`, the transcript landmark as Playwright
 * ARIA YAML with volatile values masked; `--out`/`--check` with `.aria.yml` files. One Chromium for the file
 * (handed to the handler), skipped with the reason when there is none.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseInvocation } from '../../cli/args'
import type { Io } from '../../cli/io'
import { runSnapshot } from '../../cli/snapshot'
import { session, text, toolCallBlock } from '../../src/log/testing/session'
import { AriaSnapshotter, chromiumExecutable, type CaptureOptions } from '../../src/snapshot/node/aria'
import { longBashSession } from '../support/long-session'
import { testSiteAssets } from '../support/site-assets'

const chromium = chromiumExecutable(process.env)
const WORKSPACE = '/tmp/dsh-view-aria-ws-7f3q'
let snapshotter: AriaSnapshotter
let log: string

beforeAll(async () => {
  if (!chromium.exists) return
  snapshotter = await AriaSnapshotter.launch({ assets: await testSiteAssets(), env: process.env })
  // The skill-load log, run in a real-looking workspace (the fixture stores `{{cwd}}` literally).
  const text = readFileSync(fileURLToPath(new URL('../../fixtures/corpus/v0/acp-agent/skill-load/session.jsonl', import.meta.url)), 'utf8')
  log = join(temp('dsh-view-aria-cli-'), 'session.jsonl')
  writeFileSync(log, text.split('{{cwd}}').join(WORKSPACE))
}, 120_000)
afterAll(async () => {
  await snapshotter?.close()
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

const temps: string[] = []
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}

/**
 * The row-expansion cases read the classic view (rows flat, context rows shown) unless they ask for a mode: the
 * current modes' folds and hidden rows have tests of their own below.
 */
async function run(argv: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; out: string; err: string }> {
  const view = argv.includes('--view') ? [] : ['--view', 'classic']
  const inv = parseInvocation(['snapshot', '--format', 'aria', ...view, ...argv])
  if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
  let out = ''
  let err = ''
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), stderrIsTty: false, env, open: async () => {} }
  const code = await runSnapshot(inv, io, { snapshotter, homedir: '/nonexistent-home' })
  return { code, out, err }
}

describe.skipIf(!chromium.exists)(`dsh-view snapshot --format aria (${chromium.exists ? chromium.path : `skipped: no Chromium at ${chromium.path}`})`, () => {
  it('prints the transcript landmark with every row open and volatile values masked', async () => {
    const r = await run([log])
    expect(r.code).toBe(0)
    const lines = r.out.split('\n')
    expect(lines.slice(0, 5)).toEqual([
      '- region "Transcript":',
      '  - heading "Turn 1" [level=2]',
      '  - text: Load the editing-cordis-compositions skill with the skill tool, then reply DONE. {{date}} {{clock}} UTC',
      '  - button "Copy":',
      '    - img',
    ])
    // Every row disclosure is open, and the enhancement script ran (it sets aria-expanded).
    expect(r.out).toContain('    - button "Skill editing-cordis-compositions" [expanded]:')
    expect(r.out).toContain('    - button "Context injection skill-catalog" [expanded]:')
    // The Inspect pill is not a row: it stays closed.
    expect(r.out).toContain('      - button "Inspect"\n')
    expect(r.out).toContain('Base directory for this skill: {{cwd}}/.dsh/skills/editing-cordis-compositions')
    expect(r.out).not.toContain(WORKSPACE)
  })

  it('--expand none leaves every row closed', async () => {
    const r = await run([log, '--expand', 'none'])
    expect(r.code).toBe(0)
    expect(r.out).not.toContain('[expanded]')
    expect(r.out).toContain('  - button "Skill editing-cordis-compositions":')
  })

  it('--out writes <id>.aria.yml; --check passes on it and fails, with a diff, on other expansion', async () => {
    const out = temp('dsh-view-aria-out-')
    expect((await run([log, '--out', out])).code).toBe(0)
    expect(readdirSync(out)).toEqual(['9eb4181f-2d05-49d3-98fc-3711fe2f5664.aria.yml'])
    expect((await run([log, '--out', out, '--check'])).code).toBe(0)
    const closed = await run([log, '--out', out, '--check', '--expand', 'none'])
    expect(closed.code).toBe(1)
    // The rows sit inside the turn's wrappers (unnamed groups in classic), so the depth is not pinned.
    expect(closed.out).toMatch(/^- +- button "Skill editing-cordis-compositions" \[expanded\]:\n\+ +- button "Skill editing-cordis-compositions":\n/m)
    expect(closed.out).toMatch(/^- +- region "Instructions": "Instructions <skill_content/m)
  })
})

describe.skipIf(!chromium.exists)('--view and --expand process', () => {
  /** The shared snapshotter, recording what each capture was asked for. */
  function recording(): { asked: CaptureOptions[]; snapshotter: AriaSnapshotter } {
    const asked: CaptureOptions[] = []
    const proxy = {
      snapshot: (s: Parameters<AriaSnapshotter['snapshot']>[0], options: CaptureOptions) => {
        asked.push(options)
        return snapshotter.snapshot(s, options)
      },
      close: async () => {},
    }
    return { asked, snapshotter: proxy as unknown as AriaSnapshotter }
  }

  async function runWith(argv: string[], deps: { snapshotter: AriaSnapshotter }): Promise<{ code: number; out: string }> {
    const inv = parseInvocation(['snapshot', '--format', 'aria', ...argv])
    if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
    let out = ''
    const io: Io = { stdout: (t) => void (out += t), stderr: () => {}, stderrIsTty: false, env: {}, open: async () => {} }
    return { code: await runSnapshot(inv, io, { ...deps, homedir: '/nonexistent-home' }), out }
  }

  it('captures the page in the mode asked for (default detailed)', async () => {
    const rec = recording()
    expect((await runWith([log, '--view', 'classic', '--expand', 'none'], rec)).code).toBe(0)
    expect((await runWith([log, '--expand', 'none'], rec)).code).toBe(0)
    expect(rec.asked.map((o) => [o.view, o.expand.kind])).toEqual([['classic', 'none'], ['detailed', 'none']])
  })

  it('--expand process opens the turn controls only: every row stays closed', async () => {
    const rec = recording()
    const r = await runWith([log, '--expand', 'process'], rec)
    expect(r.code).toBe(0)
    expect(rec.asked.map((o) => o.expand.kind)).toEqual(['process'])
    // Detailed: the turn control and its activity header open, the rows inside them closed; the injected
    // context is a classic-only row, so it is not in the tree at all.
    expect(r.out).toMatch(/- button "Completed(?: in [^"]+)?" \[expanded\]:/)
    expect(r.out).toMatch(/- button "Called tools" \[expanded\]:/)
    expect(r.out).toMatch(/- button "Skill editing-cordis-compositions":\n/)
    expect(r.out).not.toContain('Context injection skill-catalog')
    expect(r.out).not.toContain('Base directory for this skill')
  })
})

describe.skipIf(!chromium.exists)('a paginated session', () => {
  it('is captured page by page, every turn in order', async () => {
    // ~60 KB of output a turn: about 1.8 MB of page, more than one page holds (src/site/render/pages/measure.ts).
    const s = longBashSession({ id: 'long-session', turns: 30, output: () => Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(140)}`).join('\n') })
    const path = join(temp('dsh-view-aria-long-'), 'session.jsonl')
    writeFileSync(path, s.jsonl())
    const r = await run([path, '--expand', 'none'])
    expect(r.code).toBe(0)
    expect(r.out.match(/^- region "Transcript":$/gm)?.length).toBeGreaterThan(1)
    const turns = [...r.out.matchAll(/^ {2}- heading "Turn (\d+)" \[level=2\]$/gm)].map((m) => Number(m[1]))
    expect(turns).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
  })
})

describe.skipIf(!chromium.exists)('--expand all', () => {
  it('opens rows, not the folds of unchanged lines inside a diff card', async () => {
    const s = session({ id: 'long-edit', cwd: '/home/dev/p' })
    s.turnStart()
    s.user('Edit it')
    s.stepStart()
    const before = Array.from({ length: 20 }, (_, i) => `row ${i}`)
    const after = before.map((l) => (l === 'row 10' ? 'ROW 10' : l))
    const args = { file_path: '/home/dev/p/a.txt', old_string: 'row 10', new_string: 'ROW 10' }
    s.assistant([toolCallBlock('call-e', 'edit', args)])
    s.call('edit', args, 'call-e')
    s.result('call-e', 'Edited a.txt', { meta: { diffs: [{ path: 'a.txt', oldText: before.join('\n'), newText: after.join('\n') }] } })
    s.stepEnd()
    s.turnEnd()
    const path = join(temp('dsh-view-aria-window-'), 'session.jsonl')
    writeFileSync(path, s.jsonl())
    const r = await run([path])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/- button "Edit a\.txt[^"]*" \[expanded\]:/)
    const toggles = r.out.split('\n').filter((l) => l.includes('unchanged lines'))
    expect(toggles.map((l) => l.trim())).toEqual(['- button "Expand 7 unchanged lines"', '- button "Expand 6 unchanged lines"'])
    // The changed pair is in the tree, outside the folds.
    expect(r.out).toContain('row 10')
    expect(r.out).toContain('ROW 10')
  })
})

describe.skipIf(!chromium.exists)('the workspace basename (issue 28)', () => {
  it('reads {{workspace}} in the terminal prompt label only: the same word in the transcript stays', async () => {
    const cwd = '/home/dev/deploy'
    const s = session({ id: 'deploy-words', cwd })
    s.turnStart()
    s.user('Run deploy for the docs')
    s.stepStart()
    const args = { command: 'ls deploy', description: 'List deploy' }
    s.assistant([text('Use `deploy`, then /home/dev/deploy-old stays.'), toolCallBlock('call-d', 'bash', args)])
    s.call('bash', args, 'call-d')
    s.result('call-d', `deploy.sh\n${cwd}/src`)
    s.stepEnd()
    s.turnEnd()
    const path = join(temp('dsh-view-aria-deploy-'), 'session.jsonl')
    writeFileSync(path, s.jsonl())
    const r = await run([path])
    expect(r.code).toBe(0)
    expect(r.out).toContain('- text: Run deploy for the docs {{date}} {{clock}} UTC')
    expect(r.out).toMatch(/- code: deploy\n/)
    expect(r.out).toContain('- text: ", then /home/dev/deploy-old stays."\n')
    // The terminal card's line: state, prompt label, command (golden pwsh-terminal's shape).
    expect(r.out).toContain('- text: "Done {{workspace}} ls deploy"\n')
    expect(r.out).toContain('deploy.sh {{cwd}}/src')
    expect(r.out.split('{{workspace}}').length - 1).toBe(1)
  })
})

describe('without Chromium', () => {
  it('says where it looked and exits 1', async () => {
    const inv = parseInvocation(['snapshot', '--format', 'aria', fileURLToPath(new URL('../../fixtures/corpus/v0/acp-agent/skill-load/session.jsonl', import.meta.url))])
    if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
    const io: Io = { stdout: () => {}, stderr: () => {}, stderrIsTty: false, env: { DSH_VIEW_CHROMIUM: '/nonexistent/chromium' }, open: async () => {} }
    await expect(runSnapshot(inv, io, { homedir: '/nonexistent-home' })).rejects.toMatchObject({
      exitCode: 1,
      message: '--format aria needs Chromium; none found at /nonexistent/chromium (DSH_VIEW_CHROMIUM)',
    })
  })
})
