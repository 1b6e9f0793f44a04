/**
 * Tool rows and their cards in the text snapshot (cards.md §4–§13): the headline a reader sees collapsed
 * (`tool Bash · Echo hi  #tool:call_1`), one line of row facts (wire name, variant, state, leading slot,
 * hidden status and where it sits, summary style), then the card the row opens to with its key fields —
 * terminal prompts, exit pill and output; diff rows with word marks and their folds of unchanged lines; read lines; search
 * rows; web sources; the IN/OUT body; the skill region — then the `Inspect` pill and the code-dispatch
 * children, nested. Every string comes from the card model; nothing is derived here.
 */
import type {
  AnsiLine, DetailGroup, DetailItem, DetailsBody, DiffCardModel, DiffRow, ImageCardBody, IoBody, PresentBody, QuestionCardBody, ReadCardModel,
  RowBody, RowWindow, SearchCardModel, SkillBody,
  TerminalCardModel, ToolRowModel, WebCardModel,
} from '../../cards/types'
import { CLIP_TEXT, type SnapshotWriter } from './writer'

const quoted = (w: SnapshotWriter, s: string) => `"${w.one(s)}"`

export function writeToolRow(w: SnapshotWriter, row: ToolRowModel): void {
  const summary = row.summary === '' ? '' : ` · ${w.one(row.summary)}`
  const suffix = row.summarySuffix === null ? '' : ` ${row.summarySuffix}`
  const status = row.summaryStatus == null ? '' : ` ⟨· ${w.one(row.summaryStatus)} while closed⟩`
  w.line(`tool ${row.title}${summary}${status}${suffix}  #${row.key}`)
  w.nest(() => {
    const facts = [
      row.tool === '' ? 'orphan result' : row.tool,
      `variant ${row.variant}`,
      row.layout === 'tool' ? null : `layout ${row.layout}`,
      row.state === row.modelState ? `state ${row.state}` : `state ${row.state} (model ${row.modelState})`,
      row.dot === null ? `icon ${row.icon}` : `dot ${row.dot}`,
      row.hiddenStatus === null ? null : `hidden ${quoted(w, row.hiddenStatus)} ${row.hiddenStatusPlacement}`,
      row.summaryStyle === 'text' ? null : row.summaryStyle === 'file-link' ? `file link ${row.filePath ?? ''}` : 'failure line',
      row.expandable ? 'expandable' : 'not expandable',
    ]
    w.line(facts.filter((f): f is string => f !== null).join(' · '))
    if (row.body !== null) writeBody(w, row.body)
    writeDetails(w, row)
    if (row.children.length > 0) {
      w.line(`subcalls (${row.children.length}):`)
      w.nest(() => row.children.forEach((child) => writeToolRow(w, child)))
    }
  })
}

function writeDetails(w: SnapshotWriter, row: ToolRowModel): void {
  const d = row.details
  const output = d.output === null ? 'no output' : d.output.kind === 'raw' ? `raw output${d.output.isError ? ' (error)' : ''}` : `${d.output.kind} output`
  w.line(`${row.inspectLabel}: ${w.one(d.header)} · ${d.input === null ? 'no input' : `${d.inputLabel} ${d.input.split('\n').length} line${d.input.includes('\n') ? 's' : ''}`} · ${output}`)
  // A row without a body keeps its result only behind the pill: show it, or the snapshot would lose it.
  if (row.body === null && d.output?.kind === 'raw') w.nest(() => w.quote(d.output?.kind === 'raw' ? d.output.text : ''))
}

export function writeBody(w: SnapshotWriter, body: RowBody): void {
  switch (body.kind) {
    case 'terminal':
      return terminal(w, body)
    case 'diff':
      return diff(w, body)
    case 'read':
      return read(w, body)
    case 'search':
      return search(w, body)
    case 'web':
      return web(w, body)
    case 'io':
      return io(w, body)
    case 'skill':
      return skill(w, body)
    case 'details':
      return details(w, body)
    case 'image':
      return image(w, body)
    case 'present':
      return present(w, body)
    case 'questions':
      return questions(w, body)
  }
}

function windowLine(w: SnapshotWriter, name: string, win: RowWindow | null): void {
  if (win === null) return
  w.line(`${name}: head ${win.head.length} · ${quoted(w, win.expandLabel)} (${win.hidden} hidden) · tail ${win.tail.length} · ${quoted(w, win.collapseLabel)}`)
}

/** ANSI segments as text; styled runs are marked `‹fg=red,bold›text‹›` so colour changes show in a diff. */
export function ansiText(line: AnsiLine): string {
  return line
    .map((seg) => {
      const s = seg.style
      if (s === undefined) return seg.text
      const parts: string[] = []
      if (s.fg) parts.push(`fg=${s.fg.kind === 'named' ? s.fg.name : s.fg.css}`)
      if (s.bg) parts.push(`bg=${s.bg.kind === 'named' ? s.bg.name : s.bg.css}`)
      for (const flag of ['bold', 'dim', 'italic', 'underline', 'strikethrough', 'hidden', 'inverse'] as const) if (s[flag]) parts.push(flag)
      return `‹${parts.join(',')}›${seg.text}‹›`
    })
    .join('')
}

