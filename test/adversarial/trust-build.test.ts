/**
 * Issue 32 point 3, what a build of hostile folders must still do: sessions whose id starts with a dot are
 * built and inspected (only dot-folders that hold no session are skipped); `--latest N` finds sessions whose
 * parent links form a cycle; an `-o` that is a symbolic link to a folder stays a link (the swap happens at its
 * target); a `--redact` site's `.dsh-view/manifest.json` names no log path.
 */
import { lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseInvocation } from '../../cli/args'
import { runInspect, type InspectReport } from '../../cli/inspect'
import { T0 } from '../../src/log/testing/session'
import { plainSession } from './support/generators'
import { cleanTemps, run, temp } from './support/harness'
import { startTestLive } from '../live-e2e/harness'
import { cycleSessions, DOT_IDS, linkedSession, manyShortLinesSession, withLineRun } from './support/trust-generators'

afterAll(cleanTemps)

/** Writes each log as `<root>/--home-alice-proj--/<id>/session.jsonl` (the id as the folder name, as dsh does). */
function rootOf(logs: readonly { id: string; text: string }[]): string {
  const root = temp()
  for (const log of logs) {
    const dir = join(root, '--home-alice-proj--', log.id)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), log.text)
  }
  return root
}

const manifestOf = (site: string) => JSON.parse(readFileSync(join(site, '.dsh-view', 'manifest.json'), 'utf8')) as { sessions: Record<string, { summary: { id: string } }> }
const builtIds = (site: string) => Object.values(manifestOf(site).sessions).map(s => s.summary.id).sort()

async function inspectJson(root: string): Promise<InspectReport> {
  let out = ''
  const inv = parseInvocation(['inspect', root, '--json'])
  if (inv.mode !== 'inspect') throw new Error('not inspect')
  const code = await runInspect(inv, { stdout: t => void (out += t), stderr: () => {}, stderrIsTty: false, env: { HOME: '/nonexistent-home' }, open: async () => {} })
  expect(code).toBe(0)
  return JSON.parse(out) as InspectReport
}

describe('session ids that start with a dot', () => {
  it('are built and inspected; a dot-folder holding no session is still skipped', async () => {
    // A session folder named "." or ".." cannot exist; "..x" and the others can.
    const ids = DOT_IDS.filter(id => id !== '.')
    const root = rootOf([...ids.map(id => ({ id, text: plainSession(id, 1) })), { id: 'plain', text: plainSession('plain', 1) }])
    mkdirSync(join(root, '--home-alice-proj--', '.git', 'objects'), { recursive: true })
    writeFileSync(join(root, '--home-alice-proj--', '.git', 'objects', 'x.jsonl'), '{"type":"session"}\n')
    const site = join(temp(), 'site')
    const r = await run(['build', root, '-o', site])
    expect(r.code, r.err).toBe(0)
    expect(builtIds(site)).toEqual([...ids, 'plain'].sort())
    const report = await inspectJson(root)
    expect(report.sessions.map(s => s.id).sort()).toEqual([...ids, 'plain'].sort())
  })
})

describe('--latest and parent links that form a cycle', () => {
  it('chooses a cycle as a tree, its newest member first, with what hangs off it', async () => {
    const root = rootOf(cycleSessions(T0))
    const one = join(temp(), 'one')
    expect((await run(['build', root, '--latest', '1', '-o', one])).code).toBe(0)
    expect(builtIds(one)).toEqual(['cyc-a', 'cyc-b'])
    const two = join(temp(), 'two')
    expect((await run(['build', root, '--latest', '2', '-o', two])).code).toBe(0)
    // The three-cycle's newest member (tri-3) is its root; the leaf comes with it, whatever its own time.
    expect(builtIds(two)).toEqual(['cyc-a', 'cyc-b', 'tri-1', 'tri-2', 'tri-3', 'tri-leaf'])
    const three = join(temp(), 'three')
    expect((await run(['build', root, '--latest', '3', '-o', three])).code).toBe(0)
    expect(builtIds(three)).toHaveLength(7)
  })

  it('a long chain that ends in a cycle is found in bounded work (no recursion)', async () => {
    const n = 2_000
    const logs = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, text: linkedSession(`c${i}`, { parentSession: `c${(i + 1) % n}`, createdAt: T0 + i }) }))
    const root = rootOf(logs)
    const { discoverLogs } = await import('../../src/log/node/discover')
    const { latestSessions } = await import('../../src/log/node/latest')
    const found = await latestSessions(await discoverLogs([root], { env: {}, homedir: '/nonexistent-home' }), 1)
    expect(found.roots.map(r => r.header.id)).toEqual([`c${n - 1}`])
    expect(found.logs).toHaveLength(n)
  }, 120_000)
})

