/**
 * foldClassicRepeats on hand-made page chunks: which classic-only rows become placeholders (a later row with
 * the same markup but for its id, on any chunk of the page) and which stay (the first of a markup, another
 * markup, a row holding another id, a classic wrapper whose row has no id first, a row that never closes).
 * The whole-site round trip (fold, then the page script's fill, gives the classic build's rows) is
 * test/site/classic-repeats.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { foldClassicRepeats } from './classic-repeats'

const row = (id: string, text: string, inner = '') =>
  `<div data-m="c"><div id="${id}" data-variant="context"><details><summary role="button"><span>Context injection</span></summary><div><pre>${text}</pre>${inner}</div></details></div></div>`
const hole = (id: string, same: string) => `<div data-m="c" id="${id}" data-same="${same}"></div>`
const fold = (...chunks: string[]) => foldClassicRepeats(chunks.map(c => Buffer.from(c))).map(b => b.toString('utf8'))

describe('foldClassicRepeats', () => {
  const cases: Array<{ name: string; chunks: string[]; want: string[] }> = [
    {
      name: 'a repeat on the same chunk becomes a placeholder naming the first',
      chunks: [`<div id="t1">${row('context:1', 'same')}<p>a</p>${row('context:2', 'same')}</div>`],
      want: [`<div id="t1">${row('context:1', 'same')}<p>a</p>${hole('context:2', 'context:1')}</div>`],
    },
    {
      name: 'a repeat on a later chunk of the page names the first too, and a third names the first',
      chunks: [row('context:1', 'same'), `${row('context:2', 'same')}${row('context:3', 'same')}`],
      want: [row('context:1', 'same'), `${hole('context:2', 'context:1')}${hole('context:3', 'context:1')}`],
    },
    {
      name: 'other text stays',
      chunks: [`${row('context:1', 'one')}${row('context:2', 'two')}${row('context:3', 'one')}`],
      want: [`${row('context:1', 'one')}${row('context:2', 'two')}${hole('context:3', 'context:1')}`],
    },
    {
      name: 'nested divs are balanced: the placeholder replaces the whole wrapper',
      chunks: [`${row('c:1', 'x', '<div><div>deep</div></div>')}<b>after</b>${row('c:2', 'x', '<div><div>deep</div></div>')}<i>end</i>`],
      want: [`${row('c:1', 'x', '<div><div>deep</div></div>')}<b>after</b>${hole('c:2', 'c:1')}<i>end</i>`],
    },
    {
      name: 'a row holding another id stays (a copy would repeat that id)',
      chunks: [`${row('c:1', 'x', '<span id="inner">i</span>')}${row('c:2', 'x', '<span id="inner">i</span>')}`],
      want: [`${row('c:1', 'x', '<span id="inner">i</span>')}${row('c:2', 'x', '<span id="inner">i</span>')}`],
    },
    {
      name: 'a classic wrapper whose row has no id first stays (a trigger row’s classic twin)',
      chunks: ['<div data-m="c"><div data-variant="context">x</div></div><div data-m="c"><div data-variant="context">x</div></div>'],
      want: ['<div data-m="c"><div data-variant="context">x</div></div><div data-m="c"><div data-variant="context">x</div></div>'],
    },
    {
      name: 'a longer tag name is not a div',
      chunks: [`${row('c:1', 'x', '<divx>y</divx>')}${row('c:2', 'x', '<divx>y</divx>')}`],
      want: [`${row('c:1', 'x', '<divx>y</divx>')}${hole('c:2', 'c:1')}`],
    },
    {
      name: 'a wrapper that never closes ends the scan and changes nothing',
      chunks: ['<div data-m="c"><div id="c:1">x</div>'],
      want: ['<div data-m="c"><div id="c:1">x</div>'],
    },
    {
      name: 'escaped ids are kept as written',
      chunks: [`${row('tool:a&amp;b', 'x')}${row('tool:&quot;c&quot;', 'x')}`],
      want: [`${row('tool:a&amp;b', 'x')}${hole('tool:&quot;c&quot;', 'tool:a&amp;b')}`],
    },
    {
      name: 'non-ASCII text compares by its bytes',
      chunks: [`${row('c:1', '运行时上下文')}${row('c:2', '运行时上下文')}${row('c:3', '运行时上下')}`],
      want: [`${row('c:1', '运行时上下文')}${hole('c:2', 'c:1')}${row('c:3', '运行时上下')}`],
    },
  ]
  it.each(cases)('$name', ({ chunks, want }) => {
    expect(fold(...chunks)).toEqual(want)
  })

  it('gives back the very buffers of chunks without a repeat', () => {
    const chunk = Buffer.from(`${row('c:1', 'one')}${row('c:2', 'two')}`)
    expect(foldClassicRepeats([chunk])[0]).toBe(chunk)
  })

  it('each call is one page: a row of an earlier call is not referenced', () => {
    foldClassicRepeats([Buffer.from(row('c:1', 'x'))])
    expect(fold(row('c:2', 'x'))).toEqual([row('c:2', 'x')])
  })
})
