/**
 * Golden equivalence (issue 5, cards.md §15.4): does dsh-view's ARIA snapshot of a log contain the
 * transcript part of a dsh web-client golden of the same log — same order, same roles, same accessible
 * names and states, placeholders in the golden matching any value?
 *
 * 1. The golden's **transcript part** (`transcriptPart`): what the golden shows minus the dsh app's chrome,
 *    by these rules, applied to the golden's top-level nodes, each dropped node reported with its rule:
 *    - `banner`: the session header (breadcrumb, Session log, Chat/Trajectory tabs, preset, sidebar);
 *    - `composer`: everything from the first `textbox` on — composer, commands, access mode, model picker,
 *      send button, the older client's stats line under it — but the session pills (`button "1 turns 2 steps
 *      · … tok/s"`, `button "17.5K tok · Cache hit 52%"`, `button "7% of context used"`, cards-current.md
 *      §8.2): dsh-view draws those (in its header; its snapshot puts them after the transcript, as here);
 *    - `message-actions`: a run of `Copy` / `Good response` / `Bad response` / `Branch into a new
 *      conversation` buttons holding at least one of the last three (a user message's lone `Copy` stays), and
 *      the timing text right after it (`{{clock}}`, `Ran for …`, `TTFT …`, `… tok/s`): feedback and branching
 *      need the dsh Host (cards-current.md §14), so a static page draws only the Copy button and the clock.
 *    The whole-turn control, its `status:` announcement and the activity headers are transcript, not chrome
 *    (cards-current.md §5–§6): they are compared like every other row.
 * 2. Both sides normalised (`comparable`): unnamed `group`s (native `<details>`) and dsh-view's
 *    `region "Transcript"` landmark unwrapped; dsh-view's `Turn N` headings dropped.
 * 3. **Ordered containment** (`matchGolden`): golden nodes are found in order among dsh-view's nodes of the
 *    same level (extra dsh-view rows in between are fine: the dsh Chat shows less, e.g. no system prompt).
 *    A node matches when role, states, name and value match and its children match — exactly (same count,
 *    pairwise) when the golden lists children (`children: 'exact'`, the goldens of cards.md §15.3), or as an
 *    ordered subset for goldens whose serialiser leaves children out (`'subset'`, the newer v4 goldens).
 *    Every golden line gets a verdict; an unmatched one names the nearest dsh-view line.
 *
 * Pure, for tests and tools; the CLI does not use it.
 */
import { flatten, isBareGroup, prune, unwrap, type AriaNode } from './aria-tree'

export type DropRule = 'banner' | 'composer' | 'message-actions'

export interface TranscriptPart {
  nodes: AriaNode[]
  dropped: { rule: DropRule; line: number; source: string }[]
}

const ACTIONS = new Set(['Copy', 'Good response', 'Bad response', 'Branch into a new conversation'])
const TIMING = /^(?:(?:\{\{date\}\}|\{\{clock\}\}|Ran for \{\{duration\}\}|TTFT \{\{duration\}\}|\{\{throughput\}\} tok\/s)\s*)+$/

const isAction = (n: AriaNode) => n.role === 'button' && n.name !== null && ACTIONS.has(n.name)
/** dsh's session pills by their words (cards-current.md §8.2, §12.1), en and zh. */
const PILL = /^(?:\d+ turns \d+ steps|\d+ 轮 \d+ 步|[\d.]+[KM]? tok(?: · |$)|\d+% of context used$|上下文已用 \d+%$)/
const isPill = (n: AriaNode) => n.role === 'button' && n.name !== null && PILL.test(n.name)

export function transcriptPart(golden: readonly AriaNode[]): TranscriptPart {
  const nodes: AriaNode[] = []
  const dropped: TranscriptPart['dropped'] = []
  const drop = (rule: DropRule, n: AriaNode) => {
    for (const d of flatten([n])) dropped.push({ rule, line: d.line, source: d.source })
  }
  for (let i = 0; i < golden.length; i++) {
    const n = golden[i] as AriaNode
    if (n.role === 'banner') {
      drop('banner', n)
      continue
    }
    if (n.role === 'textbox') {
      for (const rest of golden.slice(i)) {
        if (isPill(rest)) nodes.push(rest)
        else drop('composer', rest)
      }
      break
    }
    if (isAction(n)) {
      let end = i
      while (end < golden.length && isAction(golden[end] as AriaNode)) end++
      const run = golden.slice(i, end)
      if (run.some((a) => a.name !== 'Copy')) {
        run.forEach((a) => drop('message-actions', a))
        const next = golden[end]
        if (next !== undefined && next.role === 'text' && next.value !== null && TIMING.test(next.value)) {
          drop('message-actions', next)
          end++
        }
        i = end - 1
        continue
      }
    }
    nodes.push(n)
  }
  return { nodes, dropped }
}

