/**
 * SYSTEM details (trajectory.md §4.7, §5.2, §5.6): Diff (when an earlier prompt state exists), System
 * Prompt and Tools; a prompt seen without a request header shows its System Prompt only. The diff is a
 * unified diff with three lines of context, per part that changed: the system text, and the tool catalog as
 * `JSON.stringify(tools, null, 2)`. A diff whose edit script would exceed MAX_EDITS lines is shown as the
 * old text removed and the new one added (the `diff` package's deterministic bound, never a timer, so two
 * builds draw the same). Diffs are memoised per pair of prompt states: a session alternating between two
 * prompts computes one. Long prompts and diffs are cut for the page like every text, whole in a side file.
 */
import { structuredPatch } from 'diff'
import type { PromptSnapshot, TrajectoryRecord } from '../../trajectory/model'
import { labelText } from '../content'
import type { ViewContext } from '../context'
import type { Block, DiffRun, InspectorTab } from '../types'
import { prettyJson, textBlock } from './common'
import { shortDescription } from './tool'

/** Edit-script bound of one diff; beyond it, the whole old text is removed and the new one added. */
const MAX_EDITS = 2000
/**
 * Diff lines a page shows; the whole diff is a side file. Small because a SYSTEM row's diff is in the page
 * once per prompt change and a changed prompt is often replaced whole (every line removed, every line added):
 * the page shows where the change starts, the side file the rest.
 */
export const DIFF_LINES = 50
/** Characters of diff lines a page shows at most (a tool catalog's lines are long; a prompt may be one line). */
export const DIFF_CHARS = 2_000

export type DiffLine = { sign: ' ' | '+' | '-' | '@'; text: string }

function lines(text: string): string[] {
  return text === '' ? [] : text.split('\n')
}

