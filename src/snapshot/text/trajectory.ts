/**
 * `dsh-view snapshot --tab trajectory` (issue 29): one session's Trajectory as reviewable text — a header
 * with the ledger's totals (requests, tool calls, sub-calls, tokens) and anything the model could not place
 * (`unexplained`, which a reviewer should see grow), then each ledger section (`## Turn 3`, `## Between
 * turns`) with one line per row in display order — its request marker, kind tag, what the row says and its
 * result, ending in its id (`#rec-41`) — and under a row its inspectors (the request's, then the record's),
 * each tab with its terms one per line and its texts clipped to one line. The words are the page's, in the
 * snapshot's locale (src/trajectory-view), so a snapshot reads what the page reads.
 *
 * Log text is escaped as in the Chat snapshot (./writer.ts): no line holds a newline or a control character.
 *
 * Pure: it reads the record model and the Trajectory props, nothing else (../purity.test.ts).
 */
import type { Locale } from '../../cards/types'
import type { TrajectorySnapshot } from '../../trajectory/model'
import { ledgerSection, trajectoryWords, viewContext } from '../../trajectory-view'
import type { Block, DiffRun, InspectorModel, LedgerRow, Value } from '../../trajectory-view'
import { normalizeVolatile } from '../normalize'
import { escapeControls, flattenLine } from './writer'

/** Characters of a text block kept on its one line. */
const CLIP = 160

export interface TrajectoryTextInput {
  id: string
  snapshot: TrajectorySnapshot
  locale: Locale
  /** The session's working folder, masked like the Chat snapshot masks it. */
  cwd: string | null
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > CLIP ? `${flat.slice(0, CLIP)}… (${flat.length} chars)` : flat
}

function valueText(value: Value): string {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map((v) => v.label).join(', ')
  return value.kind === 'link' ? value.label : value.text
}

function writeBlocks(out: string[], blocks: readonly Block[], indent: string): void {
  for (const block of blocks) {
    switch (block.kind) {
      case 'terms':
        for (const term of block.terms) out.push(`${indent}${term.indent === true ? '  ' : ''}${term.term}: ${valueText(term.value)}`)
        break
      case 'text':
        if (block.text !== '') out.push(`${indent}${oneLine(block.text)}`)
        break
      case 'section':
        out.push(`${indent}${block.heading}`)
        writeBlocks(out, block.blocks, `${indent}  `)
        break
      case 'fold':
        out.push(`${indent}${block.summary}`)
        writeBlocks(out, block.blocks, `${indent}  `)
        break
      case 'links':
        out.push(`${indent}${block.links.map((l) => l.label).join(' · ')}`)
        break
      case 'catalog':
        out.push(`${indent}${block.items.map((i) => i.name).join(', ')}`)
        break
      case 'diff':
        out.push(`${indent}${block.heading}: +${diffLineCount(block.runs, '+')} -${diffLineCount(block.runs, '-')}`)
        break
    }
  }
}

/** How many diff lines of one sign the page shows (a run's text is its lines, each ending in a newline). */
function diffLineCount(runs: DiffRun[], sign: DiffRun['sign']): number {
  let n = 0
  for (const run of runs) if (run.sign === sign) for (let i = run.text.indexOf('\n'); i !== -1; i = run.text.indexOf('\n', i + 1)) n++
  return n
}

function writeInspector(out: string[], inspector: InspectorModel): void {
  out.push(`    ${inspector.title} · ${inspector.where}`)
  for (const tab of inspector.tabs) {
    out.push(`      [${tab.label}]`)
    writeBlocks(out, tab.blocks, '        ')
  }
}

function rowLine(row: LedgerRow): string {
  const c = row.content
  const says = c.kind === 'empty' ? '' : c.kind === 'tool' ? `${c.name}${c.text === '' ? '' : ` ${c.text}`}` : c.text
  const parts = [row.marker === null ? '' : `[${row.marker.label}]`, row.tag, oneLine(says), row.result === null ? '' : `→ ${oneLine(row.result.text)}`]
  const status = row.status === 'complete' ? '' : ` (${row.status})`
  return `  ${parts.filter((p) => p !== '').join(' ')}${status}  #${row.id}`
}

export function trajectoryText({ id, snapshot, locale, cwd }: TrajectoryTextInput): string {
  const words = trajectoryWords(locale)
  const ctx = viewContext(snapshot, words, {
    chatLink: () => null,
    cutText: (text) => ({ text }),
    sideFile: () => '',
  })
  const out: string[] = []
  const t = snapshot.totals
  const u = t.usage
  out.push(`# Trajectory ${id}`)
  out.push(`requests ${t.requests} · tool calls ${t.toolCalls} · sub-calls ${t.subtoolCalls} · records ${snapshot.records.length}`)
  out.push(u === null ? 'tokens: not reported' : `tokens: input ${u.inputTokens} · cache read ${u.cacheReadTokens} · cache write ${u.cacheWriteTokens} · output ${u.outputTokens} · reasoning ${u.reasoningTokens}`)
  if (snapshot.invalidLines > 0) out.push(`unreadable lines: ${snapshot.invalidLines}`)
  for (const u of snapshot.unexplained) out.push(`unexplained: line ${u.line} seq ${u.seq} ${u.type}: ${u.reason}`)
  for (const modelSection of snapshot.sections) {
    const section = ledgerSection(modelSection, ctx)
    out.push('')
    out.push(`## ${section.turn === null ? words.t('section.betweenTurns') : words.t('turn.label', { turn: section.turn })}`)
    for (const row of section.rows) {
      out.push(rowLine(row))
      for (const inspector of row.inspectors) writeInspector(out, inspector)
    }
  }
  // Each entry of `out` is one line: log text inside it (an id, a tool name, a reason, a term) cannot start a
  // line of its own, and its controls are escaped after masking, as the Chat snapshot's writer does.
  const lines = out.map(flattenLine)
  return escapeControls(normalizeVolatile(`${lines.join('\n')}\n`, { cwd }))
}
