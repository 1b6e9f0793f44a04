/**
 * Test builders for src/export: an `ExportSession` straight from log text (the session builder's
 * `jsonl()` or a fixture), folded and summarised exactly as load.ts does for a file, without touching disk.
 */
import { assemble } from '../conversation/builder'
import { parseLogText } from '../log/json/parse-text'
import { summarize } from '../site/render/chrome'
import { sessionStem } from '../site/plan/slug'
import type { ExportSession } from './load'

export function exportSessionOf(logText: string, depth = 0): ExportSession {
  const { lines } = parseLogText(logText)
  const conversation = assemble(lines)
  const id = conversation.header?.id ?? 'unknown'
  const stem = sessionStem(id)
  const warnings = conversation.facts.invalidLines + conversation.facts.unknownEvents
  return { id, stem, conversation, summary: summarize({ conversation, id, stem, pages: 1, warnings }), warnings: [], tornTail: false, depth, schedule: null }
}
