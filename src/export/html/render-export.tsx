/**
 * A session tree → one self-contained HTML file (`dsh-view export -o FILE.html`). Each session is rendered
 * by the site's own renderer (src/site/render/render-session.tsx: cut, Markdown, highlighting, React, the page
 * budget), so the file shows exactly the cards of the site's pages; only where links point differs (inside
 * the file: `RenderLinks`). The site's pages of a session become its parts, one after another; the root
 * session comes first under the site's page frame (components/layout/SessionPage), each descendant follows
 * as a section with its own header; the full texts of cut outputs are embedded compressed at the end
 * (html/blobs.ts). Budget: html/budget.ts. Document, policy and assets: html/document.ts.
 *
 * In-file ids: `#top` (the start of the file; a browser needs no element for it), `#session-<stem>` for
 * each descendant, `#part-<stem>-<k>` for each part, `#full-<hash>` for each full text, and every row id
 * of the transcripts (descendants' prefixed by html/keys.ts). Deterministic: no clock, content-derived
 * names, sessions and texts in a fixed order.
 */
import { renderStaticMarkup } from '../../site/html/static-markup'
import { PageHeader } from '../../../components/layout/PageHeader'
import { PageNav } from '../../../components/layout/PageNav'
import { SessionPage, SLOT_MARKUP } from '../../../components/layout/SessionPage'
import type { Locale } from '../../cards/types'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../../cards/view-mode'
import { viewModel } from '../../cards/view-model'
import { HighlightCache } from '../../highlight/cache'
import { Highlighter } from '../../highlight/highlighter'
import { escapeHtml } from '../../highlight/render-tokens'
import type { SiteAssets } from '../../site/html/assets'
import { foldControls, headerFacts, promptEntry, sessionChrome, type Family } from '../../site/render/chrome'
import { sessionPrompts, type Prompt } from '../../site/render/prompts'
import { Enricher } from '../../site/render/enrich'
import type { Size } from '../../site/render/pages/measure'
import type { TranscriptParts } from '../../site/render/transcript-parts'
import { SessionRenderer, type RenderLinks } from '../../site/render/render-session'
import { headMarkup } from '../../site/html/shell'
import { attributeValues } from '../../site/html/markup-scan'
import { collectIds } from '../../site/render/pages/anchors'
import { siteText } from '../../site/strings'
import type { PageNav as PageNavModel, SessionChrome } from '../../site/types'
import { familyLinks, familyRelatives, type ExportSession, type Relatives } from '../load'
import { exportText, formatBytes, type ExportText } from '../strings'
import { MAX_BLOB_BYTES, packBlobs, type EmbeddedText } from './blobs'
import { MAX_EXPORT_MARKUP, omittedRuns, planParts } from './budget'
import { exportAssets, exportDocument } from './document'
import { prefixKeys } from './keys'
import type { Conversation } from '../../conversation/model'
import { damagedConversation, failureReason } from '../../site/fold/damaged'
import { encodeIndex, replayAssets } from '../../replay'
import { findBoxFor, shardFile } from '../../search/chrome'
import { sortCounts, toolCounts } from '../../search/shard'
import { exportSearchJson, searchBlock, SEARCH_DATA_ID } from './search'

export interface HtmlExportOptions {
  /** Root first (src/export/load.ts). */
  sessions: readonly ExportSession[]
  assets: SiteAssets
  locale: Locale
  /** The file's default view mode (default `DEFAULT_VIEW_MODE`); the header control switches it. */
  view?: ViewMode
  /** Colour code with shiki (default true). */
  highlight?: boolean
  /** The markup budget (default `MAX_EXPORT_MARKUP`; tests pass a small one). */
  budget?: Size
  /** The search data's budget (default `MAX_EXPORT_SEARCH_BYTES`; tests pass a small one). */
  searchBudget?: number
  /** Hears each session that failed to render (it is shown as a damaged-session part instead). */
  onDamaged?: (session: ExportSession, reason: string) => void
}

export interface HtmlExport {
  /** The file's text in pieces, in order (written piece by piece: a long session's file is never one string). */
  pieces: string[]
  /** The pieces joined (tests; the CLI writes the pieces). */
  readonly html: string
  parts: number
  omittedParts: number
  fullTexts: number
  notEmbedded: number
  /** Even the first part of every session did not fit the markup budget (the file is written anyway). */
  overBudget: boolean
}

export const sessionAnchor = (stem: string) => `session-${stem}`
export const partAnchor = (stem: string, part: number) => `part-${stem}-${part}`
export const fullTextAnchor = (hash: string) => `full-${hash}`

