/**
 * The ledger's markup (trajectory.md §2, §3, §5), written as strings: one section of the ledger (a turn, a
 * standalone compaction, or part of either) is a `<tbody>` of the page's one ledger table, and a row is two
 * cells, no column headers:
 * - the event cell (`id="req-N"` on a request's marker row: what the Chat links to) holds the request marker
 *   (a button the page script reveals: without script it could do nothing), the turn label (`Turn 3`; its
 *   compact `#3` in `data-n` for narrow layouts) and the kind tag;
 * - the content cell is a fold: its summary is what the row says (a tool: its name in monospace, its
 *   arguments, then `→` and the result, red when it failed), its body the details of the record and, on a
 *   marker row, of its request (`inspectorHtml`), and the way back to the record's Chat row.
 * The row's `id` is `rec-N`; `data-k` its kind, `data-r` its request (the page script counts a folded turn's
 * steps by it). A row's accessible name is set by the page script from its parts (`Request 1, ASSISTANT,
 * …`, §9) — written here it would repeat every row's text on the page; a request-only row, which has no
 * parts to read, carries its name.
 *
 * An inspector is flat, so a page holds as few elements as the content allows: an `<h3>` per inspector
 * (`data-of` says whose: `req`, `rec`) naming it and where it sits (`Request #1 · Turn 1`; `data-at` is the
 * name's length, so the panel can set the two apart without a second element), then each tab as an
 * `<h4 data-tab>` followed by its content, up to the next heading. Without script the tabs read one after
 * another; the page script (src/site/client/trajectory) moves a selected row's fold into the Event details
 * panel and turns the headings into the client's tab list. Links to other records are written `data-x` with
 * an id (`#rec-41`): the site points each at the page that holds it (src/site/render/pages/links.ts). Started times
 * carry their epoch (`data-ms`), for a script to show the reader's local time and the Unix form; the toggle's
 * titles are the ledger table's (`data-unix`, `data-local`), once a page.
 *
 * Why strings and not React: a long session's ledger is most of its Trajectory pages (every record carries
 * its inspector, so the page reads without script and prints), and building an element tree per row only to
 * serialise it was a large share of the tab's build time (issue 29's budget). The markup is what the site's
 * React renderer (src/site/html/static-markup.ts) writes for the same tree, byte for byte, with its escaping:
 * every text through `escapeTextContent`, every attribute value through `escapeText`, every URL through
 * `safeUrl`, an empty attribute written bare. Session text is only ever text here.
 */
import { escapeText, escapeTextContent, safeUrl } from '../../src/site/html/static-markup'
import type { Block, InspectorModel, LedgerRow, LedgerSection, LinkValue, Term, TextBlock, Value } from '../../src/trajectory-view/types'
import styles from './Trajectory.module.css'

/** ` name="value"`, ` name` when the value is empty, nothing when there is none. */
function attr(name: string, value: string | number | undefined): string {
  if (value === undefined) return ''
  const text = escapeText(value)
  return text === '' ? ` ${name}` : ` ${name}="${text}"`
}

const toneOf = (tone: 'error' | 'muted' | null | undefined): string | undefined => (tone === 'error' ? 'e' : tone === 'muted' ? 'm' : undefined)

export function linkHtml(link: LinkValue): string {
  const to = link.to
  // The log's own words are code (a call and its arguments), the page's words plain.
  const label = link.verbatim === true ? `<code>${escapeTextContent(link.label)}</code>` : escapeTextContent(link.label)
  if ('tab' in to) return `<span${attr('data-open', to.tab)}>${label}</span>`
  if ('href' in to) return `<a${attr('href', safeUrl(to.href))}>${label}</a>`
  return `<a data-x${attr('href', safeUrl(`#${to.target}`))}>${label}</a>`
}

function valueHtml(value: Value): string {
  if (typeof value === 'string') return escapeTextContent(value)
  if (Array.isArray(value)) {
    let html = ''
    for (let i = 0; i < value.length; i++) html += (i > 0 ? ' ' : '') + linkHtml(value[i] as LinkValue)
    return html
  }
  if (value.kind === 'link') return linkHtml(value)
  return `<time${attr('data-ms', value.ms)}>${escapeTextContent(value.text)}</time>`
}

function termsHtml(terms: readonly Term[]): string {
  let html = '<dl>'
  for (const term of terms) {
    html += `<dt${attr('data-i', term.indent === true ? '' : undefined)}>${escapeTextContent(term.term)}</dt>`
    html += `<dd${attr('data-t', toneOf(term.tone))}>${valueHtml(term.value)}</dd>`
  }
  return html + '</dl>'
}

function cutHtml(cut: NonNullable<TextBlock['cut']>): string {
  return `<p${attr('class', styles.cut)}>${escapeTextContent(cut.note)} <a${attr('href', safeUrl(cut.href))}>${escapeTextContent(cut.label)}</a></p>`
}

/** A `<pre>`'s text: the HTML parser drops a newline right after `<pre>`, so a leading one is doubled. */
const preText = (text: string): string => (text[0] === '\n' ? '\n' : '') + escapeTextContent(text)

function textHtml(block: TextBlock): string {
  const tone = attr('data-t', toneOf(block.tone))
  const body = block.pre === true ? `<pre${tone}>${preText(block.text)}</pre>` : `<p${tone}>${escapeTextContent(block.text)}</p>`
  return block.cut === undefined ? body : body + cutHtml(block.cut)
}

