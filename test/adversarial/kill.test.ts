/**
 * Issue 17, crash-safe output: a build killed (SIGKILL) at a random moment — before its first page, between
 * sessions, while it swaps the new site in — never leaves a folder the next build refuses, stale pages or
 * temporary files: the next build succeeds and its folder is byte-identical to a clean build of the same
 * logs. 30+ kills at seeded points, each measured from an event the build reports (no sleeps; a seeded
 * delay of a few ms after the event only moves the kill around, correctness never depends on it).
 * Also: a second build into a folder being built is refused while the first runs (lock), and a lock left
 * by a killed build is taken over.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { cssModulesPlugin } from '../../scripts/css-modules.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siblingOf } from '../../src/site/write/staging'
import { deepSession, plainSession, protoSession, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, temp } from './support/harness'
import { seededRandom } from '../../src/log/testing/random'

const root = fileURLToPath(new URL('../../', import.meta.url))
const siteDir = join(root, 'dist/site/')
let child = ''

beforeAll(async () => {
  const dir = join(root, 'node_modules/.cache/dsh-view-tests')
  mkdirSync(dir, { recursive: true })
  child = join(dir, `build-child-${process.pid}.mjs`)
  await build({
    absWorkingDir: root, entryPoints: ['test/adversarial/support/build-child.ts'], outfile: child, bundle: true, platform: 'node', format: 'esm',
    target: 'node20', packages: 'external', jsx: 'automatic', plugins: [cssModulesPlugin({ css: false })], loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
  })
}, 60_000)
afterAll(() => {
  rmSync(child, { force: true })
  cleanTemps()
})


/** A loaded build process (build-child.ts) taking one build per `run`. */
class Builder {
  readonly #p = spawn(process.execPath, [child, siteDir], { stdio: ['pipe', 'ignore', 'pipe'] })
  readonly #exit: Promise<string | null>
  readonly #listeners = new Set<(line: string) => void>()
  /** Registered before any output can arrive: a process started early may be loaded before it is awaited. */
  readonly #loaded = this.next(line => line === 'loaded')
  err = ''

  constructor() {
    this.#exit = new Promise(done => this.#p.on('close', (_code, signal) => done(signal)))
    let partial = ''
    this.#p.stderr.setEncoding('utf8')
    this.#p.stderr.on('data', (chunk: string) => {
      this.err += chunk
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      for (const line of lines) for (const l of [...this.#listeners]) l(line)
    })
  }

  /** Resolves on the first stderr line `match` accepts. */
  next(match: (line: string) => boolean): Promise<string> {
    return new Promise(done => {
      const l = (line: string) => {
        if (!match(line)) return
        this.#listeners.delete(l)
        done(line)
      }
      this.#listeners.add(l)
    })
  }

  /** One build; resolves with `done` or `failed …`. */
  async build(out: string, inputs: string[]): Promise<string> {
    const end = this.next(line => line === 'done' || line.startsWith('failed'))
    this.#p.stdin.write(`${JSON.stringify({ out, inputs })}\n`)
    return end
  }

  /**
   * Starts a build and SIGKILLs the process `delay` ms after the `nth` (0-based) `event` line.
   * `previewMinBytes`: the build previews sessions of that much log (src/site/preview.ts).
   */
  async killDuring(out: string, inputs: string[], event: string, nth: number, delay: number, previewMinBytes?: number): Promise<string | null> {
    let seen = 0
    const at = this.next(line => line === event && seen++ === nth)
    const end = this.next(line => line === 'done' || line.startsWith('failed'))
    this.#p.stdin.write(`${JSON.stringify({ out, inputs, ...(previewMinBytes === undefined ? {} : { previewMinBytes }) })}\n`)
    await Promise.race([at, end])
    if (delay > 0) await new Promise(r => setTimeout(r, delay))
    this.#p.kill('SIGKILL')
    return this.#exit
  }

  ready(): Promise<string> {
    return this.#loaded
  }

  close(): void {
    this.#p.stdin.end()
  }
}

/** Every file of a site and its bytes. */
function snapshot(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map(f => [f, readFileSync(join(dir, f)).toString('base64')]))
}

function logsA(): { name: string; text: string }[] {
  return [
    { name: 'a', text: plainSession('a', 3) },
    { name: 'b', text: plainSession('b', 2) },
    { name: 'deep', text: deepSession('deep', 500) },
    { name: 'proto', text: protoSession('constructor') },
    { name: 'c', text: plainSession('c.p2', 2) },
    { name: 'd', text: plainSession('d', 4) },
  ]
}

/** B: one session changed, one gone, one new — a rebuild that renders, deletes and adds. */
function logsB(): { name: string; text: string }[] {
  const [a, b, deep, proto, c] = logsA()
  return [a, { name: 'b', text: plainSession('b', 5) }, deep, proto, c, { name: 'e', text: plainSession('e', 1) }].filter(x => x !== undefined && x !== b) as { name: string; text: string }[]
}

