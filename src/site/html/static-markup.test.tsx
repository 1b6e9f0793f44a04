/**
 * static-markup.ts against its oracle, React's own `renderToStaticMarkup` (the development build vitest
 * loads, and the production build the CLI bundles): one table row per rule, random trees over the same rules
 * (seeded), the refusals, and a tree deeper than any call stack.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createElement, Fragment, StrictMode, Suspense, memo, forwardRef, createContext, Component, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { seededRandom } from '../../log/testing/random'
import { renderStaticMarkup } from './static-markup'
import { ownQuotes } from './testing/react-oracle'

const require = createRequire(import.meta.url)
// Not in react-dom's exports: found beside its entry point.
const production = require(join(dirname(require.resolve('react-dom')), 'cjs/react-dom-server-legacy.node.production.js')) as {
  renderToStaticMarkup: (node: ReactNode) => string
}

/** Both React builds agree, and this renderer writes the same (its text content with quotes verbatim). */
function same(node: ReactNode): string {
  const expected = renderToStaticMarkup(node)
  try {
    expect(production.renderToStaticMarkup(node)).toBe(expected)
  } catch (err) {
    // The production renderer cannot call components compiled with the development JSX runtime (it has no
    // owner to give them); those rows are checked against the development build, and the CLI's production
    // output against main's by the byte-for-byte site comparison.
    if (!(err instanceof TypeError && err.message.includes('getOwner'))) throw err
  }
  expect(renderStaticMarkup(node)).toBe(ownQuotes(expected))
  return ownQuotes(expected)
}

const Greeting = ({ name, children }: { name: string; children?: ReactNode }) => (
  <p title={name}>
    Hi {name}
    {children}
  </p>
)
const Nothing = () => undefined as unknown as ReactNode
/** An iterable that is not an array (read once by each renderer). */
const list = { *[Symbol.iterator]() { yield 'a'; yield <b key="b">b</b> } }

