import { describe, expect, it } from 'vitest'
import { parseAria } from './aria-tree'
import { comparable, expandedRows, matchGolden, transcriptPart, wildcard } from './golden-match'

const lines = (...l: string[]) => l.join('\n')

describe('transcriptPart', () => {
  it('drops the banner, message actions with their timing line and the composer; keeps the turn control and groups', () => {
    const golden = parseAria(lines(
      '- banner:',
      '  - tablist:',
      '    - tab "Chat" [selected]',
      '- text: Hello {{clock}}',
      '- button "Copy"',
      '- status: Worked',
      '- button "Took {{duration}}" [expanded]',
      '- button "Ran code, read files" [expanded]',
      '- paragraph: DONE',
      '- button "Copy"',
      '- button "Good response"',
      '- button "Bad response"',
      '- text: {{date}} {{clock}} Ran for {{duration}} TTFT {{duration}} {{throughput}} tok/s',
      '- button "Think"',
      '- textbox "Message the agent"',
      '- button "Send message" [disabled]',
      '- text: 1 turns · 1 steps',
    ))
    const part = transcriptPart(golden)
    expect(part.nodes.map((n) => n.source)).toEqual([
      '- text: Hello {{clock}}', '- button "Copy"', '- status: Worked', '- button "Took {{duration}}" [expanded]',
      '- button "Ran code, read files" [expanded]', '- paragraph: DONE', '- button "Think"',
    ])
    expect(part.dropped.map((d) => `${d.rule}:${d.line}`)).toEqual([
      'banner:1', 'banner:2', 'banner:3',
      'message-actions:10', 'message-actions:11', 'message-actions:12', 'message-actions:13',
      'composer:15', 'composer:16', 'composer:17',
    ])
  })

  it('keeps the session pills after the composer (dsh-view draws them), en and zh, and drops the rest of it', () => {
    const part = transcriptPart(parseAria(lines(
      '- paragraph: DONE',
      '- textbox "Message or run a task"',
      '- button "Send message" [disabled]',
      '- button "1 turns 2 steps · {{throughput}} tok/s": 1 turns 2 steps{{throughput}} tok/s',
      '- button "17.5K tok · Cache hit 52%": 17.5K tokCache hit 52%',
      '- button "7% of context used": 7%',
      '- button "1 轮 2 步"',
      '- button "980 tok"',
      '- button "上下文已用 7%": 7%',
      '- text: 1 turns · 1 steps LLM {{duration}}',
    )))
    expect(part.nodes.map((n) => n.line)).toEqual([1, 4, 5, 6, 7, 8, 9])
    expect(part.dropped.map((d) => `${d.rule}:${d.line}`)).toEqual(['composer:2', 'composer:3', 'composer:10'])
  })

  it('keeps a lone Copy (a user message) and the control after it', () => {
    const part = transcriptPart(parseAria(lines('- button "Copy"', '- button "Completed in {{duration}}" [disabled]')))
    expect(part.nodes.map((n) => n.source)).toEqual(['- button "Copy"', '- button "Completed in {{duration}}" [disabled]'])
  })
})

describe('wildcard', () => {
  it.each([
    ['Hello {{clock}}', 'Hello {{date}} {{clock}} UTC', true],
    ['Failed {{workspace}} ls', 'Failed ws-1 ls', true],
    ['Failed {{workspace}} ls', 'Failed  ls', false],
    ['a.b (c)', 'a.b (c)', true],
    ['a.b (c)', 'axb (c)', false],
    ['x {{cwd}}/y', 'x /tmp/w/y', true],
  ])('%s ~ %s → %s', (pattern, value, ok) => {
    expect(wildcard(pattern).test(value)).toBe(ok)
  })
})

describe('matchGolden', () => {
  const ours = comparable(parseAria(lines(
    '- region "Transcript":',
    '  - heading "Turn 1" [level=2]',
    '  - text: Hello {{date}} {{clock}} UTC',
    '  - button "Copy":',
    '    - img',
    '  - group:',
    '    - button "Think Plan." [expanded]:',
    '      - img',
    '      - text: Think Plan.',
    '    - text: Plan.',
    '  - group:',
    '    - button "Bash Echo hi":',
    '      - img',
    '      - img',
    '      - text: Bash Echo hi',
    '  - paragraph: DONE',
  )))

  it('finds golden lines in order among extra dsh-view lines', () => {
    const golden = comparable(parseAria(lines('- text: Hello {{clock}}', '- button "Copy":', '  - img', '- paragraph: DONE')))
    expect(matchGolden(golden, ours, 'exact').every((v) => v.matched)).toBe(true)
  })

  it('requires the order', () => {
    const golden = comparable(parseAria(lines('- paragraph: DONE', '- text: Hello {{clock}}')))
    expect(matchGolden(golden, ours, 'exact').map((v) => v.matched)).toEqual([true, false])
  })

  it('names the nearest line for a row with another name', () => {
    const [v] = matchGolden(comparable(parseAria('- button "Think"')), ours, 'subset')
    expect(v).toMatchObject({ matched: false, note: 'next button in dsh-view is line 4: - button "Copy":' })
  })

  it('checks states: a collapsed golden row does not match an expanded one', () => {
    const golden = comparable(parseAria('- button "Think Plan."'))
    expect(matchGolden(golden, ours, 'subset')[0]?.matched).toBe(false)
  })

  it('exact children: a missing or extra child is reported on the line', () => {
    const fewer = matchGolden(comparable(parseAria(lines('- button "Bash Echo hi":', '  - img', '  - text: Bash Echo hi'))), ours, 'exact')
    expect(fewer.map((v) => [v.line, v.matched])).toEqual([[1, false], [2, true], [3, false]])
    expect(fewer[0]?.note).toBe('dsh-view has 1 more children: - text: Bash Echo hi')
  })

  it('subset children: a golden that leaves children out still matches', () => {
    expect(matchGolden(comparable(parseAria('- button "Bash Echo hi"')), ours, 'subset')[0]?.matched).toBe(true)
    expect(matchGolden(comparable(parseAria('- button "Bash Echo hi"')), ours, 'exact')[0]?.matched).toBe(false)
  })
})

describe('expandedRows', () => {
  it('turns the golden names of open rows into patterns', () => {
    const names = expandedRows(parseAria(lines('- button "Think"', `- 'button "Failed Bash Error: x" [expanded]'`, '- button "Pwsh {{workspace}}" [expanded]:')))
    expect(names.map((r) => r.test('Failed Bash Error: x'))).toEqual([true, false])
    expect(names[1]?.test('Pwsh ws')).toBe(true)
  })
})