function terminal(w: SnapshotWriter, c: TerminalCardModel): void {
  const head = [`terminal ${c.flavor}`, `${c.state} ${quoted(w, c.stateLabel)}`, c.pill, c.copy === null ? null : `copy ${quoted(w, c.copy.label)}`]
  w.line(head.filter((p): p is string => p !== null).join(' · '))
  w.nest(() => {
    w.field('description', c.description)
    for (const p of c.prompts) w.line(`prompt ${w.promptLabel(p.label)} ${w.one(p.text, 240)}`)
    if (c.placeholder !== null) w.line(`placeholder: ${c.placeholder}`)
    else if (c.lines === null) w.line('output: (running)')
    else {
      const total = c.lines.length + (c.omitted?.count ?? 0)
      w.line(`output (${total} line${total === 1 ? '' : 's'}):`)
      // An output the model kept only the ends of (src/cards/terminal.ts): the gap is named where it is.
      const lines = c.lines.map(ansiText)
      if (c.omitted !== undefined) lines.splice(c.omitted.at, 0, `⋯ ${c.omitted.count} lines left out by the card model ⋯`)
      w.nest(() => w.quote(lines.join('\n'), CLIP_TEXT))
    }
    windowLine(w, 'details window', c.detailsWindow)
  })
}

function diffRow(row: DiffRow): string {
  switch (row.kind) {
    case 'header':
      return `@ ${row.path}`
    case 'gap':
      return `⋯ ${row.text}`
    default: {
      const sign = row.kind === 'removed' ? '-' : row.kind === 'added' ? '+' : ' '
      const number = row.kind === 'removed' ? row.oldLine : row.newLine
      const text = row.marks === null ? row.text : row.marks.map((m) => (m.changed ? `⟪${m.text}⟫` : m.text)).join('')
      return `${sign}${number === null ? '' : ` ${number}`} | ${text}`
    }
  }
}

/**
 * The rows, each fold of unchanged lines announced where it starts (`⋯ fold 5 "… 5 unchanged lines" / …`)
 * and its rows marked `┆` where a shown context row has a blank sign.
 */
function diffRows(w: SnapshotWriter, rows: readonly DiffRow[]): string[] {
  const out: string[] = []
  let open: number | null = null
  for (const row of rows) {
    const fold = row.kind === 'context' ? (row.fold ?? null) : null
    if (fold !== null && fold.id !== open) out.push(`⋯ fold ${fold.hidden} ${quoted(w, fold.expandLabel)} / ${quoted(w, fold.expandAria)}`)
    open = fold?.id ?? null
    out.push(fold === null ? diffRow(row) : `┆${diffRow(row).slice(1)}`)
  }
  return out
}

function diff(w: SnapshotWriter, c: DiffCardModel): void {
  const head = [`diff ${c.source}`, c.footer, c.lang === null ? null : `lang ${c.lang}`, c.copy === null ? null : `copy ${quoted(w, c.copy.label)}`]
  w.line(head.filter((p): p is string => p !== null).join(' · '))
  w.nest(() => {
    w.quote(diffRows(w, c.rows).join('\n'), { ...CLIP_TEXT, head: 24, tail: 8 })
  })
}

function read(w: SnapshotWriter, c: ReadCardModel): void {
  const head = [`read ${c.label}`, `${c.lines.length} of ${c.totalLines} lines`, c.range, c.lang === null ? null : `lang ${c.lang}`, c.copy === null ? null : `copy ${quoted(w, c.copy.label)}`]
  w.line(head.filter((p): p is string => p !== null).join(' · '))
  w.nest(() => {
    w.field('path', c.path)
    w.quote(c.lines.map((l) => `${l.number}: ${l.text}`).join('\n'))
    windowLine(w, 'chat window', c.chatWindow)
    windowLine(w, 'details window', c.detailsWindow)
  })
}

function search(w: SnapshotWriter, c: SearchCardModel): void {
  const head = [`search ${c.shape}`, c.countText, `shown ${c.shown} of ${c.total}${c.truncated ? ' (truncated)' : ''}`, c.copy === null ? null : `copy ${quoted(w, c.copy.label)}`]
  w.line(head.filter((p): p is string => p !== null).join(' · '))
  w.nest(() => {
    if (c.placeholder !== null) w.line(`placeholder: ${c.placeholder}`)
    const rows = c.rows.map((r) => (r.kind === 'file' ? `file ${r.path} (${r.matches})` : r.kind === 'path' ? `path ${r.path}` : `  ${r.text}`))
    if (rows.length > 0) w.quote(rows.join('\n'))
    windowLine(w, 'chat window', c.chatWindow)
    windowLine(w, 'details window', c.detailsWindow)
    if (c.recovery !== null) {
      w.line('recovery:')
      w.nest(() => w.quote(c.recovery ?? ''))
    }
  })
}