// Rows are [what, element, the markup React writes, in our form: quotes verbatim in text, empty attribute
// values bare] — the markup is pinned too, so a React upgrade that changes a rule shows here by name, not only
// as a mismatch.
const RULES: [string, ReactNode, string][] = [
  // Quotes stay verbatim in text (ours; React writes &quot; and &#x27;), and are escaped in attributes.
  ['text escaping (& < >, quotes verbatim)', <span title={`"'`}>{`a&b<c>d"e'f`}</span>, '<span title="&quot;&#x27;">a&amp;b&lt;c&gt;d"e\'f</span>'],
  ['adjacent text nodes: no separators', <span>{'a'}{'b'}{1}{2n}</span>, '<span>ab12</span>'],
  ['top-level text, number, array', ['x<', 3, [<i key="i" />]], 'x&lt;3<i></i>'],
  ['null, undefined, booleans, functions render nothing', <div>{null}{undefined}{true}{false}{(() => 1) as unknown as ReactNode}</div>, '<div></div>'],
  ['fragments, StrictMode, iterables', <><StrictMode><Fragment>{list as unknown as ReactNode}</Fragment></StrictMode></>, 'a<b>b</b>'],
  ['function components, children prop', <Greeting name={'<x>'}>!</Greeting>, '<p title="&lt;x&gt;">Hi &lt;x&gt;!</p>'],
  ['a component returning undefined', <div><Nothing /></div>, '<div></div>'],
  ['className, htmlFor, tabIndex', <label className="c" htmlFor="f" tabIndex={-1}>l</label>, '<label class="c" for="f" tabindex="-1">l</label>'],
  ['attribute escaping', <div title={`"a'&<>`} />, '<div title="&quot;a&#x27;&amp;&lt;&gt;"></div>'],
  ['key and ref are dropped', <div key="k" ref={null} id="i" />, '<div id="i"></div>'],
  ['event handlers, functions and symbols dropped', <div onClick={() => {}} title={Symbol('s') as unknown as string} data-f={(() => 1) as unknown as string} />, '<div></div>'],
  ['on* names are never attributes, whatever the value', createElement('div', { onfoo: 'x', One: 'y', on: 'z' }), '<div on="z"></div>'],
  ['booleans on plain attributes dropped, kept on data-/aria-', <div title={true as unknown as string} data-a={true} aria-hidden={false} />, '<div data-a="true" aria-hidden="false"></div>'],
  ['boolean attributes', <details open hidden={false}><summary hidden>s</summary></details>, '<details open><summary hidden>s</summary></details>'],
  ['boolean attribute with a string', <div hidden={'until-found' as unknown as boolean} />, '<div hidden></div>'],
  ['autoFocus/multiple/muted lower-cased', <select multiple autoFocus />, '<select multiple autofocus></select>'],
  ['download and capture: true, string, false', <a download>d</a>, '<a download>d</a>'],
  ['download string', <a download="f.txt">d</a>, '<a download="f.txt">d</a>'],
  ['spellCheck/draggable/contentEditable keep booleans as text', <div spellCheck={false} draggable contentEditable="true" />, '<div spellCheck="false" draggable="true" contentEditable="true"></div>'],
  ['cols/rows/size/span need a number ≥ 1', <textarea cols={0} rows={2} />, '<textarea rows="2"></textarea>'],
  ['rowSpan/start: any number', <ol start={0} />, '<ol start="0"></ol>'],
  ['SVG aliases and viewBox', <svg viewBox="0 0 2 2" strokeWidth={2} xlinkHref="#a" xmlnsXlink="x" fillRule="evenodd"><path strokeLinecap="round" d="M0" /></svg>, '<svg viewBox="0 0 2 2" stroke-width="2" xlink:href="#a" xmlns:xlink="x" fill-rule="evenodd"><path stroke-linecap="round" d="M0"></path></svg>'],
  ['unsafe attribute names dropped', createElement('div', { 'a b': 'x', 'x"y': 'z', ok: 'v' }), '<div ok="v"></div>'],
  ['javascript: URLs blocked', <a href={' javascript:alert(1)'}>x</a>, '<a href="javascript:throw new Error(&#x27;React has blocked a javascript: URL as a security precaution.&#x27;)">x</a>'],
  ['empty href kept on <a>, dropped elsewhere', <><a href="">a</a><area href="" /></>, '<a href>a</a><area/>'],
  ['style: hyphenation, px, unitless, zero, custom property, vendor', <div style={{ marginTop: 2, lineHeight: 1.5, width: 0, flex: 1, ...{ '--my-Var': ' a&b ' }, msTransform: 'x', WebkitLineClamp: 2, color: ' red ', top: '', left: null as unknown as string, right: true as unknown as string }} />, '<div style="margin-top:2px;line-height:1.5;width:0;flex:1;--my-Var:a&amp;b;-ms-transform:x;-webkit-line-clamp:2;color:red"></div>'],
  ['style: empty object writes no attribute', <div style={{}} />, '<div></div>'],
  ['dangerouslySetInnerHTML written as is', <div dangerouslySetInnerHTML={{ __html: '<b>&</b>' }} />, '<div><b>&</b></div>'],
  ['dangerouslySetInnerHTML null', <div dangerouslySetInnerHTML={{ __html: null as unknown as string }} />, '<div></div>'],
  ['<pre> doubles a leading newline (text)', <pre>{'\na'}</pre>, '<pre>\n\na</pre>'],
  ['<pre> doubles a leading newline (inner HTML)', <pre dangerouslySetInnerHTML={{ __html: '\n<i>x</i>' }} />, '<pre>\n\n<i>x</i></pre>'],
  ['<pre> without a leading newline; array children', <pre>{['\n', 'a']}</pre>, '<pre>\na</pre>'],
  ['<textarea> value, leading newline', <textarea defaultValue={'\n<a>'} />, '<textarea>\n\n&lt;a&gt;</textarea>'],
  ['void elements self-close', <><br /><hr className="h" /><wbr /></>, '<br/><hr class="h"/><wbr/>'],
  ['<select defaultValue> marks its option', <select defaultValue="b"><option value="a">A</option><option value="b">B</option></select>, '<select><option value="a">A</option><option value="b" selected>B</option></select>'],
  ['<select value> with text options and optgroup', <select value="B" onChange={() => {}}><optgroup><option>A</option><option>{'B'}</option></optgroup></select>, '<select><optgroup><option>A</option><option selected>B</option></optgroup></select>'],
  ['<select multiple> array value', <select multiple value={['1', '3']} onChange={() => {}}><option value={1}>1</option><option value="2">2</option><option value="3">3</option></select>, '<select multiple><option value="1" selected>1</option><option value="2">2</option><option value="3" selected>3</option></select>'],
  ['<option selected> outside a select value', <select><option selected value="x">x</option></select>, '<select><option value="x" selected>x</option></select>'],
  ['<title> inside an svg is an element (its tooltip), text escaped', <svg><g><title>{'a<b'}</title><rect /></g></svg>, '<svg><g><title>a&lt;b</title><rect></rect></g></svg>'],
  ['an svg inside a select forgets its value', <select defaultValue="a"><svg><option value="a">a</option></svg></select>, '<select><svg><option value="a">a</option></svg></select>'],
  ['<input>: name, checked and value after the rest', <input name="n" defaultChecked value="v" type="checkbox" readOnly />, '<input type="checkbox" readOnly name="n" checked value="v"/>'],
  ['<input defaultValue>, spellCheck false, autoComplete', <input id="i" type="search" defaultValue="d" spellCheck={false} autoComplete="off" />, '<input id="i" type="search" spellCheck="false" autoComplete="off" value="d"/>'],
  ['<button>: name and formAction after the rest', <button name="b" formAction="/x" type="submit" disabled>go</button>, '<button type="submit" disabled name="b" formAction="/x">go</button>'],
  ['<form>: action, method after the rest', <form method="post" action="/a" id="f">x</form>, '<form id="f" action="/a" method="post">x</form>'],
  ['<object data>', <object data="x.svg" type="image/svg+xml" />, '<object data="x.svg" type="image/svg+xml"></object>'],
  ['<output htmlFor>, aria-live', <output htmlFor="x" aria-live="polite" data-s="" />, '<output for="x" aria-live="polite" data-s></output>'],
  ['number and bigint attribute values', <div data-n={1.5} data-b={2n as unknown as number} tabIndex={0} />, '<div data-n="1.5" data-b="2" tabindex="0"></div>'],
  ['object attribute values become text', <div title={{ toString: () => 'o<' } as unknown as string} />, '<div title="o&lt;"></div>'],
  ['upper-case host type', createElement('DIV', { className: 'x' }, 'y'), '<DIV class="x">y</DIV>'],
]

