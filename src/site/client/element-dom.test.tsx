// @vitest-environment happy-dom
/**
 * The overview's totals and charts built as DOM nodes are the markup the build writes for them: the same
 * elements, attributes and text (SVG in its namespace), and raw HTML props are refused.
 */
import { describe, expect, it } from 'vitest'
import { OverviewCharts, OverviewTotals } from '../../../components/index/Overview'
import { renderStaticMarkup } from '../html/static-markup'
import { overviewFigures } from '../index/overview'
import { siteText } from '../strings'
import { sessionInsight } from '../../stats/insight'
import { elementToDom } from './element-dom'

const text = siteText('en').overview
const T0 = Date.UTC(2026, 0, 5, 12)
const records = [0, 1, 2].map(i => sessionInsight({
  id: `s${i}`, project: '/w', start: T0 + i * 86_400_000, end: T0 + i * 86_400_000 + 5000, status: i === 2 ? 'failed' : 'completed', model: 'p/<m>',
  counts: { turns: 1, toolCalls: 1, subToolCalls: 0 },
  usage: { inputTokens: 100 * (i + 1), outputTokens: 1, cacheReadTokens: 50, cacheWriteTokens: 0, reasoningTokens: 0, totalTokens: 151 + 100 * i },
  requests: [{ key: 'r', seq: 1, time: T0 + i * 86_400_000, model: 'p/<m>', usage: { inputTokens: 100 * (i + 1), outputTokens: 1, cacheReadTokens: 50 } }],
  tools: new Map([['bash', 1]]), lastTool: 'bash',
}))

const html = (nodes: Node[]) => nodes.map(n => (n as Element).outerHTML).join('')

describe('elementToDom', () => {
  it('builds what renderStaticMarkup writes for the overview totals and charts', () => {
    const figures = overviewFigures(records, records.slice(1), text, 'en', { currency: 'USD', date: '2026-01-01', source: 'https://x.test' })
    const totals = <OverviewTotals model={{ ...figures, totalsLabel: 'Totals' }} />
    const charts = <OverviewCharts charts={figures.charts} />
    // Attribute order and self-closing differ between serializers: compare through one parser.
    const parse = (markup: string) => {
      const t = document.createElement('template')
      t.innerHTML = markup
      return t.innerHTML
    }
    expect(parse(html(elementToDom(document, totals)))).toBe(parse(renderStaticMarkup(totals)))
    expect(parse(html(elementToDom(document, charts)))).toBe(parse(renderStaticMarkup(charts)))
    const svg = elementToDom(document, charts)[0] as Element
    expect(svg.querySelector('svg')?.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(svg.querySelector('title')?.textContent).toContain('p/<m>')
  })

  it('refuses raw HTML and handlers, drops a javascript: link', () => {
    expect(() => elementToDom(document, <div dangerouslySetInnerHTML={{ __html: '<b>x</b>' }} />)).toThrow(/refuses/)
    expect(() => elementToDom(document, <div onClick={() => {}} />)).toThrow(/refuses/)
    expect((elementToDom(document, <a href="javascript:alert(1)">x</a>)[0] as Element).hasAttribute('href')).toBe(false)
  })
})
