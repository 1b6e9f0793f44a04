/**
 * Word marks over syntax colours (diff rows, cards.md §7): a diff line that was paired with its counterpart
 * carries `marks` (which words changed); once the line is also coloured, both must show. This reads back a
 * line fragment of render-tokens.ts — only ever our own format: escaped text and `<span class="…">` runs,
 * no nesting — cuts its runs at the mark boundaries and wraps each changed stretch in `<span class="dm">`.
 * Anything that does not read back exactly (a fragment of another shape, marks of another text) gives null,
 * and the caller draws the marks without colours.
 */
import { trustHtml, type SafeHtml } from '../cards/trusted'
import { escapeHtml } from './render-tokens'

export interface Mark {
  text: string
  changed: boolean
}

/** The class of a changed stretch (styled by components/cards/DiffBlock.module.css). */
export const MARK_CLASS = 'dm'

interface Run {
  cls: string
  text: string
}

const UNESCAPE: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }
const unescape = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, e => UNESCAPE[e] ?? e)
const RUN = /<span class="([a-z0-9 ]+)">([^<]*)<\/span>|([^<]+)/gy

function runsOf(html: string): Run[] | null {
  const runs: Run[] = []
  RUN.lastIndex = 0
  while (RUN.lastIndex < html.length) {
    const m = RUN.exec(html)
    if (m === null) return null
    runs.push(m[3] === undefined ? { cls: m[1] ?? '', text: unescape(m[2] ?? '') } : { cls: '', text: unescape(m[3]) })
  }
  return runs
}

const runHtml = (cls: string, text: string) => (text === '' ? '' : cls === '' ? escapeHtml(text) : `<span class="${cls}">${escapeHtml(text)}</span>`)

export function overlayMarks(line: SafeHtml, marks: readonly Mark[]): SafeHtml | null {
  const runs = runsOf(line)
  if (runs === null || runs.map(r => r.text).join('') !== marks.map(m => m.text).join('')) return null
  let out = ''
  let r = 0
  let offset = 0 // into runs[r].text
  for (const mark of marks) {
    let need = mark.text.length
    let inner = ''
    while (need > 0) {
      const run = runs[r]
      if (run === undefined) return null
      const take = Math.min(need, run.text.length - offset)
      inner += runHtml(run.cls, run.text.slice(offset, offset + take))
      need -= take
      offset += take
      if (offset === run.text.length) {
        r++
        offset = 0
      }
    }
    out += mark.changed && inner !== '' ? `<span class="${MARK_CLASS}">${inner}</span>` : inner
  }
  return trustHtml(out)
}