/**
 * The rows that give React what its development build warns about on purpose (the rule is what React does
 * with it): their warnings are caught here and checked, so `npm test` prints none, and any other row that
 * starts warning fails.
 */
const WARNS = new Set([
  'null, undefined, booleans, functions render nothing',
  'event handlers, functions and symbols dropped',
  'on* names are never attributes, whatever the value',
  'unsafe attribute names dropped',
  'empty href kept on <a>, dropped elsewhere',
  '<option selected> outside a select value',
  'upper-case host type',
])

describe('each rule, as React writes it', () => {
  it.each(RULES)('%s', (what, node, markup) => {
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(same(node)).toBe(markup)
      expect(warnings.mock.calls.length > 0, `React warns about "${what}"`).toBe(WARNS.has(what))
    } finally {
      warnings.mockRestore()
    }
  })
})

describe('refused rather than rendered differently', () => {
  const Ctx = createContext(0)
  class Klass extends Component {
    override render() {
      return <div />
    }
  }
  const Memo = memo(() => <div />)
  const Ref = forwardRef<HTMLDivElement>((_p, _r) => <div />)
  const cases: [string, ReactNode, RegExp][] = [
    ['<title> (hoisted)', <div><title>t</title></div>, /<title>/],
    ['<title> after an svg closed', <div><svg /><title>t</title></div>, /<title>/],
    ['<img> (preloaded)', <img src="a.png" alt="" />, /<img>/],
    ['<script>', <script>x</script>, /<script>/],
    ['<link>', <link rel="stylesheet" href="a.css" />, /<link>/],
    ['<meta>', <meta name="x" content="y" />, /<meta>/],
    ['<html>', <html><body /></html>, /<html>/],
    ['custom elements', createElement('my-el', { x: 1 }), /custom elements/],
    ['class components', <Klass />, /class components/],
    ['memo', <Memo />, /element type/],
    ['forwardRef', <Ref />, /element type/],
    ['context providers', <Ctx value={1}><div /></Ctx>, /element type/],
    ['Suspense', <Suspense fallback={null}><div /></Suspense>, /element type/],
    ['a function form action', <form action={() => {}} />, /form action/],
    ['promises', <div>{Promise.resolve('x') as unknown as ReactNode}</div>, /promises/],
  ]
  it.each(cases)('%s', (_what, node, message) => {
    expect(() => renderStaticMarkup(node)).toThrow(message)
  })

  it('throws what React throws for invalid trees', () => {
    for (const node of [
      <div>{{ a: 1 } as unknown as ReactNode}</div>,
      <div style={'color:red' as unknown as object} />,
      <div dangerouslySetInnerHTML={{ __html: 'x' }}>y</div>,
      <br>x</br>,
      createElement('bad tag'),
    ]) {
      let expected = ''
      try {
        renderToStaticMarkup(node)
      } catch (err) {
        expected = (err as Error).message
      }
      expect(expected).not.toBe('')
      expect(() => renderStaticMarkup(node)).toThrow(expected)
    }
  })
})

