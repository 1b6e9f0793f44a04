/**
 * File mentions in a turn's closing reply (cards-current.md §8.3 "File mentions"): the paths the turn produced
 * (a successful root `write`, `edit` or `str_replace_editor` result, by its recorded absolute `meta.path`) and the
 * paths a `present` call delivered, as targets an inline-code span of the reply may name — by the full path, its
 * basename, or the literal argument path of a produced operation. A span resolving to exactly one target
 * becomes a button (dsh's tree: `code:` → `button "notes.md"`); two candidates, or none, leave it plain code.
 * dsh opens the file in its sidebar; a static page has none, so the button (a link in the markup, so it works
 * without the script) leads to the row that wrote the file (the row's key is the anchor), or to a delivered
 * file's card in the turn tail.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { ChatNode, TurnTailNode } from '../conversation/model'
import type { MentionTarget } from './types'
import { deliveredAnchor } from './delivered'
import { isObject, parseJson } from './narrow'

const isAbsolute = (p: string) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p)
const basename = (p: string) => p.split(/[\\/]/).pop() ?? p
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Whether a settled root call produced a file (the argument shapes of §8.3), and its argument path. */
function producedArgPath(call: ToolCallNode): string | null {
  const args = parseJson(call.argsRaw)
  if (!isObject(args)) return null
  const path = str(args.file_path) ?? str(args.path)
  switch (call.name) {
    case 'write':
      return typeof args.content === 'string' ? path : null
    case 'edit': {
      const oldS = str(args.old_string)
      const newS = str(args.new_string)
      const replaceAll = args.replace_all
      return oldS !== null && oldS !== '' && newS !== null && newS !== oldS && (replaceAll === undefined || typeof replaceAll === 'boolean') ? path : null
    }
    case 'str_replace_editor': {
      const command = str(args.command)
      if (command === 'create') return typeof args.file_text === 'string' ? path : null
      if (command === 'str_replace') return str(args.old_str) !== null && str(args.old_str) !== '' && (args.new_str === undefined || typeof args.new_str === 'string') ? path : null
      if (command === 'insert') return Number.isInteger(args.insert_line) && (args.insert_line as number) >= 0 && typeof args.new_str === 'string' ? path : null
      return null
    }
    default:
      return null
  }
}

/** The produced path of a call: its absolute `meta.path`; a legacy result without one keeps the argument path. */
function producedPath(call: ToolCallNode, argPath: string): string | null {
  const meta = call.result?.meta
  if (!isObject(meta) || !Object.hasOwn(meta, 'path')) return argPath
  const recorded = str(meta.path)
  if (recorded !== null && isAbsolute(recorded)) return recorded
  return isAbsolute(argPath) ? argPath : null
}

/**
 * The mention targets of one turn, up to the closing reply's seq: produced files (root calls only; PTC sub-calls
 * never produce) and delivered files, each with the row it links to.
 */
export function mentionTargets(nodes: readonly ChatNode[], tail: TurnTailNode | null, closingSeq: number): MentionTarget[] {
  const out: MentionTarget[] = []
  for (const node of nodes) {
    if (node.kind !== 'tool') continue
    const call = node.call
    const result = call.result
    if (result === null || result.isError || result.synthetic || result.seq > closingSeq) continue
    const arg = producedArgPath(call)
    if (arg === null) continue
    const path = producedPath(call, arg)
    if (path !== null) out.push({ path, argPath: arg, row: node.key })
  }
  // A delivered file leads to its card in the turn tail.
  if (tail !== null) (tail.delivered ?? []).forEach((file, i) => out.push({ path: file.path, argPath: null, row: deliveredAnchor(tail.key, i) }))
  return out
}

/** The one target a code span names (§8.3 resolution), or null when none or several do. */
export function resolveMention(span: string, targets: readonly MentionTarget[]): MentionTarget | null {
  const text = span.trim()
  if (text === '') return null
  const hits = new Map<string, MentionTarget>()
  for (const t of targets) {
    if (text === t.path || text === basename(t.path) || (t.argPath !== null && text === t.argPath)) hits.set(t.path, t)
  }
  return hits.size === 1 ? ([...hits.values()][0] ?? null) : null
}
