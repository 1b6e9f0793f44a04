/**
 * CLI manners and the pull-request path (issue 15 items 2, 3, 8), through the built CLI (dist/cli.mjs) on
 * a sessions root four folders below the path given: `--latest N` picks the newest session trees by start
 * time; `inspect --json` carries start/end time, duration, status, model and tokens; `export --markdown -`
 * prints the summary and nothing else on stdout; an unknown format version is a line of the summary and a
 * warning on stderr; warnings are grouped by kind (`--verbose` lists all); `-q` leaves stderr empty; a
 * folder holding no log says where discovery looked and what it saw; `inspect` reports progress.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { session, T0 } from '../src/log/testing/session'
import { writeFile, writeSession } from '../src/log/node/testing/layout'
import { inspect, type InspectedSession } from './inspect'
import { createReporter } from './reporter'
import type { Io } from './io'

const CLI = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), 'dv-manners-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A session that ran one turn ending as `end`, started `offset` ms after T0. */
function ran(id: string, offset: number, end: { kind: string; [k: string]: unknown }, header: Record<string, unknown> = {}, version = 0) {
  const s = session({ id, cwd: '/home/dev/app', version, header: { createdAt: T0 + offset, ...header } })
  s.turnStart()
  s.user(`Task of ${id}: run \`npm test\``)
  s.stepStart()
  s.assistant(`Done with ${id}.`, { usage: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 5, cacheWriteTokens: 0 } })
  s.stepEnd()
  s.turnEnd(end)
  return s.jsonl()
}

const deep = join(tmp, 'work', 'a', 'b', 'c')
const root = join(deep, 'sessions')
writeSession(root, { text: ran('old', 0, { kind: 'completed' }), encoding: 'jsonl' })
writeSession(root, { text: ran('mid', 500_000, { kind: 'error', error: { message: 'boom', code: 'X' } }), encoding: 'jsonl' })
writeSession(root, { text: ran('new', 1_000_000, { kind: 'aborted', reason: { kind: 'user' } }), encoding: 'jsonl' })
// A child started after every root: it comes with its parent and never counts as a root of its own.
writeSession(root, { text: ran('kid', 2_000_000, { kind: 'completed' }, { parentSession: 'new', origin: 'subagent', delegationDepth: 1 }), encoding: 'jsonl' })

const futureRoot = join(tmp, 'future')
writeSession(futureRoot, { text: ran('v99', 0, { kind: 'completed' }, {}, 99), encoding: 'jsonl' })

/**
 * A session of `count` prompts with a bad line after each: apart, so each is its own warning (lines in a
 * row would be one run, src/log/damage/invalid-runs.ts).
 */
function withBadLines(id: string, count: number, bad: (i: number) => string): string {
  const b = session({ id })
  b.turnStart()
  for (let i = 0; i < count; i++) b.user(`prompt ${i}`)
  b.turnEnd()
  const [header, start, ...rest] = b.jsonl().trimEnd().split('\n')
  return `${[header, start, ...rest.flatMap((line, i) => (i < count ? [line, bad(i)] : [line]))].join('\n')}\n`
}

/** One session with ten lines that are not JSON and two seq gaps: two kinds of warning. */
const noisyRoot = join(tmp, 'noisy')
{
  writeSession(noisyRoot, { text: withBadLines('noisy', 10, (i) => `not json ${i}`), encoding: 'jsonl' })
}

/** More bad lines than a session keeps as warnings (200): the rest are counted, not lost. */
const floodRoot = join(tmp, 'flood')
{
  writeSession(floodRoot, { text: withBadLines('flood', 250, (i) => `bad ${i}`), encoding: 'jsonl' })
}

const foreign = join(tmp, 'foreign')
writeFile(join(foreign, 'events.jsonl'), '{"event":"click"}\n')
writeFile(join(foreign, 'nested', 'metrics.jsonl'), '{"metric":1}\n')