interface Rendered {
  session: ExportSession
  relatives: Relatives
  chrome: SessionChrome
  parts: TranscriptParts
  /** The session's prompts, for its header's list (only those in the parts kept are listed). */
  prompts: Prompt[]
  /** The session's search shard script, as the site would write it (html/search.ts embeds it). */
  shard: string
}

export async function renderHtmlExport(options: HtmlExportOptions): Promise<HtmlExport> {
  const [root] = options.sessions
  if (root === undefined) throw new Error('nothing to export')
  const text = siteText(options.locale)
  const t = exportText(options.locale)
  const lang = options.locale === 'zh' ? 'zh-CN' : 'en'
  const viewMode = options.view ?? DEFAULT_VIEW_MODE
  const highlighter = options.highlight === false ? null : new Highlighter(new HighlightCache(null))
  const hrefOf = (stem: string) => (stem === root.stem ? '#top' : `#${sessionAnchor(stem)}`)
  const links: RenderLinks = { child: hrefOf, fullText: (_stem, hash) => `#${fullTextAnchor(hash)}` }

  const rendered: Rendered[] = []
  const texts = new Map<string, string>()
  /** Every session's tool rows by tool, for the one find box's tool filter. */
  const tools = new Map<string, number>()
  const relativesBySession = familyRelatives(options.sessions, familyLinks(options.sessions))
  for (const session of options.sessions) {
    const relatives = relativesBySession.get(session) as Relatives
    const family: Family = {
      parent: relatives.parent === null ? null : { summary: relatives.parent.session.summary, anchor: relatives.parent.anchor },
      children: relatives.children.map(c => c.summary),
    }
    const renderOne = async (conversation: Conversation) => {
      const plain = viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale: options.locale })
      const view = session === root ? plain : prefixKeys(plain, `${session.stem}/`)
      const facts = headerFacts(session.summary, conversation.facts, text)
      const renderer = new SessionRenderer(options.assets.shell, text, new Enricher(highlighter))
      return { facts, prompts: sessionPrompts(view), tools: toolCounts(view), out: await renderer.render({ view, summary: session.summary, facts, family, childByCall: relatives.childByCall, lang, baseUrl: null, links, viewMode }) }
    }
    let done: Awaited<ReturnType<typeof renderOne>>
    try {
      done = await renderOne(session.conversation)
    } catch (error) {
      // One session dsh-view fails on becomes its damaged-session part; the file keeps the others (issue 17).
      const { reason, line } = failureReason('render', error)
      options.onDamaged?.(session, reason)
      done = await renderOne(damagedConversation(session.conversation.header, reason, line))
    }
    const { facts, out, prompts } = done
    for (const [tool, n] of done.tools) tools.set(tool, (tools.get(tool) ?? 0) + n)
    const shardPath = `sessions/${shardFile(session.summary.slug)}`
    const shard = out.files.find(f => f.path === shardPath)?.content
    if (typeof shard !== 'string') throw new Error(`the render of ${session.id} wrote no search shard`)
    for (const side of out.sideTexts) if (!texts.has(side.hash)) texts.set(side.hash, side.text)
    const chrome = sessionChrome(session.summary, facts, family, 1, 1, text, viewMode, session.tornTail)
    rendered.push({
      session,
      relatives,
      parts: out.transcripts,
      prompts,
      shard,
      chrome: {
        ...chrome,
        // The file's own header is its top: a link to the top there would go nowhere.
        index: session === root ? null : { href: '#top', label: t.top },
        // One Expand all / Collapse all for the file (it opens every fold of every session in it).
        folds: session === root ? foldControls(text) : null,
        children: relatives.children.map(c => ({ href: hrefOf(c.stem), label: c.summary.title })),
        nav: null,
        // One view-mode control for the file: in the page header, not in each descendant's.
        viewSwitch: session === root ? chrome.viewSwitch : null,
      },
    })
  }

  const budget = options.budget ?? MAX_EXPORT_MARKUP
  const plan = planParts(rendered.map(r => Array.from({ length: r.parts.length }, (_, k) => r.parts.size(k))), budget)
  // Only the parts kept become strings (each once; partsMarkup uses them again).
  const keptTexts = rendered.map((r, i) => Array.from({ length: r.parts.length }, (_, k) => (plan.kept[i]?.[k] !== false ? r.parts.text(k) : null)))
  const kept = (_r: Rendered, i: number) => (keptTexts[i] ?? []).filter((p): p is string => p !== null)
  // A parent link goes to the spawning call's row when that row made it into the file.
  // Ids per session, read part by part (the kept markup is never joined: up to 16 MB a copy).
  const keptIds = rendered.map((r, i) => kept(r, i).flatMap(part => collectIds(part)))
  for (const r of rendered) {
    const parent = r.relatives.parent
    if (r.chrome.parent === null || parent === null) continue
    const p = rendered.findIndex(x => x.session === parent.session)
    const anchored = parent.anchor !== null && (keptIds[p] ?? []).includes(parent.anchor)
    r.chrome = { ...r.chrome, parent: { ...r.chrome.parent, link: { ...r.chrome.parent.link, href: anchored ? `#${parent.anchor}` : hrefOf(parent.session.stem) } } }
  }

  // Each header lists its session's prompts that made it into the file, each linked within the file.
  rendered.forEach((r, i) => {
    const ids = new Set(keptIds[i] ?? [])
    const here = r.prompts.filter(p => ids.has(p.id))
    r.chrome = { ...r.chrome, prompts: here.length === 0 ? null : { label: text.prompts, summary: text.promptsSummary(r.prompts.length), entries: here.map(p => promptEntry(p, r.session.stem, 1, true, text)), note: null, all: null } }
  })

  const main: string[] = []
  let omittedParts = 0
  rendered.forEach((r, i) => {
    const flags = plan.kept[i] ?? []
    const body = partsMarkup(r, keptTexts[i] ?? [], flags, t, i === 0, budget)
    omittedParts += flags.filter(k => !k).length
    if (i === 0) {
      main.push(...body)
      return
    }
    const header = renderStaticMarkup(<PageHeader chrome={r.chrome} allSessions={text.allSessions} />)
    main.push(`<section id="${escapeHtml(sessionAnchor(r.session.stem))}" data-export-session="" aria-label="${escapeHtml(r.chrome.title)}">${demoteTitle(header)}`, ...body, '</section>')
  })

  // Only texts some kept part links to, in order of first appearance.
  const order: string[] = []
  const seen = new Set<string>()
  rendered.forEach((r, i) => {
    for (const part of kept(r, i)) {
      for (const href of attributeValues(part, 'href')) {
        const hash = /^#full-([0-9a-f]+)$/.exec(href)?.[1]
        if (hash !== undefined && !seen.has(hash)) {
          seen.add(hash)
          order.push(hash)
        }
      }
    }
  })
  const blobs = packBlobs(order.flatMap(hash => { const v = texts.get(hash); return v === undefined ? [] : [{ hash, text: v }] }))
  main.push(appendix(blobs, t))

  const [first] = rendered
  if (first === undefined) throw new Error('nothing rendered')
  // One find box for the file, over every session in it (html/search.ts): the site's box and script.
  const find = { ...findBoxFor(sortCounts(tools), root.stem, options.locale), shard: `#${SEARCH_DATA_ID}` }
  const search = exportSearchJson(
    rendered.map((r, i) => ({ script: r.shard, ids: new Set(keptIds[i] ?? []) })),
    { stem: root.stem, title: first.chrome.title },
    options.searchBudget,
  )
  main.push(searchBlock(search))
  const frame = renderStaticMarkup(<SessionPage chrome={first.chrome} skipLabel={text.skipToTranscript} allSessions={text.allSessions} footer={text.generatedBy} find={find} />)
  if (!frame.includes(SLOT_MARKUP)) throw new Error('SessionPage no longer renders its transcript slot')
  const at = frame.indexOf(SLOT_MARKUP)
  const replay = replayBlock(root, kept(first, 0))
  const body = [frame.slice(0, at), ...main, frame.slice(at + SLOT_MARKUP.length), ...(replay === null ? [] : [`\n${replay}`])]
  const head = headMarkup(first.chrome.title, null, null, replay === null ? null : { src: `#${REPLAY_DATA_ID}`, page: 1, autoplay: true })
  const pieces = exportDocument(exportAssets(options.assets), { lang, head, body, view: viewMode })
  return {
    pieces,
    get html() {
      return pieces.join('')
    },
    parts: rendered.reduce((n, r) => n + r.parts.length, 0),
    omittedParts,
    fullTexts: blobs.length,
    notEmbedded: blobs.filter(b => b.data === null).length,
    overBudget: plan.overBudget,
  }
}

