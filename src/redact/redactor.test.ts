/** A redaction run over reader batches, and its report: rule, distinct count, session and line. */
import { describe, expect, it } from 'vitest'
import type { ParsedLine } from '../log/parsed-line'
import { session } from '../log/testing/session'
import { mergeReports, Redactor } from './redactor'
import { formatRedactionReport, masked } from './report'

const TOKEN = `gh${'p'}_${'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1dF3'}`

function batch(): ParsedLine[] {
  const s = session()
  s.turnStart()
  const user = s.user(`my token is ${TOKEN}`)
  const call = s.call('bash', { command: `echo ${TOKEN} && DB_PASSWORD=hunter22 ./run` })
  return [
    { kind: 'header', line: 1, header: s.header },
    { kind: 'event', line: 3, event: user },
    { kind: 'event', line: 4, event: call, raw: { echo: TOKEN } },
    { kind: 'invalid', line: 5, text: `{"password": "hunter22"`, reason: 'not valid JSON', code: 'json' },
  ]
}

describe('Redactor', () => {
  it('redacts every entry of a batch and leaves clean entries as they were', () => {
    const input = batch()
    const out = new Redactor().lines(input, 'a.jsonl')
    expect(out[0]).toBe(input[0])
    expect(JSON.stringify(out)).not.toContain(TOKEN)
    expect(JSON.stringify(out)).not.toContain('hunter22')
    const call = out[2]
    expect(call?.kind === 'event' && call.event.type === 'tool/call' ? JSON.parse(call.event.data.arguments) : null).toEqual({
      command: 'echo [REDACTED:github-token] && DB_PASSWORD=[REDACTED:secret-assignment] ./run',
    })
  })

  it('reports distinct secrets per line and rule (a repeat within one record counts once)', () => {
    const r = new Redactor()
    r.lines(batch(), 'a.jsonl')
    const report = r.report()
    expect(report.places).toEqual([
      { session: 'a.jsonl', line: 3, rule: 'github-token', count: 1 },
      { session: 'a.jsonl', line: 4, rule: 'github-token', count: 1 },
      { session: 'a.jsonl', line: 4, rule: 'secret-assignment', count: 1 },
      { session: 'a.jsonl', line: 5, rule: 'secret-assignment', count: 1 },
    ])
    expect(report).toMatchObject({ total: 4, byRule: { 'github-token': 2, 'secret-assignment': 2 }, omittedPlaces: 0 })
  })

  it('merges reports and formats them for stderr without any secret', () => {
    const a = new Redactor()
    a.lines(batch(), 'a.jsonl')
    const b = new Redactor()
    b.value({ note: TOKEN }, { session: 'b.jsonl', line: null })
    const merged = mergeReports([a.report(), b.report()])
    expect(merged.total).toBe(5)
    const text = formatRedactionReport(merged, 2)
    expect(text).toBe(
      [
        'dsh-view: redacted 5 secrets (github-token 3, secret-assignment 2)',
        '  a.jsonl:3: github-token',
        '  a.jsonl:4: github-token',
        '  … and 3 more places',
        '',
      ].join('\n'),
    )
    expect(formatRedactionReport(new Redactor().report())).toBe('dsh-view: --redact found no secrets\n')
    expect(formatRedactionReport(b.report())).toContain('b.jsonl (streamed text): github-token')
  })

  it('masks: a format prefix at most, never a password', () => {
    expect(masked(TOKEN, true)).toBe('ghp_…(40 chars)')
    expect(masked('hunter22', false)).toBe('…(8 chars)')
  })
})