function dshView(...argv: string[]) {
  const run = spawnSync(process.execPath, [CLI, ...argv], { encoding: 'utf8', cwd: tmp, env: { ...process.env, HOME: tmp, DSH_HOME: '', NO_COLOR: '1' } })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

const sessionsOf = (stdout: string): InspectedSession[] => (JSON.parse(stdout) as { sessions: InspectedSession[] }).sessions

describe('inspect --json: how each session ran', () => {
  it('has start and end time, duration, status, model and token totals', () => {
    const run = dshView('inspect', join(tmp, 'work'), '--json')
    expect(run.code).toBe(0)
    const byId = new Map(sessionsOf(run.stdout).map(s => [s.id, s]))
    expect([...byId.keys()].sort()).toEqual(['kid', 'mid', 'new', 'old'])
    expect(byId.get('old')).toMatchObject({
      startTime: new Date(T0).toISOString(),
      status: 'completed',
      model: 'deepseek-official/deepseek-v4-flash',
      tokens: { inputTokens: 100, outputTokens: 20, cacheReadTokens: 5, cacheWriteTokens: 0, totalTokens: 125 },
    })
    const old = byId.get('old')
    expect(old?.durationMs).toBe(Date.parse(old?.endTime ?? '') - T0)
    expect(old?.durationMs).toBeGreaterThan(0)
    expect(byId.get('mid')?.status).toBe('failed')
    expect(byId.get('new')?.status).toBe('interrupted')
  })

  it('--latest N: the N newest root sessions by start time, each with its subagents', () => {
    expect(sessionsOf(dshView('inspect', join(tmp, 'work'), '--latest', '1', '--json').stdout).map(s => s.id).sort()).toEqual(['kid', 'new'])
    expect(sessionsOf(dshView('inspect', join(tmp, 'work'), '--latest', '2', '--json').stdout).map(s => s.id).sort()).toEqual(['kid', 'mid', 'new'])
  })

  it('reports progress: started with every log and its bytes, advanced once per log, finished', async () => {
    const calls: string[] = []
    const reporter = { ...createReporter(quietIo(), {}), progress: () => ({ start: (n: number, bytes: number) => void calls.push(`start ${n} ${bytes > 0}`), advance: () => void calls.push('advance'), preview: () => void calls.push('preview'), finish: () => void calls.push('finish') }) }
    const report = await inspect([root], quietIo(), { reporter })
    expect(report.sessions).toHaveLength(4)
    expect(calls).toEqual(['start 4 true', 'advance', 'advance', 'advance', 'advance', 'finish'])
  })
})

describe('export --markdown -', () => {
  it('prints the summary and nothing else on stdout; the note goes to stderr', () => {
    const run = dshView('export', '--latest', '1', join(tmp, 'work'), '--markdown', '-')
    expect(run.code).toBe(0)
    expect(run.stdout.startsWith('### ')).toBe(true)
    expect(run.stdout).toContain('Task of new: run `npm test`')
    expect(run.stdout).not.toMatch(/^\//m)
    expect(run.stderr).toMatch(/^dsh-view: stdout: summary of 2 sessions, /)
    expect(dshView('export', '--latest', '1', join(tmp, 'work'), '--markdown', '-', '-q').stderr).toBe('')
  })

  it('links the HTML file written beside it, relatively, once', () => {
    const run = dshView('export', join(root, '--home-dev-app--', 'old'), '-o', 'transcript.html', '--markdown', '-')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('**[Full transcript](<transcript.html>)**')
    expect(run.stdout.split('Full transcript')).toHaveLength(2)
    expect(run.stdout).not.toContain(tmp)
  })

  it('names an unknown format version in the summary and on stderr', () => {
    const run = dshView('export', '--latest', '1', futureRoot, '--markdown', '-')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^> ⚠️ Session v99 was written in log format version 99; this dsh-view knows versions up to 4/m)
    expect(run.stderr).toContain('1 × unknown format version')
    expect(run.stderr).toContain('v99: Session v99 was written in log format version 99')
  })
})

describe('warnings and -q', () => {
  it('groups warnings by kind with a count and three examples; --verbose lists every one', () => {
    const grouped = dshView('build', noisyRoot, '-o', join(tmp, 'site-noisy'))
    expect(grouped.code).toBe(0)
    expect(grouped.stderr).toMatch(/^ {2}10 × not valid JSON$/m)
    expect(grouped.stderr).toContain('… and 7 more (--verbose lists all)')
    const all = dshView('build', noisyRoot, '-o', join(tmp, 'site-noisy-2'), '--verbose')
    expect(all.stderr).not.toContain('more (--verbose lists all)')
    expect(all.stderr.split('\n').filter(l => /^ {6}\S/.test(l)).length).toBeGreaterThanOrEqual(10)
  })

  it('counts the warnings a session did not keep', () => {
    const run = dshView('build', floodRoot, '-o', join(tmp, 'site-flood'))
    expect(run.stderr).toContain('dsh-view: 250 warnings (each is marked on its page):')
    expect(run.stderr).toMatch(/^ {2}200 × not valid JSON$/m)
    expect(run.stderr).toContain('  50 more not listed (each is marked on its page)')
  })

  it.each([
    ['build', ['build', noisyRoot, '-o', join(tmp, 'site-quiet')]],
    ['inspect', ['inspect', noisyRoot]],
    ['export', ['export', '--latest', '1', futureRoot, '--markdown', join(tmp, 'quiet.md')]],
    ['snapshot', ['snapshot', noisyRoot]],
  ])('%s -q prints no progress, no summary and no warning', (_name, argv) => {
    const run = dshView(...argv, '-q')
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    expect(run.stdout).not.toBe('')
  })
})

describe('discovery', () => {
  it('finds a root four folders below the path given', () => {
    expect(sessionsOf(dshView('inspect', tmp, '--json').stdout).map(s => s.id)).toEqual(expect.arrayContaining(['old', 'mid', 'new', 'kid', 'v99', 'noisy']))
  })

  it('says where it looked and what it saw when it finds no log (one line, exit 1)', () => {
    const run = dshView('inspect', foreign)
    expect(run.code).toBe(1)
    const line = run.stderr.split('\n').find(l => l.includes('no session logs found here')) ?? ''
    expect(line).toContain('looked through 2 folders, 1 level deep')
    expect(line).toContain('2 .jsonl files that are not a dsh log')
    expect(line).toContain('events.jsonl')
  })
})

function quietIo(): Io {
  return { stdout: () => {}, stderr: () => {}, stderrIsTty: false, env: { HOME: tmp }, open: async () => {} }
}
