/**
 * Warnings grouped by kind (issue 15 item 3): the heading counts all of them and the kinds, each kind shows
 * its count and its first three examples (most frequent kind first), `--verbose` lists every one, `-q`
 * prints none of them — nor notes or progress — while errors always print. Kinds come from the message.
 */
import { describe, expect, it } from 'vitest'
import { createReporter, groupWarnings, warningKind, type WarningEntry } from './reporter'

const warn = (kind: string, i: number): WarningEntry => ({ kind, where: `log.jsonl:${i}`, message: `${kind} number ${i}` })
const many = [...Array.from({ length: 5 }, (_, i) => warn('not valid JSON', i + 1)), warn('seq gap', 9)]

describe('groupWarnings', () => {
  it('counts per kind, three examples each, the rest counted', () => {
    expect(groupWarnings(many, 0, false)).toEqual([
      'dsh-view: 6 warnings of 2 kinds:',
      '  5 × not valid JSON',
      '      log.jsonl:1: not valid JSON number 1',
      '      log.jsonl:2: not valid JSON number 2',
      '      log.jsonl:3: not valid JSON number 3',
      '      … and 2 more (--verbose lists all)',
      '  1 × seq gap',
      '      log.jsonl:9: seq gap number 9',
    ])
  })

  it('--verbose lists every warning', () => {
    const lines = groupWarnings(many, 0, true)
    expect(lines.filter(l => l.startsWith('      log.jsonl:'))).toHaveLength(6)
    expect(lines.join('\n')).not.toContain('more (--verbose')
  })

  it('nothing to say: no lines; one warning: singular heading', () => {
    expect(groupWarnings([], 0, false)).toEqual([])
    expect(groupWarnings([warn('x', 1)], 0, false)[0]).toBe('dsh-view: 1 warning:')
    // The build's heading goes on after the noun: it is the noun that becomes singular.
    expect(groupWarnings([warn('x', 1)], 0, false, 'warnings (each is marked on its page)')[0]).toBe('dsh-view: 1 warning (each is marked on its page):')
  })

  it('escapes log text', () => {
    const lines = groupWarnings([{ kind: 'k\x1b[2J', where: 'p\x1b]52;c;x\x07', message: 'm\nforged' }], 0, false)
    expect(lines.join('\n')).not.toMatch(/[\x1b\x07]|\nforged/)
  })
})

describe('warningKind', () => {
  it.each([
    ['seq gap: expected seq 1, got 3', 'seq gap'],
    ['not valid JSON (Unexpected token \'o\', "x" is not valid JSON)', 'not valid JSON'],
    ['the log ends in a partial line (torn tail); it is not shown', 'the log ends in a partial line'],
    ['frame 12 is damaged', 'frame N is damaged'],
    ['unknown event type "agent/harness"', 'unknown event type "…"'],
  ])('%j → %j', (message, kind) => {
    expect(warningKind(message)).toBe(kind)
  })
})

describe('createReporter', () => {
  const sink = () => {
    const out = { err: '' }
    return { out, io: { stdout: () => {}, stderr: (t: string) => void (out.err += t), stderrIsTty: false, env: {}, open: async () => {} } }
  }

  it('prints notes, warnings and errors', () => {
    const { out, io } = sink()
    const r = createReporter(io, { quiet: false, verbose: false })
    r.note('summary')
    r.warn(warn('seq gap', 1))
    r.flush()
    r.error('could not read x')
    expect(out.err).toBe('summary\ndsh-view: 1 warning:\n  1 × seq gap\n      log.jsonl:1: seq gap number 1\ncould not read x\n')
  })

  it('-q: only errors', () => {
    const { out, io } = sink()
    const r = createReporter(io, { quiet: true, verbose: true })
    r.note('summary')
    r.warn(warn('seq gap', 1))
    r.flush()
    const progress = r.progress()
    progress.start(1, 1)
    progress.advance(1)
    progress.finish()
    r.error('could not read x')
    expect(out.err).toBe('could not read x\n')
  })
})