function web(w: SnapshotWriter, c: WebCardModel): void {
  if (c.mode === 'fetch') {
    w.line(`web fetch · ${c.status} · ${w.one(c.url)}${c.href === null ? ' (not a link)' : ''}`)
    w.nest(() => w.field('notice', c.truncatedNotice))
    return
  }
  w.line(`web search · ${c.sources.length} sources${c.answer === null ? '' : ' · answer'}`)
  w.nest(() => {
    if (c.empty !== null) w.line(`empty: ${c.empty}`)
    if (c.answer !== null) {
      w.line('answer:')
      w.nest(() => w.quote(c.answer ?? ''))
    }
    for (const s of c.sources) {
      w.line(`[${s.ordinal}] ${w.one(s.label)} <${w.one(s.url)}>${s.href === null ? ' (not a link)' : ''}${s.publishedAt === null ? '' : ` · ${s.publishedAt}`}`)
      if (s.snippet !== null) w.nest(() => w.line(w.one(s.snippet ?? '')))
    }
    w.field('notice', c.truncatedNotice)
  })
}

function io(w: SnapshotWriter, c: IoBody): void {
  if (c.program !== null) {
    w.line(`program${c.program.lang === null ? '' : ` (${c.program.lang})`}:`)
    w.nest(() => w.quote(c.program?.text ?? ''))
  }
  if (c.input !== null) {
    w.line(c.inLabel)
    w.nest(() => w.quote(c.input ?? ''))
  }
  if (c.output !== null) {
    w.line(`${c.outLabel}${c.outputIsError ? ' (error)' : ''}`)
    w.nest(() => w.quote(c.output ?? ''))
  }
}

function skill(w: SnapshotWriter, c: SkillBody): void {
  w.line(`region ${quoted(w, c.label)}${c.isError ? ' (error)' : ''}`)
  w.nest(() => w.quote(c.text))
}

/** The details card (cards-current.md §11.1): caption, items (nested through groups), empty text, notes. */
function details(w: SnapshotWriter, c: DetailsBody): void {
  w.line(`details${c.caption === null ? '' : ` · caption ${quoted(w, c.caption)}`} · ${c.items.length} item${c.items.length === 1 ? '' : 's'}`)
  w.nest(() => {
    if (c.items.length === 0 && c.emptyText !== null) w.line(`empty: ${c.emptyText}`)
    for (const item of c.items) detailItem(w, item)
    w.field('more', c.more)
    if (c.trailingGroup !== null) detailGroup(w, c.trailingGroup)
  })
}

function detailItem(w: SnapshotWriter, item: DetailItem): void {
  const head = [
    item.glyph === null ? null : `[${item.glyph.kind}]`,
    item.title === null ? '(untitled)' : item.location === null ? quoted(w, item.title) : `path ${quoted(w, item.title)}${item.location.line === null ? '' : ` @${item.location.line}${item.location.column === null ? '' : `:${item.location.column}`}`}`,
    item.badge === null ? null : `badge ${quoted(w, item.badge.text)} (${item.badge.tone})`,
    item.statusText === null ? null : `status ${quoted(w, item.statusText)}`,
    item.struck ? 'struck' : null,
  ]
  w.line(`- ${head.filter((p): p is string => p !== null).join(' · ')}`)
  w.nest(() => {
    w.field('subtitle', item.subtitle)
    w.field('description', item.description)
    for (const f of item.fields) w.line(`${w.one(f.term)} = ${w.one(f.definition)}`)
    for (const b of item.bullets) w.line(`• ${w.one(b)}`)
    if (item.markdown !== null) {
      w.line('markdown:')
      w.nest(() => w.quote(item.markdown ?? ''))
    }
    if (item.code !== null) {
      w.line(`code${item.code.label === null ? '' : ` ${quoted(w, item.code.label)}`} · copy ${quoted(w, item.code.copy.label)}`)
      w.nest(() => w.quote(item.code?.block.text ?? ''))
    }
    for (const g of item.groups) detailGroup(w, g)
  })
}

function detailGroup(w: SnapshotWriter, g: DetailGroup): void {
  w.line(`group ${quoted(w, g.label)}:`)
  w.nest(() => {
    if (g.text != null) w.field('text', g.text)
    for (const item of g.items) detailItem(w, item)
  })
}

function image(w: SnapshotWriter, c: ImageCardBody): void {
  w.line(`image card ${w.one(c.label)} · ${c.images.map(i => quoted(w, i.alt)).join(', ')}`)
  if (c.text !== null) w.nest(() => w.quote(c.text ?? ''))
}

function present(w: SnapshotWriter, c: PresentBody): void {
  w.line(`present detail${c.isError ? ' (error)' : ''}`)
  w.nest(() => w.quote(c.text))
}

function questions(w: SnapshotWriter, c: QuestionCardBody): void {
  if (c.verdict !== null) w.line(`verdict ${quoted(w, c.verdict)}`)
  for (const q of c.items) {
    w.line(`question ${q.header === null ? '' : `[${w.one(q.header)}] `}${w.one(q.question)}`)
    w.nest(() => {
      for (const a of q.answers) w.line(`answer ${w.one(a)}`)
      if (q.missing !== null) w.line(q.missing)
    })
  }
}
