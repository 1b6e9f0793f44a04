/**
 * The redaction CLI (issue 7): `--redact` / `--redact-config` parsing for build, `dsh-view redact --check` as
 * CI runs it — exit 1 with masked hits on the raw planted-secrets log and on an unredacted site, exit 0 on
 * the `--redact` build of it — and `build --redact` printing its report.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG } from '../src/redact'
import { buildInto, tempDir } from '../test/support/build'
import { parseInvocation } from './args'
import { runBuild } from './build'
import { runRedact } from './redact'
import { UserError } from './user-error'
import { captureIo } from '../test/support/io'

const ROOT = fileURLToPath(new URL('../fixtures/secrets/sessions/', import.meta.url))
const LOG = join(ROOT, '--work-secrets-demo--/secrets-session/session.jsonl')
const planted = (JSON.parse(readFileSync(new URL('../fixtures/secrets/planted.json', import.meta.url), 'utf8')) as { planted: { secret: string; line: number | null; rule: string }[] }).planted

const testIo = () => captureIo()

const check = (inputs: string[], extra: { configFile?: string; json?: boolean } = {}) =>
  ({ mode: 'redact', inputs, configFile: extra.configFile ?? null, json: extra.json ?? false }) as const

describe('parsing', () => {
  it.each<[string, string[], unknown]>([
    ['build without redaction', ['build', 'x'], null],
    ['build --redact', ['build', 'x', '--redact'], { configFile: null }],
    ['build --redact-config implies --redact', ['build', '--redact-config', 'r.json'], { configFile: 'r.json' }],
  ])('%s', (_name, argv, redact) => {
    const inv = parseInvocation(argv)
    expect(inv.mode === 'build' ? inv.redact : undefined).toEqual(redact)
  })

  it('redact --check takes paths, a config and --json', () => {
    expect(parseInvocation(['redact', '--check', 'a', 'b', '--redact-config', 'c.json', '--json'])).toEqual({
      mode: 'redact',
      inputs: ['a', 'b'],
      configFile: 'c.json',
      json: true,
      quiet: false,
      verbose: false,
    })
  })

  it('redact without --check is a usage error that says what to do', () => {
    const err = (() => {
      try {
        return parseInvocation(['redact', 'x'])
      } catch (e) {
        return e
      }
    })()
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).hint).toContain('--redact')
  })
})

describe('dsh-view redact --check', () => {
  let redacted: string
  let plain: string

  beforeAll(async () => {
    redacted = tempDir()
    plain = tempDir()
    await Promise.all([buildInto([ROOT], redacted, { redact: DEFAULT_CONFIG }), buildInto([ROOT], plain)])
  }, 120_000)

  it('fails on the raw log, naming each planted line and rule, and never prints a secret', async () => {
    const io = testIo()
    expect(await runRedact(check([ROOT]), io)).toBe(1)
    for (const p of planted) {
      if (p.line !== null) expect(io.out, `${p.rule} at ${p.line}`).toContain(`session.jsonl:${p.line}: ${p.rule} `)
      expect(io.out + io.err).not.toContain(p.secret)
    }
    expect(io.err).toMatch(/secret-looking strings in 1 file \(checked 1 log and 0 files\)/)
  })

  it('fails on a site built without --redact, passes the one built with it', async () => {
    const open = testIo()
    expect(await runRedact(check([plain]), open)).toBe(1)
    expect(open.out).toContain('sessions/secrets-session.html:')
    const clean = testIo()
    expect(await runRedact(check([redacted]), clean)).toBe(0)
    expect(clean.out).toBe('')
    expect(clean.err).toMatch(/^dsh-view: no secrets found \(checked 0 logs and \d+ files\)\n$/)
  })

  it('prints one JSON document with --json', async () => {
    const io = testIo()
    expect(await runRedact(check([LOG], { json: true }), io)).toBe(1)
    const report = JSON.parse(io.out) as { hits: { rule: string; line: number }[]; logs: number }
    expect(report.logs).toBe(1)
    expect(report.hits.map(h => h.rule)).toContain('private-key')
  })

  it('uses the config: an allowlisted secret passes, a user rule fails the check', async () => {
    const dir = tempDir()
    const file = join(dir, 'notes.md')
    writeFileSync(file, 'key AKIAIOSFODNN7EXAMPLE\n')
    const config = join(dir, 'redact.json')
    writeFileSync(config, JSON.stringify({ allow: ['AKIAIOSFODNN7EXAMPLE'] }))
    expect(await runRedact(check([file], { configFile: config }), testIo())).toBe(0)
    expect(await runRedact(check([file]), testIo())).toBe(1)
    writeFileSync(file, 'employee EMP-123456\n')
    expect(await runRedact(check([file]), testIo())).toBe(0)
    writeFileSync(config, JSON.stringify({ rules: [{ name: 'employee-id', pattern: 'EMP-\\d{6}' }] }))
    const io = testIo()
    expect(await runRedact(check([file], { configFile: config }), io)).toBe(1)
    expect(io.out).toBe(`${file}:1: employee-id …(10 chars)\n`)
  })

  it('exits 1 when there is nothing to check, 2 on a broken config', async () => {
    const empty = join(tempDir(), 'empty')
    mkdirSync(empty)
    const io = testIo()
    expect(await runRedact(check([empty]), io)).toBe(1)
    expect(io.err).toContain('nothing to check')
    const bad = join(tempDir(), 'bad.json')
    writeFileSync(bad, '{"rules": [{"name": "x", "pattern": "("}]}')
    const err = await runRedact(check([LOG], { configFile: bad }), testIo()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).exitCode).toBe(2)
    expect((err as UserError).message).toMatch(/rules\[0\]\.pattern is not a valid regular expression/)
  })
})

describe('secrets behind terminal escapes (issue 17)', () => {
  // A command's coloured output as the log holds it: the token directly after an SGR colour code.
  const token = ['ghp', 'Q7uJ2mX9vR4kT1nB6yW3zL8pD5hF0cG2sA7e'].join('_')
  const lines = () => {
    const [header, turn, step] = readFileSync(LOG, 'utf8').split('\n')
    const text = `$ gh auth token\n\x1b[32m${token}\x1b[0m\nexport TOKEN=\x1b[1m${token.slice(0, 20)}\u200b${token.slice(20)}\x1b[0m`
    const message = { type: 'user/message', seq: 2, time: 1760000002000, data: { id: 'u2', role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } }, surfaceOp: 'append' }
    return [header, turn, step, JSON.stringify(message), ''].join('\n')
  }

  it('redact --check finds it in the log, build --redact removes it from every page', async () => {
    const root = join(tempDir(), 'sessions')
    const dir = join(root, '--work-ansi--', 'ansi-session')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), lines())
    const io = testIo()
    expect(await runRedact(check([root]), io)).toBe(1)
    expect(io.out).toContain('session.jsonl:4: github-token')
    const site = tempDir()
    await buildInto([root], site, { redact: DEFAULT_CONFIG })
    const after = testIo()
    expect(await runRedact(check([site]), after)).toBe(0)
    expect(after.out).toBe('')
  }, 60_000)
})

describe('dsh-view build --redact', () => {
  it('prints the report: total, per rule, and where', async () => {
    const io = testIo()
    const out = join(tempDir(), 'site')
    const code = await runBuild({ mode: 'build', inputs: [ROOT], outDir: out, open: false, baseUrl: null, title: null, locale: 'en', quiet: false, redact: { configFile: null } }, io)
    expect(code).toBe(0)
    expect(io.err).toMatch(/^dsh-view: redacted \d+ secrets \(.*github-token \d+.*\)$/m)
    expect(io.err).toContain('session.jsonl:4: openai-key')
    expect(io.err).toContain('session.jsonl (streamed text): sk-api-key')
    for (const p of planted) expect(io.err).not.toContain(p.secret)
  }, 60_000)
})
