import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseInvocation } from './args'
import { clean, inspect, runInspect } from './inspect'
import type { Io } from './io'
import { UserError } from './user-error'
import { writeFile } from '../src/log/node/testing/layout'
import { readSession } from '../src/log/node/read'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-inspect-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const REAL_ROOT = fileURLToPath(new URL('../fixtures/corpus/real-host/node22-basic/sessions', import.meta.url))

function testIo(env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' }
  const io: Io = {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    stderrIsTty: false,
    env: { HOME: tmp, ...env },
    open: async () => {
      throw new Error('inspect must not open anything')
    },
  }
  return { io, out }
}

async function inspectJson(inputs: string[], env?: Record<string, string>) {
  const { io, out } = testIo(env)
  const code = await runInspect({ mode: 'inspect', inputs, json: true }, io)
  return { code, report: JSON.parse(out.stdout), stderr: out.stderr }
}

const header = (id: string, extra = '') => `{"type":"session","version":0,"id":"${id}","createdAt":1,"cwd":"/w","delegationDepth":0${extra}}`
const ev = (seq: number, type: string, data: unknown) => JSON.stringify({ type, seq, time: 100 + seq, data })

describe('dsh-view inspect --json', () => {
  it('prints the fixed per-session shape for a real sessions root, exit 0', async () => {
    const { code, report, stderr } = await inspectJson([REAL_ROOT])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(report.sessions).toHaveLength(1)
    const [session] = report.sessions
    expect(Object.keys(session)).toEqual(expect.arrayContaining(['id', 'path', 'parentSession', 'cwd', 'title', 'format', 'events', 'turns', 'toolCalls', 'tornTail', 'invalid', 'unknownTypes']))
    expect(session).toMatchObject({
      id: 'session-b94a9975-e964-4e8f-8181-dea1d289823b',
      path: join(REAL_ROOT, '--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd'),
      parentSession: null,
      cwd: '/home/dev/project',
      title: 'Mock tool tour',
      format: { version: 0, encoding: 'zstd' },
      events: 94,
      turns: 1,
      toolCalls: 6,
      tornTail: false,
      invalid: [],
      unknownTypes: [],
    })
  })

  it('counts packed rows as their events, unknown types as events, and the latest title; invalid lines keep exit 0', async () => {
    const text = [
      header('counts'),
      ev(0, 'turn/start', { turn: 1 }),
      JSON.stringify({ type: 'text-chunks', seq0: 1, time0: 101, data: { turn: 1, step: 1, index: 0, dt: [0, 0], texts: ['a', 'b', 'c'] } }),
      ev(4, 'future/thing', { x: 1 }),
      'this line is not JSON',
      ev(5, 'session/title', { title: 'first' }),
      ev(6, 'session/title', { title: 'second' }),
      ev(7, 'tool/call', { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{}' }),
    ].join('\n')
    writeFile(join(tmp, 'counts/session.jsonl'), `${text}\n`)
    const { code, report } = await inspectJson([join(tmp, 'counts')])
    expect(code).toBe(0)
    expect(report.sessions[0]).toMatchObject({ events: 8, turns: 1, toolCalls: 1, title: 'second', unknownTypes: ['future/thing'], tornTail: true })
    expect(report.sessions[0].invalid).toEqual([{ line: 5, offset: expect.any(Number), reason: expect.stringContaining('not valid JSON') }])
  })

  it('exit 1 when a path cannot be read; the message names it and the other sessions are still listed', async () => {
    writeFile(join(tmp, 'badheader/session.jsonl'), 'garbage\n')
    const { code, report, stderr } = await inspectJson([join(tmp, 'nope'), REAL_ROOT, join(tmp, 'badheader')])
    expect(code).toBe(1)
    expect(report.sessions).toHaveLength(1)
    expect(stderr.trim().split('\n')).toEqual([`dsh-view: ${join(tmp, 'nope')}: no such file or directory`, expect.stringMatching(new RegExp(`^dsh-view: ${join(tmp, 'badheader/session.jsonl')}: unreadable: missing session header`))])
    expect(report.problems).toHaveLength(2)
  })

  it('reads $DSH_HOME/sessions when no path is given', async () => {
    writeFile(join(tmp, 'home/sessions/--w--/only/session.jsonl'), `${header('only')}\n`)
    const { code, report } = await inspectJson([], { DSH_HOME: join(tmp, 'home') })
    expect(code).toBe(0)
    expect(report.sessions.map((s: { id: string }) => s.id)).toEqual(['only'])
  })

  it('reports the same id in two project directories on both, and links children to parents', async () => {
    writeFile(join(tmp, 'dups/--a--/same/session.jsonl'), `${header('same')}\n`)
    writeFile(join(tmp, 'dups/--b--/same/session.jsonl'), `${header('same')}\n`)
    writeFile(join(tmp, 'dups/--a--/kid/session.jsonl'), `${header('kid', ',"parentSession":"same"')}\n`)
    const { code, report } = await inspectJson([join(tmp, 'dups')])
    expect(code).toBe(0)
    const byPath = (p: string) => report.sessions.find((s: { path: string }) => s.path === join(tmp, p))
    expect(byPath('dups/--a--/same/session.jsonl').duplicateOf).toEqual([join(tmp, 'dups/--b--/same/session.jsonl')])
    expect(byPath('dups/--b--/same/session.jsonl').duplicateOf).toEqual([join(tmp, 'dups/--a--/same/session.jsonl')])
    expect(byPath('dups/--a--/kid/session.jsonl')).toMatchObject({ parentSession: 'same', duplicateOf: [] })
  })
})

describe('dsh-view inspect (human output)', () => {
  it('summarises each session and escapes control characters from the log', async () => {
    writeFile(join(tmp, 'human/session.jsonl'), `${header('h')}\n${ev(0, 'session/title', { title: 'evil \u001b[31mred' })}\n`)
    const { io, out } = testIo()
    const code = await runInspect({ mode: 'inspect', inputs: [join(tmp, 'human')], json: false }, io)
    expect(code).toBe(0)
    expect(out.stdout).toContain('  id       h\n')
    expect(out.stdout).toContain('  title    evil \\u001b[31mred\n')
    expect(out.stdout).toContain('  events   1 (0 turns, 0 tool calls)\n')
    expect(out.stdout).toContain('  state    ok\n')
    expect(out.stdout).not.toContain('\u001b')
    expect(out.stdout.trim().endsWith('1 session read')).toBe(true)
  })

  it('names the damage: corrupt when a turn/end follows bad lines, the first five listed', async () => {
    // Apart (an event between each), so each is an entry: lines in a row are one run (the next test).
    const junk = Array.from({ length: 7 }, (_, i) => [`junk ${i}`, ev(i, 'x/new', {})]).flat()
    writeFile(join(tmp, 'corrupt/session.jsonl'), `${[header('c'), ...junk, ev(7, 'turn/end', { turn: 1, reason: { kind: 'completed' } })].join('\n')}\n`)
    const { io, out } = testIo()
    expect(await runInspect({ mode: 'inspect', inputs: [join(tmp, 'corrupt')], json: false }, io)).toBe(0)
    expect(out.stdout).toContain('  state    corrupt (damage inside committed history)\n    line 2: not valid JSON')
    expect(out.stdout).toContain('    … and 2 more invalid lines (--verbose or --json lists them)\n')
    const all = testIo()
    expect(await runInspect({ mode: 'inspect', inputs: [join(tmp, 'corrupt')], json: false, verbose: true }, all.io)).toBe(0)
    expect(all.out.stdout).toContain('    line 14: not valid JSON')
    expect(all.out.stdout).not.toContain('more invalid lines')
  })

  it('lists a run of unreadable lines as one entry: its range, count and first reason', async () => {
    const junk = Array.from({ length: 7 }, (_, i) => `junk ${i}`)
    writeFile(join(tmp, 'run/session.jsonl'), `${[header('r'), ...junk, ev(0, 'turn/end', { turn: 1, reason: { kind: 'completed' } })].join('\n')}\n`)
    const { io, out } = testIo()
    expect(await runInspect({ mode: 'inspect', inputs: [join(tmp, 'run')], json: false }, io)).toBe(0)
    expect(out.stdout).toContain('  state    corrupt (damage inside committed history)\n    lines 2–8 (7 lines): not valid JSON')
    expect(out.stdout).not.toContain('more invalid lines')
  })

  it('clean() escapes C0, DEL and C1 controls and nothing else', () => {
    expect(clean('a\tb\u007f\u009b日本')).toBe('a\\u0009b\\u007f\\u009b日本')
  })
})

describe('dsh-view inspect usage errors', () => {
  it('an unknown flag is a UserError with exit code 2', () => {
    expect(() => parseInvocation(['inspect', '--bogus'])).toThrow(UserError)
    try {
      parseInvocation(['inspect', '--bogus'])
    } catch (err) {
      expect(err instanceof UserError && err.exitCode).toBe(2)
    }
  })

  it('a log file that does not exist: exit 1, named on stderr', async () => {
    const path = join(tmp, 'vanish.jsonl')
    writeFileSync(path, `${header('v')}\n`)
    rmSync(path)
    const { code, stderr } = await inspectJson([path])
    expect(code).toBe(1)
    expect(stderr).toContain('no such file')
  })
})

describe('dsh-view inspect reads in skip-superseded mode', () => {
  const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url))
  const logs = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
    .map((p) => p.replaceAll('\\', '/'))
    .filter((p) => /\.jsonl(\.zstd)?$/.test(p))
    .sort()
    .map((p) => join(FIXTURES, p))

  it('gives the report the expanding reader gives, for every fixture log', async () => {
    expect(logs.length).toBeGreaterThan(100)
    let skipped = 0
    for (const log of logs) {
      const { io } = testIo()
      const [fast, full] = [await inspect([log], io), await inspect([log], io, 'expand')]
      expect({ log, ...fast }).toEqual({ log, ...full })
      const reader = readSession(log, { chunks: 'skip-superseded' })
      for await (const _batch of reader);
      skipped += reader.summary.parser.skippedEvents
    }
    // Not vacuous: the fixtures have steps whose chunks the fast mode leaves out.
    expect(skipped).toBeGreaterThan(1000)
  })
})
