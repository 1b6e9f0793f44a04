/**
 * `dsh-view snapshot --format text` (issue 5): one session's conversation model and card props as a
 * deterministic, reviewable text — a session header (id, title, cwd, format, status, counts, models,
 * family links, damage), then every turn section with one row per line in Chat order, indented for what
 * belongs to a row (its text, its card, its code-dispatch children). Keys (`#tool:call_1`) end a row's
 * headline so a diff says which row moved. Volatile values are masked (../normalize.ts), so a snapshot
 * taken on another machine or of a re-recorded run reads the same; the workspace basename only in the
 * terminal prompt label, where the page draws it, so a transcript word equal to it survives.
 *
 * Pure: it reads the models the site renders from (`src/conversation`, `src/cards`) and nothing else.
 */
import type { Conversation } from '../../conversation/model'
import type { PageRow, PageSection, PageViewModel } from '../../cards/types'
import { timeLabel } from '../../cards/format'
import { maskPromptLabel, normalizeVolatile } from '../normalize'
import { writeToolRow } from './tools'
import { CLIP_CONTEXT, CLIP_TEXT, SnapshotWriter } from './writer'

/** Bumped when the layout changes, so a reviewer can tell a format change from a card change. */
export const TEXT_SNAPSHOT_VERSION = 1

export interface TextSnapshotInput {
  /** The session id (header id, else a name derived from the file). */
  id: string
  conversation: Conversation
  view: PageViewModel
}