/** Blocks nest only as the view model builds them (a section or fold of blocks, a few levels): not log data. */
function blocksHtml(blocks: readonly Block[]): string {
  let html = ''
  for (const block of blocks) html += blockHtml(block)
  return html
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'terms':
      return termsHtml(block.terms)
    case 'text':
      return textHtml(block)
    case 'section':
      return `<h5>${escapeTextContent(block.heading)}</h5>${blocksHtml(block.blocks)}`
    case 'fold':
      return `<details${block.open ? ' open' : ''}><summary>${escapeTextContent(block.summary)}</summary>${blocksHtml(block.blocks)}</details>`
    case 'links': {
      // One link a line: a link's text is a log's text (a call's name and arguments), long and untrusted;
      // run together they wrap into each other, and an unclosed bidi control reads into the next.
      let html = '<ul>'
      for (const link of block.links) html += `<li>${linkHtml(link)}</li>`
      return html + '</ul>'
    }
    case 'catalog': {
      let html = '<ul>'
      for (const item of block.items) html += `<li><a${attr('href', safeUrl(item.href))}>${escapeTextContent(item.name)}</a>${item.description !== '' ? escapeTextContent(` ${item.description}`) : ''}</li>`
      return html + '</ul>'
    }
    case 'diff': {
      // Runs as React writes an array child: no leading-newline rule (that applies to a single text child).
      let html = `<h5>${escapeTextContent(block.heading)}</h5><pre${attr('class', styles.diff)}>`
      for (const run of block.runs) html += run.sign === '+' ? `<ins>${escapeTextContent(run.text)}</ins>` : run.sign === '-' ? `<del>${escapeTextContent(run.text)}</del>` : escapeTextContent(run.text)
      html += '</pre>'
      return block.cut === undefined ? html : html + cutHtml(block.cut)
    }
  }
}

export function inspectorHtml(inspector: InspectorModel): string {
  let html = `<h3${attr('data-of', inspector.of)}${attr('data-at', inspector.title.length)}>${escapeTextContent(`${inspector.title} · ${inspector.where}`)}</h3>`
  for (const tab of inspector.tabs) html += `<h4${attr('data-tab', tab.id)}>${escapeTextContent(tab.label)}</h4>${blocksHtml(tab.blocks)}`
  return html
}

function contentHtml(row: LedgerRow): string {
  const c = row.content
  let html =
    c.kind === 'tool'
      ? // A call's arguments (or its program's description) are the log's text: code, in the row's font.
        `<span${attr('data-p', c.program ? '' : undefined)}><code>${escapeTextContent(c.name)}</code>${c.text !== '' ? ` <code data-a>${escapeTextContent(c.text)}</code>` : ''}</span>`
      : c.kind === 'empty'
        ? ''
        : `<span${attr('data-t', c.kind === 'muted' ? 'm' : undefined)}>${escapeTextContent(c.text)}</span>`
  const result = row.result
  if (result !== null) html += `<span${attr('data-t', toneOf(result.tone))}>${result.verbatim ? `<code data-a>${escapeTextContent(result.text)}</code>` : escapeTextContent(result.text)}</span>`
  return html
}

export function rowHtml(row: LedgerRow): string {
  const marker = row.marker
  const label = row.turnLabel
  let html = `<tr${attr('id', row.id)}${attr('data-k', row.kind)}${attr('data-r', row.request ?? undefined)}${attr('data-s', row.status === 'complete' ? undefined : row.status)}${attr('tabindex', row.inert ? -1 : 0)}${attr('aria-label', row.requestOnly ? row.aria : undefined)}${attr('data-ro', row.requestOnly ? '' : undefined)}>`
  html += `<td${attr('id', marker?.id)}>`
  if (marker !== null) html += `<button type="button" hidden${attr('aria-label', marker.label)} aria-pressed="false"${attr('data-q', marker.status)}></button>`
  if (label !== null) html += `<b${attr('data-n', label.turn === null ? undefined : label.compact)}>${escapeTextContent(label.text)}</b>`
  if (row.tag !== '') html += `<span>${escapeTextContent(row.tag)}</span>`
  html += `</td><td><details><summary>${contentHtml(row)}</summary>`
  for (const inspector of row.inspectors) html += inspectorHtml(inspector)
  if (row.chat !== null) html += `<p${attr('class', styles.chat)}>${linkHtml(row.chat)}</p>`
  return html + '</details></td></tr>'
}

/** A section's `<tbody>` around its rows: the start tag and the end tag (a long section is split between rows). */
export function sectionFrame(section: Pick<LedgerSection, 'anchor' | 'turn'>): { open: string; close: string } {
  return { open: `<tbody${attr('id', section.anchor ?? undefined)}${attr('data-turn', section.turn ?? undefined)}>`, close: '</tbody>' }
}

/**
 * A whole section: its frame around its rows (`rows`, when the caller has written them already to measure
 * them). The build's page pieces (src/site/render/trajectory/render-trajectory.tsx) and the live page's new
 * sections (src/live/browser/trajectory-ledger.ts) are this one markup.
 */
export function sectionHtml(section: LedgerSection, rows: readonly string[] = section.rows.map(rowHtml)): string {
  const frame = sectionFrame(section)
  return frame.open + rows.join('') + frame.close
}
