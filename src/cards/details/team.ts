/**
 * Detail cards of the team tools (cards-current.md §10, §11.7): `spawn_teammate` (`{member:{…}}` → the member
 * projected, summary the `name` argument), `team_task_create` / `team_task_get` / `team_task_update` (a task
 * record with a string `subject` → the task projected: subject title, description, status badge, ID,
 * Revision, Ready, Owner, Dependencies and Write scopes groups; summary the subject), `team_task_list`
 * (`{tasks:[…], nextCursor?: number}` → one item per task, `{n} team tasks`, caption `More tasks available;
 * next cursor is {cursor}` when paged) and the team JSON form of `list_agents` (an array of members →
 * `{n} agents`). The items come from the inspection projection of §11.1 (./project); any other shape → null.
 */
import { isObject, parseJson } from '../narrow'
import type { Locale } from '../types'
import { argText, listCard, titled, type Args } from './control-shared'
import { controlStrings } from './control-strings'
import { projectValue } from './project'
import type { DetailCardResult, DetailTool } from './tool'

export function spawnTeammateCard(text: string, args: Args, locale: Locale): DetailCardResult | null {
  const json = parseJson(text)
  if (!isObject(json) || !isObject(json['member'])) return null
  return listCard(projectValue(json['member'], locale), argText(args, 'name'), locale)
}

export function teamTaskCard(text: string, locale: Locale): DetailCardResult | null {
  const json = parseJson(text)
  if (!isObject(json)) return null
  const subject = json['subject']
  if (typeof subject !== 'string') return null
  return listCard(projectValue(json, locale), subject, locale)
}

export function teamTaskListCard(text: string, locale: Locale): DetailCardResult | null {
  const t = controlStrings(locale)
  const json = parseJson(text)
  if (!isObject(json)) return null
  const tasks = json['tasks']
  const cursor = Object.hasOwn(json, 'nextCursor') ? json['nextCursor'] : undefined
  if (!Array.isArray(tasks) || (cursor !== undefined && typeof cursor !== 'number')) return null
  const card = listCard(projectValue(tasks, locale), t.tasksCount(tasks.length), locale)
  if (cursor === undefined) return card
  return { ...card, body: { ...card.body, caption: t.tasksNextPage(String(cursor)) } }
}

/** The team JSON form of `list_agents`: every member projected, counted by the array's length. */
export function teamAgentList(members: readonly unknown[], locale: Locale): DetailCardResult {
  return listCard(projectValue(members, locale), controlStrings(locale).agentsCount(members.length), locale)
}

export const TEAM_TOOLS: ReadonlyMap<string, DetailTool> = new Map<string, DetailTool>([
  ['spawn_teammate', titled('spawnTeammate', spawnTeammateCard)],
  ['team_task_create', titled('createTeamTask', (text, _args, locale) => teamTaskCard(text, locale))],
  ['team_task_get', titled('getTeamTask', (text, _args, locale) => teamTaskCard(text, locale))],
  ['team_task_update', titled('updateTeamTask', (text, _args, locale) => teamTaskCard(text, locale))],
  ['team_task_list', titled('listTeamTasks', (text, _args, locale) => teamTaskListCard(text, locale))],
])
