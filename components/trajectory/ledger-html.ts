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

/**
 * What markup holds besides its bytes, counted as it is written: its elements (each start tag written here
 * is one, as src/site/render/pages/measure.ts counts them; the ledger writes no Copy button) and its deferred
 * links (`<a data-x`, src/site/render/pages/links.ts). The build adds a row's to its page's budget without
 * scanning the markup again (a scan of every row was a tenth of the tab's ledger time).
 */
export interface Tally {
  nodes: number
  links: number
}

/** A new tally at zero. */
export const tally = (): Tally => ({ nodes: 0, links: 0 })

/** Where the counts go when a caller wants the markup only. */
const UNCOUNTED: Tally = tally()

/** ` name="value"`, ` name` when the value is empty, nothing when there is none. */
function attr(name: string, value: string | number | undefined): string {
  if (value === undefined) return ''
  const text = escapeText(value)
  return text === '' ? ` ${name}` : ` ${name}="${text}"`
}

const toneOf = (tone: 'error' | 'muted' | null | undefined): string | undefined => (tone === 'error' ? 'e' : tone === 'muted' ? 'm' : undefined)

export function linkHtml(link: LinkValue, n: Tally = UNCOUNTED): string {
  const to = link.to
  // The log's own words are code (a call and its arguments), the page's words plain.
  let label: string
  if (link.verbatim === true) {
    n.nodes += 2
    label = `<code>${escapeTextContent(link.label)}</code>`
  } else {
    n.nodes += 1
    label = escapeTextContent(link.label)
  }
  if ('tab' in to) return `<span${attr('data-open', to.tab)}>${label}</span>`
  if ('href' in to) return `<a${attr('href', safeUrl(to.href))}>${label}</a>`
  n.links += 1
  return `<a data-x${attr('href', safeUrl(`#${to.target}`))}>${label}</a>`
}

function valueHtml(value: Value, n: Tally): string {
  if (typeof value === 'string') return escapeTextContent(value)
  if (Array.isArray(value)) {
    let html = ''
    for (let i = 0; i < value.length; i++) html += (i > 0 ? ' ' : '') + linkHtml(value[i] as LinkValue, n)
    return html
  }
  if (value.kind === 'link') return linkHtml(value, n)
  n.nodes += 1
  return `<time${attr('data-ms', value.ms)}>${escapeTextContent(value.text)}</time>`
}

function termsHtml(terms: readonly Term[], n: Tally): string {
  let html = '<dl>'
  n.nodes += 1 + 2 * terms.length
  for (const term of terms) {
    html += `<dt${term.indent === true ? ' data-i' : ''}>${escapeTextContent(term.term)}</dt>`
    html += `<dd${attr('data-t', toneOf(term.tone))}>${valueHtml(term.value, n)}</dd>`
  }
  return html + '</dl>'
}

function cutHtml(cut: NonNullable<TextBlock['cut']>, n: Tally): string {
  n.nodes += 2
  return `<p${attr('class', styles.cut)}>${escapeTextContent(cut.note)} <a${attr('href', safeUrl(cut.href))}>${escapeTextContent(cut.label)}</a></p>`
}

/** A `<pre>`'s text: the HTML parser drops a newline right after `<pre>`, so a leading one is doubled. */
const preText = (text: string): string => (text[0] === '\n' ? '\n' : '') + escapeTextContent(text)

function textHtml(block: TextBlock, n: Tally): string {
  const tone = attr('data-t', toneOf(block.tone))
  n.nodes += 1
  const body = block.pre === true ? `<pre${tone}>${preText(block.text)}</pre>` : `<p${tone}>${escapeTextContent(block.text)}</p>`
  return block.cut === undefined ? body : body + cutHtml(block.cut, n)
}

/** Blocks nest only as the view model builds them (a section or fold of blocks, a few levels): not log data. */
function blocksHtml(blocks: readonly Block[], n: Tally): string {
  let html = ''
  for (const block of blocks) html += blockHtml(block, n)
  return html
}

