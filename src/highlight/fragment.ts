/**
 * Reading back the fragments render-tokens.ts writes (architecture.md §2.6, §2.14): `fragmentLines` cuts a
 * block fragment into one fragment per source line, and `fragmentText` checks that a fragment has exactly
 * our shape — `<pre class="shiki"><code>`, escaped text and flat `<span class="…">` runs with class names
 * made of letters and digits — and gives back the text it shows. The live page (fetch-highlighter.ts) gets
 * its fragments over HTTP and only trusts one whose text is the text it asked to colour, so nothing but
 * coloured spans around that very text can reach the page. Pure: the browser bundle imports it.
 */
import { trustHtml, type SafeHtml } from '../cards/trusted'

const PRE_OPEN = '<pre class="shiki"><code>'
const PRE_CLOSE = '</code></pre>'

/**
 * A block fragment cut into one fragment per source line (render-tokens.ts writes no span across a line
 * break, and escaped text holds no newline, so each piece is balanced markup on its own).
 */
export function fragmentLines(html: SafeHtml): SafeHtml[] {
  const inner = html.startsWith(PRE_OPEN) && html.endsWith(PRE_CLOSE) ? html.slice(PRE_OPEN.length, -PRE_CLOSE.length) : html
  return inner.split('\n').map(trustHtml)
}

/** A coloured run, or a stretch of default-coloured text; `y`: each match starts where the last ended. */
const RUN = /<span class="[a-z0-9]+(?: [a-z0-9]+)*">([^<>]*)<\/span>|([^<>]+)/y
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** Text as `escapeHtml` wrote it, unescaped; null when it holds anything `escapeHtml` never writes. */
function unescape(text: string): string | null {
  let bad = false
  const out = text.replace(/&[a-z0-9#]*;?|["']/g, (m) => {
    const plain = ENTITIES[m]
    if (plain === undefined) bad = true
    return plain ?? ''
  })
  return bad ? null : out
}

/** The text a block fragment shows, or null when the fragment is not of render-tokens.ts's shape. */
export function fragmentText(html: string): string | null {
  if (!html.startsWith(PRE_OPEN) || !html.endsWith(PRE_CLOSE) || html.length < PRE_OPEN.length + PRE_CLOSE.length) return null
  const end = html.length - PRE_CLOSE.length
  let text = ''
  RUN.lastIndex = PRE_OPEN.length
  while (RUN.lastIndex < end) {
    const at = RUN.lastIndex
    const m = RUN.exec(html)
    // Neither alternative can cross `</code></pre>` (both stop at a `<`), so a run ends by `end`.
    if (m === null || m.index !== at) return null
    const plain = unescape(m[1] ?? m[2] ?? '')
    if (plain === null) return null
    text += plain
  }
  return text
}
