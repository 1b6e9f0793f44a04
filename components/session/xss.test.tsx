// @vitest-environment happy-dom
/**
 * Session logs are hostile (architecture.md §2.14): a payload in every string field of every row kind must
 * render as text — no element, attribute, handler or link comes out of it.
 */
import { expect, test } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { SessionView } from './SessionView'
import { mount } from '../testing/render'
import { XSS as P, rowWindow, section, toolDetails, toolRow } from '../testing/builders'
import type { PageRow, RowBody } from '../../src/cards/types'

/** A window over rows 0 | 1 | 2, valid for the three-row bodies below. */
const w = rowWindow([0], [2], 1, { expandLabel: P, expandAria: P, collapseLabel: P, collapseAria: P })
const copy = { label: P, copiedLabel: P, text: P }

const bodies: RowBody[] = [
  {
    kind: 'terminal', flavor: 'shell', state: 'failed', stateLabel: P, description: P, prompts: [{ label: P, text: P, first: true }],
    pill: P, exitCode: 1, signal: P, lines: [[{ text: P }], [{ text: P, style: { fg: { kind: 'rgb', css: P } } }], [{ text: P }]],
    placeholder: null, copy, detailsWindow: w,
  },
  {
    kind: 'diff', source: 'applied', added: 1, removed: 1, files: 1, footer: P, copy, lang: P,
    rows: [{ kind: 'header', path: P }, { kind: 'gap', text: P }, { kind: 'added', text: P, oldLine: null, newLine: 1, marks: [{ text: P, changed: true }] }],
  },
  {
    kind: 'read', path: P, label: P, lines: [{ number: 1, text: P }, { number: 2, text: P }, { number: 3, text: P }], totalLines: 9,
    lang: P, range: P, copy, code: { text: P, lang: P, html: null }, chatWindow: w, detailsWindow: w,
  },
  {
    kind: 'search', shape: 'matches', countText: P, shown: 1, total: 2, truncated: true, placeholder: null, copy, recovery: P,
    rows: [{ kind: 'file', path: P, matches: 1 }, { kind: 'match', lineNumber: 1, line: P, text: P }, { kind: 'path', path: P }],
    chatWindow: w, detailsWindow: w,
  },
  {
    kind: 'web', mode: 'search', answer: P, empty: P, truncatedNotice: P, raw: P,
    sources: [
      { ordinal: 1, url: P, href: 'javascript:alert(1)', label: P, snippet: P, publishedAt: P },
      { ordinal: 2, url: P, href: 'data:text/html,<script>alert(1)</script>', label: P, snippet: null, publishedAt: null },
    ],
  },
  { kind: 'web', mode: 'fetch', url: P, href: ' javascript:alert(1)', status: P, truncatedNotice: P, raw: P },
  { kind: 'io', program: { text: P, lang: P, html: null }, input: P, output: P, outputIsError: true, inLabel: P, outLabel: P },
  { kind: 'skill', label: P, text: P, isError: true },
]

const toolRows: PageRow[] = bodies.map((body, i) =>
  toolRow({
    key: `tool:${i}${P}`, callId: P, tool: P, title: P, summary: P, summaryStyle: 'file-link', filePath: P, summarySuffix: P,
    hiddenStatus: P, inspectLabel: P, expandable: true, body,
    details: toolDetails({ header: P, inputLabel: P, input: P, outputLabel: P, output: { kind: 'card' } }),
    children: [toolRow({ key: `child:${i}`, title: P, summary: P, details: toolDetails({ header: P, input: P, output: { kind: 'raw', text: P, isError: true } }) })],
  }),
)

const rows: PageRow[] = [
  { kind: 'user', key: `user${P}`, text: P, role: 'user', time: { iso: P, label: P }, copy,
    images: [{ attachmentId: P, mediaType: P, width: 1, height: 1, name: P, alt: P }] },
  { kind: 'context', key: 'c', label: P, producer: P, notice: P, text: P },
  { kind: 'system', key: 's', label: P, text: P },
  { kind: 'think', key: 't', title: P, summary: P, text: P, running: true, hiddenStatus: P },
  { kind: 'markdown', key: 'm', text: P, html: null },
  { kind: 'unknown-block', key: 'u', label: P, json: P },
  { kind: 'stopped', key: 'st', label: P },
  { kind: 'attempt', key: 'a', label: P, detail: P, blocks: [{ kind: 'markdown', key: 'a:0', text: P, html: null }] },
  ...toolRows,
  { kind: 'command', key: 'cmd', text: P, status: 'error', output: P },
  { kind: 'compaction', key: 'cmp', label: P, summary: P, status: 'failed', detail: P },
  { kind: 'replacement', key: 'rep', label: P },
  { kind: 'retry', key: 'r', label: P, detail: P },
  { kind: 'turn-tail', key: 'tail', turn: 1, error: P, timing: { time: { iso: P, label: P }, ranFor: P, ttft: P, throughput: P },
    deliverables: { label: P, chips: [{ label: P, path: P, aria: P }], overflow: P, hidden: [{ label: P, path: `${P}2`, aria: P }] } },
  { kind: 'raw-event', key: 'raw', type: P, seq: 1, line: 1, reason: P, json: P },
  { kind: 'invalid-line', key: 'bad', line: 2, reason: P, text: P },
]

test.each(['compact', 'full'] as const)('a payload in every field renders as text only (inspect %s)', (inspect) => {
  const html = renderToStaticMarkup(<SessionView label={P} inspect={inspect} sections={[section(rows, { key: P, label: P })]} />)
  expect(html).not.toMatch(/<img|<script|<iframe/i)
  const root = mount(<SessionView label={P} inspect={inspect} sections={[section(rows, { key: P, label: P })]} />)
  expect(root.querySelectorAll('img, script, iframe, object, embed')).toHaveLength(0)
  const attributes = [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes])
  expect(attributes.filter((a) => a.name.startsWith('on'))).toEqual([])
  expect(attributes.filter((a) => a.name === 'style' && /url\(|;/.test(a.value))).toEqual([])
  expect(root.querySelectorAll('a')).toHaveLength(0)
  // The payload is on the page as text, many times over (once per field at least).
  expect((root.textContent ?? '').split(P).length - 1).toBeGreaterThan(100)
})
