/**
 * Which call of a parent started which subagent, when the parent's log does not say (log-format.md §2.6).
 * A foreground `subagent` call leaves no durable "this call created session X" field: the catalog event
 * (`subagent/catalog`), a workflow's `agent-start` and a background call's `started subagent <id>` result
 * name the child, but the format-0 logs of a plain foreground call name nothing — so their cards had no
 * link to the child's page. What both logs do hold is the prompt: the call's `prompt` argument is the
 * child's first own prompt (the first user message after any inherited seed), verbatim in every corpus
 * family. So a child whose parent names no call for it is matched to the parent's first subagent call, in
 * log order, that gave its first prompt and that no evidence has claimed; children are taken oldest first
 * (their header's `createdAt`, as dsh's own test harness orders them), so two calls with the same prompt
 * pair with two children in order. Pure: the families stage (src/site/family.ts) and the export
 * (src/export/load.ts) give it what each fold found.
 */
import type { ChildLink, Section } from './model'
import type { ToolCallNode } from './tool-call'

/** A subagent call of a log: its call id, the `tool/call` seq and the prompt it gave. */
export interface SpawnCall {
  callId: string
  seq: number
  prompt: string
}

/** A child of the parent as the matching needs it: its id, first own prompt, and start (null: unknown). */
export interface SpawnedChild {
  id: string
  prompt: string | null
  createdAt: number | null
}

/** The tools that start a subagent (cards-current.md §8: `subagent` and any name starting `subagent_`). */
export const isSubagentTool = (name: string): boolean => name === 'subagent' || name.startsWith('subagent_')

/** The `prompt` argument of a call, when its arguments are a JSON object holding a non-blank string there. */
function promptOf(call: ToolCallNode): string | null {
  if (call.argsRaw === '') return null
  let args: unknown
  try {
    args = JSON.parse(call.argsRaw)
  } catch {
    return null
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null
  const prompt: unknown = (args as { prompt?: unknown }).prompt
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt : null
}

/** Every subagent call of the sections that gave a prompt, code-dispatch children included, in log order. */
export function spawnCalls(sections: readonly Section[]): SpawnCall[] {
  const out: SpawnCall[] = []
  for (const section of sections) {
    if (section.inherited) continue
    for (const node of section.nodes) {
      if (node.kind !== 'tool' || node.inherited) continue
      // Dispatch children nest as deep as the log says: an explicit stack, not recursion.
      const stack: ToolCallNode[] = [node.call]
      while (stack.length > 0) {
        const call = stack.pop() as ToolCallNode
        const prompt = isSubagentTool(call.name) ? promptOf(call) : null
        if (prompt !== null) out.push({ callId: call.callId, seq: call.seq, prompt })
        for (let i = call.subCalls.length - 1; i >= 0; i--) stack.push(call.subCalls[i] as ToolCallNode)
      }
    }
  }
  return out.sort((a, b) => a.seq - b.seq)
}

const same = (a: string, b: string): boolean => a.trim() === b.trim()

/**
 * The parent's child links with a call filled in for each child its log names no call for, where one of its
 * subagent calls gave that child's first prompt (see the module comment). Links that name a call are kept
 * as they are; a child linked without a call (a settled notice) gets the call; others get a new link
 * (`via: 'spawn-prompt'`).
 */
export function linkSpawnedChildren(links: readonly ChildLink[], spawns: readonly SpawnCall[], children: readonly SpawnedChild[]): ChildLink[] {
  const out = links.map(l => ({ ...l }))
  const claimedCalls = new Set(out.flatMap(l => (l.callId === null ? [] : [l.callId])))
  const linked = new Set(out.flatMap(l => (l.callId === null ? [] : [l.sessionId])))
  const open = spawns.filter(s => !claimedCalls.has(s.callId))
  const order = [...children].sort((a, b) => (a.createdAt ?? Infinity) - (b.createdAt ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  for (const child of order) {
    if (linked.has(child.id) || child.prompt === null) continue
    const prompt = child.prompt
    const at = open.findIndex(s => same(s.prompt, prompt))
    const spawn = open[at]
    if (spawn === undefined) continue
    open.splice(at, 1)
    linked.add(child.id)
    const known = out.find(l => l.sessionId === child.id)
    if (known !== undefined) known.callId = spawn.callId
    else out.push({ sessionId: child.id, via: 'spawn-prompt', callId: spawn.callId, seq: spawn.seq, label: null, mode: null })
  }
  return out
}

/** A member of a family as `linkFamilyByPrompt` needs it: what its fold found. */
export interface FamilyMemberLinks extends SpawnedChild {
  /** Header `parentSession`. */
  parentId: string | null
  /** The child links its log names. */
  links: readonly ChildLink[]
  /** Its subagent calls (`spawnCalls`). */
  spawns: readonly SpawnCall[]
}

/**
 * Every member's child links, with the calls its log does not name found by prompt (`linkSpawnedChildren`
 * over the members whose parent it is), in member order: one pass to group children by parent id, so a
 * family costs its members and their calls, not members × members. The families stage of a build
 * (src/site/family.ts) and the export (src/export/load.ts) link a family through here.
 */
export function linkFamilyByPrompt(members: readonly FamilyMemberLinks[]): ChildLink[][] {
  const byParent = new Map<string, FamilyMemberLinks[]>()
  for (const m of members) {
    if (m.parentId === null) continue
    const kids = byParent.get(m.parentId)
    if (kids === undefined) byParent.set(m.parentId, [m])
    else kids.push(m)
  }
  return members.map(m => {
    const kids = (byParent.get(m.id) ?? []).filter(k => k !== m)
    if (m.spawns.length === 0 || kids.length === 0) return [...m.links]
    return linkSpawnedChildren(m.links, m.spawns, kids.map(k => ({ id: k.id, prompt: k.prompt, createdAt: k.createdAt })))
  })
}