it('renders a tree deeper than the call stack', () => {
  let node: ReactNode = 'x'
  for (let i = 0; i < 100_000; i++) node = <b>{node}</b>
  const html = renderStaticMarkup(node)
  expect(html.length).toBe(100_000 * 7 + 1)
  expect(html.startsWith('<b><b>') && html.endsWith('</b></b>')).toBe(true)
})

// Random trees over the rules: tags (plain, void, pre, select/option, input, svg), attributes (aliased,
// boolean, URL, numbers, data-/aria-, event handlers), style objects, text with specials, components.
describe('random trees render as React renders them', () => {
  const TAGS = ['div', 'span', 'p', 'pre', 'a', 'details', 'summary', 'section', 'ul', 'li', 'code', 'svg', 'path', 'button', 'label', 'select', 'option', 'output', 'table', 'tr', 'td', 'br', 'hr', 'input', 'textarea', 'time', 'nav']
  const PROPS: [string, () => unknown][] = [
    ['className', () => 'c'], ['id', () => 'i"d'], ['title', () => "t'<&>"], ['hidden', () => true], ['open', () => false],
    ['href', () => ''], ['href', () => 'javascript:x'], ['tabIndex', () => 0], ['htmlFor', () => 'f'], ['data-x', () => true],
    ['aria-expanded', () => false], ['strokeWidth', () => 2], ['viewBox', () => '0 0 1 1'], ['onClick', () => () => 1],
    ['value', () => 'v'], ['defaultValue', () => 'v'], ['name', () => 'n'], ['disabled', () => true], ['rows', () => 0],
    ['style', () => ({ marginLeft: 3, zIndex: 2, '--k': 'v', color: '' })], ['dateTime', () => '2020'], ['role', () => 'note'],
    ['spellCheck', () => false], ['selected', () => true], ['download', () => true],
  ]
  const TEXT = ['a', '<&>', '"\'', '\nlead', '', 'é', ' ']
  const Box = ({ children, tone }: { children?: ReactNode; tone: string }) => <span data-tone={tone}>{children}</span>

  function tree(random: () => number, depth: number): ReactNode {
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T
    const r = random()
    if (depth > 4 || r < 0.25) return r < 0.05 ? pick([null, false, 7, 0]) : pick(TEXT)
    if (r < 0.35) return [tree(random, depth + 1), tree(random, depth + 1)]
    if (r < 0.42) return <Box tone={pick(TEXT)}>{tree(random, depth + 1)}</Box>
    if (r < 0.46) return <>{tree(random, depth + 1)}{tree(random, depth + 1)}</>
    const tag = pick(TAGS)
    const props: Record<string, unknown> = {}
    for (let n = Math.floor(random() * 4); n > 0; n--) {
      const [name, value] = pick(PROPS)
      props[name] = value()
    }
    if (tag === 'select' || tag === 'input' || tag === 'textarea') delete props.onClick
    if (tag === 'br' || tag === 'hr' || tag === 'input') return createElement(tag, props)
    if (tag === 'textarea') return createElement(tag, props)
    if (random() < 0.15 && tag !== 'select') return createElement(tag, { ...props, dangerouslySetInnerHTML: { __html: pick(TEXT) } })
    const kids: ReactNode[] = []
    for (let n = Math.floor(random() * 4); n > 0; n--) kids.push(tree(random, depth + 1))
    return createElement(tag, props, ...kids)
  }

  it('2,000 seeded trees', () => {
    const random = seededRandom(14)
    const quiet = console.error
    // React's development build warns about the odd nesting random trees make; the markup is what counts.
    console.error = () => {}
    try {
      let rendered = 0
      for (let i = 0; i < 2000; i++) {
        const node = <div key={i}>{tree(random, 0)}</div>
        let expected: string
        try {
          expected = renderToStaticMarkup(node)
        } catch (err) {
          expect(() => renderStaticMarkup(node)).toThrow((err as Error).message)
          continue
        }
        expect(renderStaticMarkup(node)).toBe(ownQuotes(expected))
        rendered++
      }
      // Most trees are valid: the comparison is of markup, not of errors.
      expect(rendered).toBeGreaterThan(1500)
    } finally {
      console.error = quiet
    }
  })
})