const isTranscriptRegion = (n: AriaNode) => n.role === 'region' && n.name === 'Transcript' && n.value === null
const isTurnHeading = (n: AriaNode) => n.role === 'heading' && n.name !== null && /^(?:Turn \d+|第 \d+ 轮)/.test(n.name)

/** Structural normalisation applied to both sides. */
export function comparable(nodes: readonly AriaNode[]): AriaNode[] {
  return prune(unwrap(nodes, (n) => isBareGroup(n) || isTranscriptRegion(n)), isTurnHeading)
}

/** A golden string → an anchored pattern: `{{anything}}` matches any non-empty text, the rest literally. */
export function wildcard(pattern: string): RegExp {
  const parts = pattern.split(/\{\{[A-Za-z][\w:-]*\}\}/)
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`, 's')
}

function sameText(golden: string | null, ours: string | null): boolean {
  if (golden === null || ours === null) return golden === ours
  return golden === ours || wildcard(golden).test(ours)
}

export function sameHead(g: AriaNode, o: AriaNode): boolean {
  return g.role === o.role && g.states.join('|') === o.states.join('|') && sameText(g.name, o.name) && sameText(g.value, o.value)
}

export type ChildrenRule = 'exact' | 'subset'

function same(g: AriaNode, o: AriaNode, rule: ChildrenRule): boolean {
  if (!sameHead(g, o)) return false
  if (rule === 'exact') return g.children.length === o.children.length && g.children.every((c, i) => same(c, o.children[i] as AriaNode, rule))
  let at = 0
  for (const c of g.children) {
    while (at < o.children.length && !same(c, o.children[at] as AriaNode, rule)) at++
    if (at === o.children.length) return false
    at++
  }
  return true
}

export interface LineVerdict {
  line: number
  source: string
  matched: boolean
  /** For an unmatched line: the nearest dsh-view line and why it is not a match. */
  note: string | null
}

/** The nearest candidate for an unmatched golden node: same role and name first, then same role. */
function nearest(g: AriaNode, ours: readonly AriaNode[], from: number): string {
  const rest = ours.slice(from)
  const byName = rest.find((o) => o.role === g.role && sameText(g.name, o.name))
  if (byName !== undefined) return `dsh-view line ${byName.line}: ${byName.source}`
  const byRole = rest.find((o) => o.role === g.role)
  return byRole === undefined ? `no ${g.role} left in dsh-view's snapshot` : `next ${g.role} in dsh-view is line ${byRole.line}: ${byRole.source}`
}

function verdicts(g: AriaNode, matched: boolean, note: string | null): LineVerdict[] {
  return flatten([g]).map((n, i) => ({ line: n.line, source: n.source, matched, note: i === 0 ? note : null }))
}

/** Ordered containment of `golden` in `ours` (both already `comparable`), one verdict per golden line. */
export function matchGolden(golden: readonly AriaNode[], ours: readonly AriaNode[], rule: ChildrenRule): LineVerdict[] {
  const out: LineVerdict[] = []
  let cursor = 0
  for (const g of golden) {
    const full = ours.findIndex((o, j) => j >= cursor && same(g, o, rule))
    if (full !== -1) {
      out.push(...verdicts(g, true, null))
      cursor = full + 1
      continue
    }
    const head = ours.findIndex((o, j) => j >= cursor && sameHead(g, o))
    if (head === -1) {
      out.push(...verdicts(g, false, nearest(g, ours, cursor)))
      continue
    }
    // The row is there but its inside differs: judge the children one by one.
    const o = ours[head] as AriaNode
    out.push({ line: g.line, source: g.source, matched: true, note: null })
    if (rule === 'subset') out.push(...matchGolden(g.children, o.children, rule))
    else {
      g.children.forEach((c, i) => {
        const oc = o.children[i]
        if (oc !== undefined && same(c, oc, rule)) out.push(...verdicts(c, true, null))
        else out.push(...verdicts(c, false, oc === undefined ? `dsh-view line ${o.line} has only ${o.children.length} children` : `dsh-view line ${oc.line}: ${oc.source}`))
      })
      if (o.children.length > g.children.length) {
        const parent = out.find((v) => v.line === g.line)
        if (parent !== undefined) {
          parent.matched = false
          parent.note = `dsh-view has ${o.children.length - g.children.length} more children: ${o.children.slice(g.children.length).map((c) => c.source).join(' | ')}`
        }
      }
    }
    cursor = head + 1
  }
  return out
}

/** Accessible-name patterns of the rows the golden shows open (`[expanded]` buttons of its transcript part). */
export function expandedRows(part: readonly AriaNode[]): RegExp[] {
  return flatten(part)
    .filter((n) => n.role === 'button' && n.name !== null && n.states.includes('expanded'))
    .map((n) => wildcard(n.name ?? ''))
}
