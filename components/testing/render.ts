/**
 * Test rendering: components are rendered exactly as the site ships them (src/site/html/static-markup.ts, whose
 * markup is React's `renderToStaticMarkup`'s), then parsed into the test's happy-dom document so tests query
 * roles and structure on real DOM.
 */
import type { ReactElement } from 'react'
import { renderStaticMarkup } from '../../src/site/html/static-markup'
import { dressCopyButton, syncDisclosures } from '../enhance/enhance'

export function mount(element: ReactElement): HTMLElement {
  const parsed = new DOMParser().parseFromString(renderStaticMarkup(element), 'text/html')
  document.body.replaceChildren(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)))
  return document.body
}

/**
 * `root` as the page script shows it in a page of language `lang`: each bare Copy button dressed with its
 * class and label or icon (components/enhance `dressCopyButton`; the server writes none of them), and each
 * disclosure summary a button with its expanded state (`syncDisclosures`; the markup leaves the role out).
 */
export function withScript(root: HTMLElement, lang = 'en'): HTMLElement {
  const doc = root.ownerDocument
  const before = doc.documentElement.lang
  doc.documentElement.lang = lang
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) dressCopyButton(button)
  syncDisclosures(root)
  doc.documentElement.lang = before
  return root
}

/** Block-level tags: like a browser's accessibility text, words in separate blocks do not run together. */
const BLOCKS = new Set(['DIV', 'P', 'PRE', 'SECTION', 'LI', 'OL', 'UL', 'DETAILS', 'SUMMARY', 'BUTTON', 'H1', 'H2', 'H3', 'TABLE', 'TR', 'TD'])

function rawText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? ''
  if (!(node instanceof Element)) return ''
  let out = ''
  for (const child of node.childNodes) out += rawText(child)
  return BLOCKS.has(node.tagName) ? ` ${out} ` : out
}

/** Normalised text (whitespace collapsed, blocks separated), as a reader would see the words. */
export const textOf = (el: Element | null): string => (el === null ? '' : rawText(el).replace(/\s+/g, ' ').trim())

/** Accessible-name-ish text of a summary/button: its text without aria-hidden parts, whitespace collapsed. */
export function nameOf(el: Element | null): string {
  if (el === null) return ''
  const clone = el.cloneNode(true)
  if (!(clone instanceof Element)) return ''
  for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
  return textOf(clone)
}

/**
 * The body of the first disclosure row's `<details>` under `root` (or of `root` itself when it is one): the
 * details' children after its summary, copied into a detached `<div>` so a test can query and read them as
 * one element (the page has no body wrapper: the body's box is the details' `::details-content`).
 */
export function rowBody(root: Element | null): HTMLElement | null {
  const details = root?.matches('details') === true ? root : (root?.querySelector('details') ?? null)
  if (details === null) return null
  const body = document.createElement('div')
  for (const child of details.childNodes) if (!(child instanceof Element && child.tagName === 'SUMMARY')) body.append(child.cloneNode(true))
  return body
}