/** The element holding an export's replay data (`export --replay`). */
export const REPLAY_DATA_ID = 'dsh-replay-data'

/**
 * `export --replay`: the root session's replay data as a JSON data block (`<script type="application/json">`:
 * never executed, so the file's policy needs no hash for it; `<` escaped, so no text in it can end the
 * block). The root's kept parts play as one page — the player finds its rows in the file's transcripts
 * outside the descendants' sections; rows of parts left out for the budget are left out of the replay.
 * An untimed log plays paced. Null without a schedule or with nothing to play.
 */
function replayBlock(root: ExportSession, parts: readonly string[]): string | null {
  const schedule = root.schedule
  if (schedule === null || schedule.items.length === 0) return null
  // Each part is one transcript landmark; its rows' ids are those inside it (the landmark's start tag has none).
  const ids = parts.flatMap(part => collectIds(part.slice(part.indexOf('>') + 1)))
  const assets = replayAssets(schedule, [{ page: '', ids, data: null }])
  const json = JSON.stringify(encodeIndex(assets.index)).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${REPLAY_DATA_ID}">${json}</script>`
}

/** A descendant's header sits below the file's one `h1`. */
function demoteTitle(header: string): string {
  if (header.split('<h1').length !== 2 || header.split('</h1>').length !== 2) throw new Error('PageHeader no longer renders one h1')
  return header.replace('<h1', '<h2').replace('</h1>', '</h2>')
}