export function textSnapshot({ id, conversation, view }: TextSnapshotInput): string {
  const cwd = conversation.facts.cwd
  const mask = (text: string) => normalizeVolatile(text, { cwd })
  const w = new SnapshotWriter(mask, (label) => maskPromptLabel(label, cwd))
  writeHeader(w, id, conversation)
  for (const section of view.sections) writeSection(w, section, conversation)
  // Values were masked as they were written (before any cut); the labels between them are masked here.
  return mask(w.toString())
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function writeHeader(w: SnapshotWriter, id: string, c: Conversation): void {
  const f = c.facts
  const s = f.stats
  w.line(`dsh-view text snapshot v${TEXT_SNAPSHOT_VERSION}`)
  w.line(`session ${w.one(id)}`)
  w.nest(() => {
    w.field('title', f.title)
    w.field('cwd', f.cwd)
    const format = [`format v${f.formatVersion ?? '?'}`, f.agentPreset === null ? null : `preset ${f.agentPreset}`, `status ${f.status}`, c.live ? 'live' : null]
    w.line(format.filter((p): p is string => p !== null).join(' · '))
    w.field('started', timeLabel(f.startTime)?.label)
    w.line(`${plural(s.turns, 'turn')} · ${plural(s.steps, 'step')} · ${plural(s.toolCalls, 'tool call')} (${plural(s.subToolCalls, 'sub-call')})`)
    const tools = Object.entries(f.toolCounts).map(([name, n]) => `${name} ${n}`)
    const subs = Object.entries(f.subToolCounts).map(([name, n]) => `${name} ${n}`)
    w.field('tools', tools.join(', '))
    w.field('sub-tools', subs.join(', '))
    const u = s.usage
    w.line(`tokens: in ${u.inputTokens} · out ${u.outputTokens} · cache read ${u.cacheReadTokens} · cache write ${u.cacheWriteTokens} · reasoning ${u.reasoningTokens}` +
      (s.cacheHitPercent === null ? '' : ` · cache hit ${s.cacheHitPercent}%`) + (s.contextUsedPercent === null ? '' : ` · context ${s.contextUsedPercent}%`))
    w.field('models', f.models.map((m) => (m.provider ? `${m.provider}/${m.model}` : m.model)).join(', '))
    if (f.parentSessionId !== null) w.line(`parent: ${w.one(f.parentSessionId)}${f.origin === null ? '' : ` (${f.origin}, depth ${f.delegationDepth ?? '?'})`}`)
    if (f.inheritedBeforeSeq !== null) w.line(`inherited before seq ${f.inheritedBeforeSeq}`)
    for (const child of f.children) {
      w.line(`child ${w.one(child.sessionId)} via ${child.via}${child.callId === null ? '' : ` from ${child.callId}`}${child.mode === null ? '' : ` (${child.mode})`}`)
    }
    const damage = [f.invalidLines > 0 ? `${f.invalidLines} invalid lines` : null, f.unknownEvents > 0 ? `${f.unknownEvents} unknown events` : null, f.status === 'damaged' && f.invalidLines === 0 ? 'torn tail' : null]
    w.field('damage', damage.filter((p): p is string => p !== null).join(' · '))
  })
}

function writeSection(w: SnapshotWriter, section: PageSection, c: Conversation): void {
  const model = c.sections.find((s) => s.key === section.key)
  const end = model?.endReason ?? (section.turn === null ? null : 'open')
  w.line('')
  w.line(`== ${section.label ?? 'Between turns'}${section.inherited ? ' (inherited)' : ''}${end === null ? '' : ` · ${end}`}  #${section.key}`)
  for (const row of section.rows) writeRow(w, row)
}

export function writeRow(w: SnapshotWriter, row: PageRow): void {
  switch (row.kind) {
    case 'user':
      w.line(`${row.role} ${row.time?.label ?? '(no time)'}  #${row.key}`)
      return w.nest(() => {
        w.quote(row.text)
        for (const image of row.images) w.line(`image ${w.one(image.alt)}${image.width !== null && image.height !== null ? ` ${image.width}×${image.height}` : ''}`)
      })
    case 'context':
      w.line(`context ${row.label} · ${w.one(row.producer)}${row.notice === null ? '' : ` · ${w.one(row.notice)}`}  #${row.key}`)
      return w.nest(() => w.quote(row.text, CLIP_CONTEXT))
    case 'system':
      w.line(`system ${row.label}  #${row.key}`)
      return w.nest(() => w.quote(row.text, CLIP_CONTEXT))
    case 'think':
      w.line(`think ${row.title} · ${w.one(row.summary)}${row.running ? ' (running)' : ''}  #${row.key}`)
      return w.nest(() => w.quote(row.text))
    case 'markdown':
      w.line(`markdown  #${row.key}`)
      return w.nest(() => w.quote(row.text))
    case 'images':
      w.line(`images (${row.images.length})  #${row.key}`)
      return w.nest(() => row.images.forEach((i) => w.line(`image ${w.one(i.alt)} · ${i.mediaType ?? '?'}${i.width !== null && i.height !== null ? ` ${i.width}×${i.height}` : ''}`)))
    case 'unknown-block':
      w.line(`${row.label}  #${row.key}`)
      return w.nest(() => w.quote(row.json))
    case 'stopped':
      return w.line(`stopped ${row.label}  #${row.key}`)
    case 'attempt':
      w.line(`attempt ${row.label}${row.detail === null ? '' : ` · ${w.one(row.detail)}`}  #${row.key}`)
      return w.nest(() => row.blocks.forEach((b) => writeRow(w, b)))
    case 'tool':
      return writeToolRow(w, row)
    case 'command':
      w.line(`command ${w.one(row.text)} · ${row.status}  #${row.key}`)
      if (row.output !== null) w.nest(() => w.quote(row.output ?? ''))
      return
    case 'compaction':
      w.line(`compaction ${row.label} · ${row.status}${row.detail === null ? '' : ` · ${w.one(row.detail)}`}  #${row.key}`)
      if (row.summary !== null) w.nest(() => w.quote(row.summary ?? '', CLIP_TEXT))
      return
    case 'replacement':
      return w.line(`replacement ${row.label}  #${row.key}`)
    case 'retry':
      return w.line(`retry ${row.label}${row.detail === null ? '' : ` · ${w.one(row.detail)}`}  #${row.key}`)
    case 'turn-tail': {
      const t = row.timing
      const timing = t === null ? [] : [t.time?.label ?? null, t.ranFor, t.ttft, t.throughput].filter((p): p is string => p !== null)
      w.line(`turn-tail${timing.length > 0 ? ` ${timing.join(' · ')}` : ''}  #${row.key}`)
      return w.nest(() => {
        w.field('error', row.error)
        const delivered = row.delivered ?? null
        if (delivered !== null) {
          w.line(`delivered: ${delivered.cards.length} file${delivered.cards.length === 1 ? '' : 's'}${delivered.toggle === null ? '' : ` (${delivered.visible} shown · ${JSON.stringify(w.one(delivered.toggle.expandLabel))} / ${JSON.stringify(w.one(delivered.toggle.expandAria))})`}`)
          w.nest(() => delivered.cards.forEach((c) => w.line(`${w.one(c.name)} · ${w.one(c.secondary)} · ${w.one(c.path)}`)))
        }
        w.field('usage button', row.usage?.label)
        const d = row.deliverables
        if (d === null) return
        w.line(`${d.label}: ${[...d.chips, ...d.hidden].map((c) => c.label).join(', ')}${d.overflow === null ? '' : ` (${d.overflow})`}`)
        w.nest(() => [...d.chips, ...d.hidden].forEach((c) => w.line(`${w.one(c.path)} · ${w.one(c.aria)}`)))
      })
    }
    case 'raw-event':
      w.line(`raw event ${row.type ?? '(no type)'} · line ${row.line}${row.seq === null ? '' : ` · seq ${row.seq}`} · ${w.one(row.reason)}  #${row.key}`)
      return w.nest(() => w.quote(row.json, { ...CLIP_TEXT, head: 6, tail: 2 }))
    case 'invalid-line':
      if (row.run === undefined) {
        w.line(`invalid line ${row.line} · ${w.one(row.reason)}  #${row.key}`)
        return w.nest(() => w.quote(row.text, { ...CLIP_TEXT, head: 2, tail: 0 }))
      }
      w.line(`invalid lines ${row.line}–${row.run.lastLine} (${row.run.count}) · ${w.one(row.reason)}  #${row.key}`)
      return w.nest(() => {
        w.quote(row.text, { ...CLIP_TEXT, head: 2, tail: 0 })
        for (const m of row.run?.more ?? []) {
          w.line(`line ${m.line} · ${w.one(m.reason)}`)
          w.quote(m.text, { ...CLIP_TEXT, head: 2, tail: 0 })
        }
      })
  }
}
