/**
 * Issue 32 point 1, "trust it blind": a build run unattended (CI, cron, a PR workflow) with a path that holds
 * no session — a typo, a missing `DSH_HOME`, an empty folder — fails: exit 1, the path it looked at named on
 * stderr, nothing written and no index path on stdout; `inspect` of the same paths agrees (exit 1). The
 * bundled demo is built only on request (`--demo`, or `--or-demo`, which `npm start` passes).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseInvocation } from './args'
import { runBuild } from './build'
import { runInspect } from './inspect'
import type { Io } from './io'
import { UserError } from './user-error'
import { testSiteAssets } from '../test/support/site-assets'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-build-inputs-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
beforeAll(async () => void (await testSiteAssets()), 60_000)
const DEMO = fileURLToPath(new URL('../fixtures/demo-sessions/', import.meta.url))

/** argv through the parser and the handler, as bin.ts runs it: a UserError is its exit code and one line. */
async function run(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  let out = ''
  let err = ''
  const io: Io = { stdout: t => void (out += t), stderr: t => void (err += t), stderrIsTty: false, env: { HOME: tmp, ...env }, open: async () => {} }
  const inv = parseInvocation(argv)
  try {
    const code = inv.mode === 'build' ? await runBuild(inv, io) : inv.mode === 'inspect' ? await runInspect(inv, io) : -1
    return { code, out, err }
  } catch (error) {
    if (!(error instanceof UserError)) throw error
    return { code: error.exitCode, out, err: `${err}dsh-view: ${error.message}\n` }
  }
}

describe('a path that holds no session', () => {
  it('a missing DSH_HOME root: build --latest 1 --redact fails like inspect, and publishes nothing', async () => {
    const home = join(tmp, 'typo', '.dhs')
    const out = join(tmp, 'latest-site')
    const build = await run(['build', '--latest', '1', '--redact', '-o', out], { DSH_HOME: home })
    expect(build.code).toBe(1)
    expect(build.out).toBe('')
    expect(build.err).toContain(join(home, 'sessions'))
    expect(build.err).not.toContain('demo')
    expect(existsSync(out)).toBe(false)
    const inspect = await run(['inspect'], { DSH_HOME: home })
    expect(inspect.code).toBe(1)
    expect(inspect.err).toContain(join(home, 'sessions'))
    // Without --latest too, and the message says where it looked.
    const plain = await run(['build', '-o', out], { DSH_HOME: home })
    expect(plain).toMatchObject({ code: 1, out: '' })
    expect(plain.err).toContain(`${join(home, 'sessions')}: no such file or directory`)
    expect(existsSync(out)).toBe(false)
  })

  it('build /nonexistent -o x writes no folder and prints no path', async () => {
    const out = join(tmp, 'x')
    const missing = join(tmp, 'nonexistent')
    const build = await run(['build', missing, '-o', out])
    expect(build).toMatchObject({ code: 1, out: '' })
    expect(build.err).toContain(`${missing}: no such file or directory`)
    expect(existsSync(out)).toBe(false)
    expect((await run(['inspect', missing])).code).toBe(1)
  })

  it('an empty sessions root fails the same way, naming what discovery saw', async () => {
    const root = join(tmp, 'empty-root')
    mkdirSync(join(root, '--home-dev-p--'), { recursive: true })
    writeFileSync(join(root, 'notes.txt'), 'not a log\n')
    const out = join(tmp, 'empty-site')
    const build = await run(['build', root, '-o', out])
    expect(build).toMatchObject({ code: 1, out: '' })
    expect(build.err).toContain(`${root}: no session logs found here`)
    expect(existsSync(out)).toBe(false)
    expect((await run(['inspect', root])).code).toBe(1)
    expect((await run(['build', '--or-demo', '-o', out], { DSH_HOME: join(tmp, 'empty-home') })).err).toContain('building the bundled demo sessions')
  }, 60_000)

  it('a rebuild with a path that holds nothing leaves the previous site as it was', async () => {
    const out = join(tmp, 'kept-site')
    const first = await run(['build', DEMO, '-o', out, '-q'])
    expect(first.code, first.err).toBe(0)
    const before = readFileSync(join(out, 'index.html'))
    const again = await run(['build', join(tmp, 'demo-sessionz'), '-o', out])
    expect(again).toMatchObject({ code: 1, out: '' })
    expect(readFileSync(join(out, 'index.html')).equals(before)).toBe(true)
  }, 60_000)

  it('--or-demo stands in for the default root only', () => {
    expect(() => parseInvocation(['build', '--or-demo', DEMO])).toThrow('--or-demo stands in for the default sessions root; it takes no paths')
    expect(parseInvocation(['build', '--or-demo'])).toMatchObject({ mode: 'build', orDemo: true, inputs: [] })
  })
})