function partsMarkup(r: Rendered, texts: readonly (string | null)[], kept: readonly boolean[], t: ExportText, isRoot: boolean, budget: Size): string[] {
  const stem = r.session.stem
  const runs = omittedRuns(kept)
  const noteOf = (k: number) => runs.find(([a, b]) => k >= a && k <= b)
  const out: string[] = []
  if (r.parts.length > 1) {
    const nav: PageNavModel = {
      label: isRoot ? t.parts : `${t.parts}: ${r.chrome.title}`,
      position: t.partsCount(r.parts.length),
      previous: null,
      next: null,
      pages: texts.map((_, k) => ({ href: `#${partAnchor(stem, (noteOf(k)?.[0] ?? k) + 1)}`, label: String(k + 1), current: false })),
    }
    out.push(renderStaticMarkup(<PageNav nav={nav} />))
  }
  texts.forEach((part, k) => {
    const run = noteOf(k)
    if (run !== undefined) {
      if (run[0] !== k) return
      let bytes = 0
      for (let j = run[0]; j <= run[1]; j++) bytes += r.parts.byteLength(j)
      const note = t.omitted(run[0] + 1, run[1] + 1, r.parts.length, formatBytes(bytes), formatBytes(budget.bytes))
      out.push(`<p id="${escapeHtml(partAnchor(stem, k + 1))}" data-export-note-block="" role="note">${escapeHtml(note)}</p>`)
      return
    }
    if (part === null) throw new Error(`transcript part ${k + 1} was left out but is not in an omitted run`)
    out.push(`<div id="${escapeHtml(partAnchor(stem, k + 1))}" data-export-part="${isRoot && k === 0 ? 'first' : ''}">`, part, '</div>')
  })
  return out
}

function appendix(blobs: readonly EmbeddedText[], t: ExportText): string {
  if (blobs.length === 0) return ''
  const labels = { show: t.show, hide: t.hide, loading: t.loading, failed: t.failed, unsupported: t.unsupported }
  const data = Object.entries(labels).map(([k, v]) => ` data-${k}-label="${escapeHtml(v)}"`).join('')
  let out = `<section id="dsh-full-texts" data-export-appendix=""${data} aria-labelledby="dsh-full-texts-title"><h2 id="dsh-full-texts-title">${escapeHtml(t.fullTexts)}</h2><p>${escapeHtml(t.fullTextsIntro)}</p>`
  blobs.forEach((b, i) => {
    out += `<div id="${fullTextAnchor(b.hash)}" data-export-full="" data-hash="${b.hash}"><p>${escapeHtml(t.fullTextEntry(i + 1, formatBytes(b.bytes), b.lines))}</p>`
    if (b.data === null) out += `<p>${escapeHtml(t.notEmbedded(formatBytes(MAX_BLOB_BYTES)))}</p>`
    else {
      out += `<p data-export-note="">${escapeHtml(t.needsScript)}</p><button type="button" hidden="" data-export-show="" aria-expanded="false">${escapeHtml(t.show)}</button>`
      out += `<script type="application/octet-stream" data-export-blob="">${b.data}</script>`
    }
    out += '</div>'
  })
  return `${out}</section>`
}