function blockHtml(block: Block, n: Tally): string {
  switch (block.kind) {
    case 'terms':
      return termsHtml(block.terms, n)
    case 'text':
      return textHtml(block, n)
    case 'section':
      n.nodes += 1
      return `<h5>${escapeTextContent(block.heading)}</h5>${blocksHtml(block.blocks, n)}`
    case 'fold':
      n.nodes += 2
      return `<details${block.open ? ' open' : ''}><summary>${escapeTextContent(block.summary)}</summary>${blocksHtml(block.blocks, n)}</details>`
    case 'links': {
      // One link a line: a link's text is a log's text (a call's name and arguments), long and untrusted;
      // run together they wrap into each other, and an unclosed bidi control reads into the next.
      let html = '<ul>'
      n.nodes += 1 + block.links.length
      for (const link of block.links) html += `<li>${linkHtml(link, n)}</li>`
      return html + '</ul>'
    }
    case 'catalog': {
      let html = '<ul>'
      n.nodes += 1 + 2 * block.items.length
      for (const item of block.items) html += `<li><a${attr('href', safeUrl(item.href))}>${escapeTextContent(item.name)}</a>${item.description !== '' ? escapeTextContent(` ${item.description}`) : ''}</li>`
      return html + '</ul>'
    }
    case 'diff': {
      // Runs as React writes an array child: no leading-newline rule (that applies to a single text child).
      let html = `<h5>${escapeTextContent(block.heading)}</h5><pre${attr('class', styles.diff)}>`
      n.nodes += 2
      for (const run of block.runs) {
        if (run.sign !== ' ') n.nodes += 1
        html += run.sign === '+' ? `<ins>${escapeTextContent(run.text)}</ins>` : run.sign === '-' ? `<del>${escapeTextContent(run.text)}</del>` : escapeTextContent(run.text)
      }
      html += '</pre>'
      return block.cut === undefined ? html : html + cutHtml(block.cut, n)
    }
  }
}

export function inspectorHtml(inspector: InspectorModel, n: Tally = UNCOUNTED): string {
  let html = `<h3${attr('data-of', inspector.of)}${attr('data-at', inspector.title.length)}>${escapeTextContent(`${inspector.title} · ${inspector.where}`)}</h3>`
  n.nodes += 1 + inspector.tabs.length
  for (const tab of inspector.tabs) html += `<h4${attr('data-tab', tab.id)}>${escapeTextContent(tab.label)}</h4>${blocksHtml(tab.blocks, n)}`
  return html
}

function contentHtml(row: LedgerRow, n: Tally): string {
  const c = row.content
  let html: string
  if (c.kind === 'tool') {
    // A call's arguments (or its program's description) are the log's text: code, in the row's font.
    n.nodes += c.text !== '' ? 3 : 2
    html = `<span${c.program ? ' data-p' : ''}><code>${escapeTextContent(c.name)}</code>${c.text !== '' ? ` <code data-a>${escapeTextContent(c.text)}</code>` : ''}</span>`
  } else if (c.kind === 'empty') {
    html = ''
  } else {
    n.nodes += 1
    html = `<span${c.kind === 'muted' ? ' data-t="m"' : ''}>${escapeTextContent(c.text)}</span>`
  }
  const result = row.result
  if (result !== null) {
    n.nodes += result.verbatim ? 2 : 1
    html += `<span${attr('data-t', toneOf(result.tone))}>${result.verbatim ? `<code data-a>${escapeTextContent(result.text)}</code>` : escapeTextContent(result.text)}</span>`
  }
  return html
}

/** A row's markup; `n` (when given) counts its elements and deferred links as they are written. */
export function rowHtml(row: LedgerRow, n: Tally = UNCOUNTED): string {
  const marker = row.marker
  const label = row.turnLabel
  let html = `<tr${attr('id', row.id)}${attr('data-k', row.kind)}${attr('data-r', row.request ?? undefined)}${attr('data-s', row.status === 'complete' ? undefined : row.status)}${row.inert ? ' tabindex="-1"' : ' tabindex="0"'}${row.requestOnly ? `${attr('aria-label', row.aria)} data-ro` : ''}>`
  html += `<td${attr('id', marker?.id)}>`
  // The row, its two cells, the fold and its summary.
  n.nodes += 5
  if (marker !== null) {
    n.nodes += 1
    html += `<button type="button" hidden${attr('aria-label', marker.label)} aria-pressed="false"${attr('data-q', marker.status)}></button>`
  }
  if (label !== null) {
    n.nodes += 1
    html += `<b${attr('data-n', label.turn === null ? undefined : label.compact)}>${escapeTextContent(label.text)}</b>`
  }
  if (row.tag !== '') {
    n.nodes += 1
    html += `<span>${escapeTextContent(row.tag)}</span>`
  }
  html += `</td><td><details><summary>${contentHtml(row, n)}</summary>`
  for (const inspector of row.inspectors) html += inspectorHtml(inspector, n)
  if (row.chat !== null) {
    n.nodes += 1
    html += `<p${attr('class', styles.chat)}>${linkHtml(row.chat, n)}</p>`
  }
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
export function sectionHtml(section: LedgerSection, rows: readonly string[] = section.rows.map((row) => rowHtml(row))): string {
  const frame = sectionFrame(section)
  return frame.open + rows.join('') + frame.close
}