describe('a build killed at any moment', () => {
  it('leaves a folder the next build completes, byte-identical to a clean build (30+ seeded kills)', async () => {
    const rootA = writeRoot(temp(), logsA())
    const rootB = writeRoot(temp(), logsB())
    const steady = new Builder()
    await steady.ready()
    const reference = new Map<string, Map<string, string>>()
    for (const [name, input] of [['A', rootA], ['B', rootB]] as const) {
      const out = join(temp(), `clean-${name}`)
      expect(await steady.build(out, [input]), steady.err).toBe('done')
      reference.set(input, snapshot(out))
    }
    const rand = seededRandom(17)
    const out = join(temp(), 'site')
    let kills = 0
    // The process to kill is started (and loads) while the previous iteration runs.
    let victim = new Builder()
    for (let i = 0; i < 32; i++) {
      const current = victim
      await current.ready()
      victim = new Builder()
      // The killed build: on A or B, into whatever the last iteration left (nothing, A's site or B's).
      const input = rand() < 0.5 ? rootA : rootB
      const event = (['start', 'advance', 'advance', 'advance', 'finish'] as const)[Math.floor(rand() * 5)] ?? 'start'
      const nth = event === 'advance' ? Math.floor(rand() * 6) : 0
      const delay = Math.floor(rand() * 3) // ms after the event
      if ((await current.killDuring(out, [input], event, nth, delay)) === 'SIGKILL') kills++
      // The next build, on either input, always succeeds and matches a clean build of it.
      const next = rand() < 0.5 ? rootA : rootB
      expect(await steady.build(out, [next]), `iteration ${i}: ${steady.err.slice(-500)}`).toBe('done')
      expect(snapshot(out), `iteration ${i}`).toEqual(reference.get(next))
      for (const what of ['staging', 'old', 'lock', 'preview'] as const) expect(existsSync(siblingOf(out, what)), what).toBe(false)
    }
    victim.close()
    steady.close()
    expect(kills).toBeGreaterThanOrEqual(30)
    // ~50 s on an idle 2-core machine; the limit leaves room for a busy one (timing never decides the outcome).
  }, 300_000)

  it('a first build killed around its preview leaves nothing the next build cannot finish (12 kills)', async () => {
    const rootA = writeRoot(temp(), logsA())
    const steady = new Builder()
    await steady.ready()
    const clean = join(temp(), 'clean')
    expect(await steady.build(clean, [rootA]), steady.err).toBe('done')
    const reference = snapshot(clean)
    let victim = new Builder()
    let kills = 0
    for (let i = 0; i < 12; i++) {
      const current = victim
      await current.ready()
      victim = new Builder()
      // Into a folder with no site yet (so the build previews every session): killed as it starts (the
      // preview being written), right after the preview is in place, or later in the build.
      const out = join(temp(), `first-${i}`)
      const event = (['start', 'preview', 'advance'] as const)[i % 3] ?? 'start'
      if ((await current.killDuring(out, [rootA], event, 0, Math.floor(i / 3), 0)) === 'SIGKILL') kills++
      // The preview came before the kill (when asked to): the folder held it.
      if (event === 'preview') expect(current.err).toMatch(/^start\npreview\n/m)
      expect(await steady.build(out, [rootA]), `iteration ${i}: ${steady.err.slice(-500)}`).toBe('done')
      expect(snapshot(out), `iteration ${i}`).toEqual(reference)
      for (const what of ['staging', 'old', 'lock', 'preview'] as const) expect(existsSync(siblingOf(out, what)), what).toBe(false)
    }
    victim.close()
    steady.close()
    expect(kills).toBeGreaterThanOrEqual(11)
  }, 300_000)

  it('refuses a second build while one runs, and takes over the lock of a killed one', async () => {
    const input = writeRoot(temp(), [{ name: 'a', text: plainSession('a') }])
    const out = join(temp(), 'site')
    const b = new Builder()
    await b.ready()
    // A lock held by a live process (this one): refused with a clear message, the folder left alone.
    writeFileSync(siblingOf(out, 'lock'), `${process.pid}\n`)
    expect(await b.build(out, [input])).toContain(`is being written by another dsh-view build (pid ${process.pid})`)
    expect(existsSync(out)).toBe(false)
    // A build killed after it took the lock: its lock is stale, the next build takes it over.
    rmSync(siblingOf(out, 'lock'))
    expect(await b.killDuring(out, [input], 'start', 0, 0)).toBe('SIGKILL')
    expect(existsSync(siblingOf(out, 'lock'))).toBe(true)
    const c = new Builder()
    await c.ready()
    expect(await c.build(out, [input])).toBe('done')
    c.close()
    expect(readdirSync(join(out, 'sessions'))).toContain('a.html')
  }, 60_000)
})
