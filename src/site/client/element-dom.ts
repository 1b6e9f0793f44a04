/**
 * A component's elements made into DOM nodes in the browser (the overview redrawn for the index filters,
 * components/index/overview-client.tsx): the same JSX the build renders to markup, built with
 * `createElement`/`setAttribute`/text nodes rather than parsed from a string, so the page script has no raw
 * HTML seam (test/repo/trusted-html.test.ts). It knows what those components use — host elements, function
 * components, fragments, arrays, text — and refuses raw HTML props; SVG elements get the SVG namespace and
 * React's hyphenated names for the presentation attributes. The trees are ours and a few levels deep (their
 * shape never comes from a log), so the walk recurses.
 */
import type { ReactNode } from 'react'
import { Fragment } from 'react/jsx-runtime'

const SVG_NS = 'http://www.w3.org/2000/svg'
/** React prop → attribute, where they differ, for the props our components set. */
const NAMES = new Map([
  ['className', 'class'],
  ['htmlFor', 'for'],
  ['textAnchor', 'text-anchor'],
  ['strokeWidth', 'stroke-width'],
  ['strokeDasharray', 'stroke-dasharray'],
  ['dominantBaseline', 'dominant-baseline'],
])

interface Element {
  type: unknown
  props: Record<string, unknown> & { children?: ReactNode }
}

const isElement = (node: unknown): node is Element => typeof node === 'object' && node !== null && 'type' in node && 'props' in node

export function elementToDom(doc: Document, node: ReactNode, svg = false): Node[] {
  if (node === null || node === undefined || typeof node === 'boolean') return []
  if (typeof node === 'string' || typeof node === 'number') return [doc.createTextNode(String(node))]
  if (Array.isArray(node)) return node.flatMap((n: ReactNode) => elementToDom(doc, n, svg))
  if (!isElement(node)) throw new Error('elementToDom: not an element')
  const { type, props } = node
  if (type === Fragment) return elementToDom(doc, props.children, svg)
  if (typeof type === 'function') return elementToDom(doc, (type as (p: unknown) => ReactNode)(props), svg)
  if (typeof type !== 'string') throw new Error('elementToDom: unsupported element type')
  const inSvg = svg || type === 'svg'
  const el = inSvg ? doc.createElementNS(SVG_NS, type) : doc.createElement(type)
  for (const [name, value] of Object.entries(props)) {
    if (name === 'children' || value === undefined || value === null || value === false) continue
    if (name === 'dangerouslySetInnerHTML' || /^on/i.test(name) || typeof value === 'function') throw new Error(`elementToDom: refuses ${name}`)
    if (name === 'href' && !/^(https?:|[^:]*$)/i.test(String(value))) continue
    el.setAttribute(NAMES.get(name) ?? name, value === true ? '' : String(value))
  }
  el.append(...elementToDom(doc, props.children, inSvg))
  return [el]
}
