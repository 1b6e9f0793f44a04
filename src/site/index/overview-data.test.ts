/**
 * The overview's data asset: what the build encodes decodes to the same records (the page script sums
 * exactly what the build summed), a string cannot end the script element, and anything else is refused.
 */
import { describe, expect, it } from 'vitest'
import { sessionInsight } from '../../stats/insight'
import { siteText } from '../strings'
import { decodeOverview, encodeOverview, overviewScript } from './overview-data'

const text = siteText('en').overview
const record = sessionInsight({
  id: 'a</script>', project: null, start: Date.UTC(2026, 0, 2), end: null, status: 'interrupted', model: 'p/m',
  counts: { turns: 3, toolCalls: 4, subToolCalls: 0 },
  usage: { inputTokens: 10, outputTokens: 2, cacheReadTokens: 5, cacheWriteTokens: 1, reasoningTokens: 1, totalTokens: 18 },
  requests: [{ key: 'r', seq: 1, time: null, model: null, usage: { inputTokens: 10, outputTokens: 2, cacheReadTokens: 5, cacheWriteTokens: 1, reasoningTokens: 1 } }],
  tools: new Map([['bash', 4]]), lastTool: 'bash',
})
const parse = (script: string): unknown => JSON.parse(script.slice('window.dshOverview='.length, -2))

describe('overview data asset', () => {
  it('round-trips the records (tools aside: the overview reads only the last one) and escapes `<`', () => {
    const script = overviewScript(encodeOverview([record], text, 'zh'))
    expect(script).not.toContain('</script>')
    const decoded = decodeOverview(parse(script))
    expect(decoded?.records).toEqual([{ ...record, tools: [], slowTurns: undefined }])
    expect(decoded?.locale).toBe('zh')
    expect(decoded?.text).toEqual(text)
  })

  it.each([
    ['not an object', 3],
    ['another version', { ...encodeOverview([record], text, 'en'), v: 2 }],
    ['a string index out of the table', { ...encodeOverview([record], text, 'en'), strings: [] }],
    ['a usage of five numbers', (() => { const d = encodeOverview([record], text, 'en'); (d.sessions[0] as unknown[])[9] = [1, 2, 3, 4, 5]; return d })()],
    ['a day that is not a row', (() => { const d = encodeOverview([record], text, 'en'); (d.sessions[0] as unknown[])[10] = [{}]; return d })()],
    ['words that are not an object', { ...encodeOverview([record], text, 'en'), text: 'x' }],
    ['words missing one', (() => { const d = encodeOverview([record], text, 'en'); const { heading: _, ...rest } = d.text; return { ...d, text: rest } })()],
    ['a word that is not a string', { ...encodeOverview([record], text, 'en'), text: { ...text, cost: { toString: 1 } } }],
    ['a status no build writes', (() => { const d = encodeOverview([record], text, 'en'); d.strings[(d.sessions[0] as unknown[])[4] as number] = 'exploded'; return d })()],
  ])('refuses %s', (_what, raw) => {
    expect(decodeOverview(JSON.parse(JSON.stringify(raw)))).toBeNull()
  })
})