export function unifiedDiff(before: string, after: string): DiffLine[] {
  if (before === after) return []
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 3, maxEditLength: MAX_EDITS })
  if (patch === undefined) {
    const old = lines(before)
    const next = lines(after)
    return [{ sign: '@', text: `@@ -1,${old.length} +1,${next.length} @@` }, ...old.map((text): DiffLine => ({ sign: '-', text })), ...next.map((text): DiffLine => ({ sign: '+', text }))]
  }
  const out: DiffLine[] = []
  for (const hunk of patch.hunks) {
    out.push({ sign: '@', text: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` })
    for (const line of hunk.lines) {
      const sign = line[0]
      if (sign === '\\') continue // "\ No newline at end of file"
      out.push({ sign: sign === '+' || sign === '-' ? sign : ' ', text: line.slice(1) })
    }
  }
  return out
}

const toolsJson = (prompt: PromptSnapshot) => JSON.stringify(prompt.tools, null, 2) ?? '[]'

const lineText = (line: DiffLine) => (line.sign === '@' ? line.text : `${line.sign}${line.text}`)

/** Diff lines as runs of one kind (added, removed, plain), each line's text with its sign and a newline. */
export function diffRuns(diff: DiffLine[]): DiffRun[] {
  const runs: DiffRun[] = []
  for (const line of diff) {
    const sign = line.sign === '@' ? ' ' : line.sign
    const last = runs[runs.length - 1]
    if (last !== undefined && last.sign === sign) last.text += `${lineText(line)}\n`
    else runs.push({ sign, text: `${lineText(line)}\n` })
  }
  return runs
}

function diffBlock(heading: string, before: string, after: string, ctx: ViewContext): Block | null {
  const diff = unifiedDiff(before, after)
  if (diff.length === 0) return null
  const shown = pageLines(diff)
  if (shown.length === diff.length && shown[shown.length - 1] === diff[diff.length - 1]) return { kind: 'diff', heading, runs: diffRuns(diff) }
  const whole = diff.map(lineText).join('\n')
  return {
    kind: 'diff',
    heading,
    runs: diffRuns(shown),
    cut: { note: ctx.words.t('dv.diffCut', { shown: shown.length, total: diff.length }), href: ctx.sideFile(whole), label: ctx.words.t('dv.fullText') },
  }
}

/** The diff's lines the page shows: at most DIFF_LINES of them and DIFF_CHARS characters, the last one cut. */
export function pageLines(diff: DiffLine[]): DiffLine[] {
  const out: DiffLine[] = []
  let room = DIFF_CHARS
  for (const line of diff) {
    if (out.length === DIFF_LINES || room <= 0) break
    if (line.text.length > room) {
      // Never end between the halves of a surrogate pair.
      const end = /[\uD800-\uDBFF]/.test(line.text.charAt(room - 1)) ? room - 1 : room
      out.push({ sign: line.sign, text: `${line.text.slice(0, end)}…` })
      break
    }
    out.push(line)
    room -= line.text.length
  }
  return out
}

/** The Diff tab's blocks for prompt `current` against `previous` (memoised per pair). */
function diffBlocks(previous: number, current: number, ctx: ViewContext): Block[] {
  const key = `diff:${previous}:${current}`
  const cached = ctx.memo.get(key) as Block[] | undefined
  if (cached !== undefined) return cached
  const before = ctx.snapshot.prompts[previous]
  const after = ctx.snapshot.prompts[current]
  const blocks: Block[] = []
  if (before !== undefined && after !== undefined) {
    const system = diffBlock(ctx.words.t('tab.systemPrompt'), before.system, after.system, ctx)
    if (system !== null) blocks.push(system)
    const tools = diffBlock(ctx.words.t('tab.tools'), toolsJson(before), toolsJson(after), ctx)
    if (tools !== null) blocks.push(tools)
  }
  ctx.memo.set(key, blocks)
  return blocks
}

function catalogBlocks(index: number, prompt: PromptSnapshot, ctx: ViewContext): Block[] {
  const key = `catalog:${index}`
  const cached = ctx.memo.get(key) as Block[] | undefined
  if (cached !== undefined) return cached
  const items = prompt.tools.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return []
    const tool = entry as Record<string, unknown>
    const name = typeof tool['name'] === 'string' ? tool['name'] : ''
    if (name === '') return []
    return [{ name, href: ctx.sideFile(prettyJson(tool)), description: shortDescription(tool) }]
  })
  const blocks: Block[] = items.length === 0 ? [{ kind: 'text', text: ctx.words.t('record.toolsMissing'), tone: 'muted' }] : [{ kind: 'catalog', items }]
  ctx.memo.set(key, blocks)
  return blocks
}

export function systemTabs(record: TrajectoryRecord, ctx: ViewContext): InspectorTab[] {
  const t = ctx.words.t
  const prompt = record.prompt === undefined ? undefined : ctx.snapshot.prompts[record.prompt]
  const text = prompt?.system ?? record.systemText ?? ''
  const systemTab: InspectorTab = { id: 'systemPrompt', label: t('tab.systemPrompt'), blocks: [text === '' ? { kind: 'text', text: t('record.systemPromptMissing'), tone: 'muted' } : textBlock(text, ctx, { pre: true })] }
  if (prompt === undefined || record.prompt === undefined) return [systemTab]
  const tabs: InspectorTab[] = []
  const previous = record.promptChange?.previous
  if (previous !== undefined) {
    const diff = diffBlocks(previous, record.prompt, ctx)
    if (diff.length > 0) tabs.push({ id: 'diff', label: t('tab.diff'), blocks: [{ kind: 'text', text: t('dv.promptDiff'), tone: 'muted' }, ...diff] })
  }
  tabs.push(systemTab, { id: 'tools', label: t('tab.tools'), blocks: catalogBlocks(record.prompt, prompt, ctx) })
  return tabs
}

/** The SYSTEM header's text: its change label. */
export function systemTitle(record: TrajectoryRecord, ctx: ViewContext): string {
  return record.labels.map((l) => labelText(l, ctx.words)).join(' · ')
}