describe('-o that is a symbolic link to a folder', () => {
  it('stays a link: the first build and a rebuild write through to its target', async () => {
    const root = rootOf([{ id: 'one', text: plainSession('one', 1) }])
    const target = join(temp(), 'www')
    mkdirSync(target)
    const link = join(temp(), 'site')
    symlinkSync(target, link)
    for (const round of [1, 2]) {
      if (round === 2) {
        mkdirSync(join(root, '--home-alice-proj--', 'two'))
        writeFileSync(join(root, '--home-alice-proj--', 'two', 'session.jsonl'), plainSession('two', 1))
      }
      const r = await run(['build', root, '-o', link])
      expect(r.code, r.err).toBe(0)
      expect(lstatSync(link).isSymbolicLink()).toBe(true)
      expect(readlinkSync(link)).toBe(target)
      expect(realpathSync(link)).toBe(realpathSync(target))
      expect(existsSync(join(target, 'index.html'))).toBe(true)
      expect(builtIds(target)).toEqual(round === 1 ? ['one'] : ['one', 'two'])
      expect(r.out).toContain(join(link, 'index.html'))
    }
  })
})

describe('a --redact site’s manifest', () => {
  it('names no log path (home, project folder), and a rebuild still reports where its warnings are', async () => {
    const text = `${linkedSession('secretive')}{"type":"plan/mode","seq":99,"time":${T0},"data":{"note":"ghp_${'a1B2'.repeat(9)}"}}\nnot json\n{"torn":`
    const root = rootOf([{ id: 'secretive', text }])
    const log = join(root, '--home-alice-proj--', 'secretive', 'session.jsonl')
    const site = join(temp(), 'site')
    for (const round of [1, 2]) {
      const r = await run(['build', root, '--redact', '-o', site])
      expect(r.code, r.err).toBe(0)
      // Round 2 reuses the family: its warnings and redaction places still name the log.
      expect(r.err).toContain(`${log}:`)
      const manifest = readFileSync(join(site, '.dsh-view', 'manifest.json'), 'utf8')
      expect(manifest, `round ${round}`).not.toContain(root)
      expect(manifest).not.toContain('home-alice-proj')
      // The warnings and redaction places themselves are kept, without their path.
      expect(manifest).toContain('"message": "seq gap: expected seq 6, got 99"')
      expect(manifest).toContain('"rule": "github-token"')
    }
  })
})

describe('the shapes of issue 32 through every command', () => {
  it('a result of many short lines and runs of blank or unparsable lines: build, export, snapshot and live serve them', async () => {
    const logs = [
      { id: 'short-lines', text: manyShortLinesSession('short-lines', 20_000) },
      { id: 'blank-run', text: withLineRun(plainSession('blank-run', 2), 3, 300, 'blank') },
      { id: 'garbage-run', text: withLineRun(plainSession('garbage-run', 2), 3, 300, 'garbage') },
    ]
    const root = rootOf(logs)
    const site = join(temp(), 'site')
    const r = await run(['build', root, '-o', site])
    expect([0, 1]).toContain(r.code)
    expect(builtIds(site)).toEqual(logs.map(l => l.id).sort())
    for (const l of logs) {
      const e = await run(['export', join(root, '--home-alice-proj--', l.id, 'session.jsonl'), '-o', join(temp(), `${l.id}.html`)])
      expect([0, 1], l.id).toContain(e.code)
    }
    expect([0, 1]).toContain((await run(['snapshot', root])).code)
    const { live } = await startTestLive([root])
    try {
      const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
      expect(state.pages).toHaveLength(logs.length)
      for (const page of state.pages) expect((await fetch(new URL(page.href, live.url))).status).toBe(200)
    } finally {
      await live.close()
    }
  }, 120_000)
})
