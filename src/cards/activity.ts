/**
 * Activity-group titles (cards-current.md §6.2): the header a closed run of process rows gets, e.g.
 * `Ran code, ran commands, read files`. Counts every tool call of the group's tool trees once per call id,
 * sub-calls included (orphan results are not calls), maps each name to an activity, ranks activities by count
 * (ties keep first appearance, depth-first) and joins the top three labels by the locale's rules.
 */
import type { ActivityIcon, Locale, ToolRowModel } from './types'
import { turnStrings, type Activity } from './turn-strings'

/** First match wins (§6.2 table). */
export function activityOf(name: string): Activity {
  switch (name) {
    case 'read': return 'read'
    case 'read_image': return 'readImage'
    case 'grep': case 'glob': return 'search'
    case 'write': return 'write'
    case 'edit': case 'apply_patch': return 'edit'
    case 'bash': case 'pwsh': case 'exec_command': case 'write_stdin': return 'commands'
    case 'run_code': return 'code'
    case 'web_search': return 'webSearch'
    case 'web_fetch': return 'webFetch'
    case 'subagent': return 'subagents'
    case 'todo_write': case 'create_goal': case 'update_goal': case 'get_goal': return 'plan'
    case 'ask_user_question': case 'request_user_input': return 'questions'
  }
  if (name.endsWith('_inspect')) return 'search'
  if (name.startsWith('terminal_')) return 'commands'
  if (name.startsWith('subagent_')) return 'subagents'
  return 'tools'
}

const ICONS: Readonly<Record<Activity, ActivityIcon>> = {
  read: 'browse', readImage: 'image', search: 'magnifier', write: 'pencil', edit: 'pencil', commands: 'api',
  code: 'code', webSearch: 'globe', webFetch: 'globe', subagents: 'sparkle', plan: 'checklist', questions: 'question',
  tools: 'api',
}

/** Tool names of the trees, depth-first (a root, then its sub-calls), once per call id, orphans left out. */
export function calledTools(trees: readonly ToolRowModel[]): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  // An explicit stack, not recursion: sub-call nesting comes from the log.
  const stack: ToolRowModel[] = [...trees].reverse()
  for (let row = stack.pop(); row !== undefined; row = stack.pop()) {
    if (row.tool !== '' && !seen.has(row.callId)) {
      seen.add(row.callId)
      names.push(row.tool)
    }
    for (let i = row.children.length - 1; i >= 0; i--) stack.push(row.children[i] as ToolRowModel)
  }
  return names
}

const lowerFirst = (s: string): string => (s === '' ? s : s.charAt(0).toLowerCase() + s.slice(1))

/** The group's title and icon (the top activity's, or Think's when the group called no tool). */
export function activityTitle(toolNames: readonly string[], locale: Locale): { title: string; icon: ActivityIcon } {
  const t = turnStrings(locale)
  const counts = new Map<Activity, number>()
  for (const name of toolNames) {
    const a = activityOf(name)
    counts.set(a, (counts.get(a) ?? 0) + 1)
  }
  if (counts.size === 0) return { title: t.analysisCompleted, icon: 'think' }
  // Map keeps first-appearance order and the sort is stable, so ties stay in that order.
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([a]) => a)
  const labels = ranked.slice(0, 3).map((a, i) => (i === 0 ? t.activity[a] : lowerFirst(t.activity[a])))
  const [first = '', second = '', third] = labels
  let title: string
  if (labels.length === 1) title = first
  else if (labels.length === 2) {
    const p = t.sharedPrefix
    const strip = p !== '' && first.startsWith(p) && second.startsWith(p)
    title = t.joinTwo(first, strip ? second.slice(p.length) : second)
  } else title = [first, second, third].join(t.comma)
  if (ranked.length > 3) title = t.more(title)
  return { title, icon: ICONS[ranked[0] as Activity] }
}
