/**
 * Terminal-safe output (issue 17 item 5): control and bidi characters from logs reach the terminal only as
 * visible escapes — the helper's table, the Io every command prints through, and a real build and inspect
 * of a log whose folder name and lines carry OSC 52 (clipboard), CSI and U+202E.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../test/support/build'
import { reportBuild, runBuild, summaryText } from './build'
import { createReporter } from './reporter'
import { runInspect } from './inspect'
import { terminalField, terminalIo, terminalText } from './terminal-text'

const ESC = '\x1b'
const OSC52 = `${ESC}]52;c;aGVsbG8=\x07`

describe('terminalText', () => {
  it.each<[string, string, string]>([
    ['OSC 52 clipboard write', `a${OSC52}b`, 'a\\u001b]52;c;aGVsbG8=\\u0007b'],
    ['SGR colour', `${ESC}[31mred${ESC}[0m`, '\\u001b[31mred\\u001b[0m'],
    ['cursor up and erase line', `x${ESC}[1A${ESC}[2K`, 'x\\u001b[1A\\u001b[2K'],
    ['carriage return overwriting the line', 'ok\rFAKE', 'ok\\u000dFAKE'],
    ['backspace, bell, NUL, DEL', 'a\bb\x07c\x00d\x7f', 'a\\u0008b\\u0007c\\u0000d\\u007f'],
    ['C1 CSI and OSC', 'a\x9b2Jb\x9d0;t\x9c', 'a\\u009b2Jb\\u009d0;t\\u009c'],
    ['right-to-left override', 'file\u202egnp.exe', 'file\\u202egnp.exe'],
    ['bidi isolates and marks', '\u2066a\u2069\u200f\u061c', '\\u2066a\\u2069\\u200f\\u061c'],
    ['line separator', 'a\u2028b', 'a\\u2028b'],
    ['tab and newline pass', 'a\tb\nc', 'a\tb\nc'],
    ['plain and CJK text pass', 'session 会话 ✓', 'session 会话 ✓'],
  ])('%s', (_name, input, expected) => {
    expect(terminalText(input)).toBe(expected)
  })

  it('keeps a field on one line', () => {
    expect(terminalField('a\nb\tc')).toBe('a\\u000ab\\u0009c')
  })

  it('keeps JSON parseable', () => {
    const json = JSON.stringify({ title: `x\x9b\u202e${OSC52}` })
    expect(JSON.parse(terminalText(json))).toEqual({ title: `x\x9b\u202e${OSC52}` })
  })
})

function capture() {
  const sink = { out: '', err: '', stdout: (t: string) => void (sink.out += t), stderr: (t: string) => void (sink.err += t), stderrIsTty: false, env: {}, open: async () => {} }
  return sink
}

describe('terminalIo', () => {
  it('escapes stdout and stderr, and writes only its own control sequences raw', () => {
    const sink = capture()
    const io = terminalIo(sink)
    io.stdout(`t${OSC52}\n`)
    io.stderr(`w${ESC}[2J\n`)
    io.stderrControl?.('\r\x1b[2K')
    expect(sink.out).toBe('t\\u001b]52;c;aGVsbG8=\\u0007\n')
    expect(sink.err).toBe('w\\u001b[2J\n\r\x1b[2K')
  })
})

describe('commands print no log-derived control character', () => {
  const LOG = join(import.meta.dirname, '../fixtures/secrets/sessions/--work-secrets-demo--/secrets-session/session.jsonl')
  const hostileRoot = () => {
    const root = join(tempDir(), 'sessions')
    const dir = join(root, `--work-${ESC}]52;c;aGk=\x07--`, `evil\u202esession`)
    mkdirSync(dir, { recursive: true })
    const [header] = readFileSync(LOG, 'utf8').split('\n')
    writeFileSync(join(dir, 'session.jsonl'), `${header}\n{"type":"turn/start" ${OSC52} broken\n`)
    return root
  }
  const noRawControls = (text: string) => {
    expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/)
  }

  it('build: warnings and paths', async () => {
    const sink = capture()
    const out = join(tempDir(), 'site')
    await runBuild({ mode: 'build', inputs: [hostileRoot()], outDir: out, open: false, baseUrl: null, title: null, locale: 'en', quiet: false, redact: null }, terminalIo(sink))
    expect(sink.err).toContain('warning')
    expect(sink.err).toContain('\\u001b]52;c;aGk=\\u0007')
    noRawControls(sink.err)
    noRawControls(sink.out)
  }, 60_000)

  it('build summary and grouped warnings escape log text even through a raw Io', () => {
    const report = { sessions: 1, pages: 1, rendered: 1, unchanged: 0, bytes: 1, highlight: { blocks: 0, cacheHits: 0, ms: 0 }, warnings: [{ path: `p${OSC52}`, line: 2, message: `m\u202e${ESC}[8m\nforged line` }], overBudget: [], problems: [{ path: `q${ESC}[2J`, message: 'x' }] }
    const raw = capture()
    reportBuild(report as unknown as Parameters<typeof reportBuild>[0], 10, createReporter({ ...raw, stderrIsTty: false, env: {}, open: async () => {} }, { quiet: false, verbose: true }))
    expect(raw.err).toContain('forged line')
    noRawControls(raw.err)
    expect(raw.err).not.toContain('\nforged line')
    noRawControls(summaryText(report as unknown as Parameters<typeof summaryText>[0], 10))
  })

  it('inspect: text and JSON', async () => {
    for (const json of [false, true]) {
      const sink = capture()
      await runInspect({ mode: 'inspect', inputs: [hostileRoot()], json }, terminalIo(sink))
      noRawControls(sink.out)
      noRawControls(sink.err)
      if (json) expect(() => JSON.parse(sink.out)).not.toThrow()
    }
  }, 60_000)
})
