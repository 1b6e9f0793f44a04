/**
 * shiki tokens → the HTML fragment a `CodeBlock.html` holds (architecture.md §2.6, §2.14). Every byte of
 * source text passes through `escapeHtml`; the only markup is `<span class="…">` with class names we
 * compose from numbers, so the result is safe to brand as `SafeHtml`.
 *
 * Fragment format (what `TrustedHtml` drops into a component's box): `<pre class="shiki"><code>` holding the
 * source lines joined with `\n` (no per-line wrapper, so line i of the text is line i of the fragment), one
 * span per run of same-coloured text, default-coloured text bare. Every span is a DOM node and pages have a
 * node budget, so adjacent tokens of one class are merged.
 */
import { pairIndexOf, colorClass } from './theme'

/** The token fields we read (shiki's `ThemedToken` has more). */
export interface ColoredToken {
  content: string
  color?: string
  fontStyle?: number
}

/** shiki's FontStyle bit flags (a const enum upstream, so restated here). */
const ITALIC = 1
const BOLD = 2
const UNDERLINE = 4
const STRIKETHROUGH = 8

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for element content and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, c => ESCAPES[c] ?? c)
}

function classOf(token: ColoredToken): string {
  const names: string[] = []
  const color = colorClass(pairIndexOf(token.color))
  if (color) names.push(color)
  const style = token.fontStyle ?? 0
  if (style > 0) {
    if (style & ITALIC) names.push('ti')
    if (style & BOLD) names.push('tb')
    if (style & UNDERLINE) names.push('tu')
    if (style & STRIKETHROUGH) names.push('ts')
  }
  return names.join(' ')
}

export interface RenderedLines {
  html: string
  /** Spans written: what the fragment adds to a page's DOM node count. */
  spans: number
}

/** Token lines → one fragment. */
export function renderTokenLines(lines: readonly (readonly ColoredToken[])[]): RenderedLines {
  let spans = 0
  const out: string[] = []
  for (const line of lines) {
    let html = ''
    let runClass = ''
    let runText = ''
    const flush = () => {
      if (runText === '') return
      if (runClass === '') html += escapeHtml(runText)
      else {
        html += `<span class="${runClass}">${escapeHtml(runText)}</span>`
        spans++
      }
      runText = ''
    }
    for (const token of line) {
      const cls = classOf(token)
      // Whitespace looks the same in any colour, so it joins the current run instead of splitting it.
      const invisible = /^[ \t]*$/.test(token.content) && !/tu|ts/.test(cls)
      if (cls !== runClass && !invisible) {
        flush()
        runClass = cls
      }
      runText += token.content
    }
    flush()
    out.push(html)
  }
  return { html: `<pre class="shiki"><code>${out.join('\n')}</code></pre>`, spans: spans + 2 }
}
