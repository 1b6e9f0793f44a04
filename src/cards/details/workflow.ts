/**
 * Workflow and Ralph (cards-current.md §10, §11.5). `workflow` text `workflow "<name>" completed (<n> agent[s]).
 * \nReturn value:\n<json>` → a header item (the name, badge `Completed`, field `Agents started`, group
 * `Workflow script` holding the `code` argument as a javascript block) followed by the projected return value;
 * summary the name. `ralph` text `<header>\nFinal report:\n<json>` with `{summary, evidence[], nextSteps[],
 * blocker}` → one item titled with the summary, the badge from the header (completion, blocker, round limit),
 * `Rounds` from the header, `Blocker` when non-empty, evidence as bullets, groups `Remaining work` (next steps)
 * and `Task` (the `objective` argument); summary the report summary. Any other text: the generic row.
 */
import { everyItem, isObject, parseJson } from '../narrow'
import { EMPTY_ITEM, type DetailGroup, type DetailItem } from './types'
import type { DetailTool } from './tool'
import { detailCode, projectValue, recordedList } from './project'
import { detailWords } from './strings'

const WORKFLOW = /^workflow "([\s\S]*?)" completed \((\d+) agents?\)\.\nReturn value:\n([\s\S]*)$/
const REPORT = '\nFinal report:\n'

const strings = (v: unknown): string[] | null => everyItem(v, (s): string | null => (typeof s === 'string' ? s : null))

export const WORKFLOW_TOOLS: ReadonlyArray<readonly [string, DetailTool]> = [
  ['workflow', {
    title: (_node, locale) => detailWords(locale).titleWorkflow,
    card: (text, args, _node, { locale }) => {
      const w = detailWords(locale)
      const match = WORKFLOW.exec(text)
      const [, name, agents, json] = match ?? []
      if (name === undefined || agents === undefined || json === undefined) return null
      const value = parseJson(json)
      if (value === undefined) return null
      const header: DetailItem = {
        ...EMPTY_ITEM,
        title: name,
        badge: { text: w.completed, tone: 'success' },
        fields: [{ term: w.agentsStarted, definition: agents }],
        groups: typeof args.code === 'string'
          ? [{ label: w.workflowScript, items: [{ ...EMPTY_ITEM, code: detailCode(args.code, 'javascript', locale) }] }]
          : [],
      }
      return { summary: name, status: null, body: recordedList([header, ...projectValue(value, locale)], locale) }
    },
  }],
  ['ralph', {
    title: (_node, locale) => detailWords(locale).titleRalph,
    card: (text, args, _node, { locale }) => {
      const w = detailWords(locale)
      const split = text.indexOf(REPORT)
      if (split < 0) return null
      const head = text.slice(0, split)
      const report = parseJson(text.slice(split + REPORT.length))
      if (!isObject(report) || typeof report.summary !== 'string' || typeof report.blocker !== 'string') return null
      const evidence = strings(report.evidence)
      const nextSteps = strings(report.nextSteps)
      if (evidence === null || nextSteps === null) return null
      const badge = head.startsWith('Ralph worker reported completion ') ? { text: w.reportedComplete, tone: 'success' as const }
        : head.startsWith('Ralph worker reported a blocker ') ? { text: w.reportedBlocker, tone: 'warning' as const }
        : head.startsWith('Ralph reached its ') ? { text: w.roundLimit, tone: 'warning' as const } : null
      if (badge === null) return null
      const rounds = /\b(\d+) rounds?\b/.exec(head)?.[1]
      const fields = rounds === undefined ? [] : [{ term: w.rounds, definition: rounds }]
      if (report.blocker !== '') fields.push({ term: w.blocker, definition: report.blocker })
      const groups: DetailGroup[] = []
      if (nextSteps.length > 0) groups.push({ label: w.remainingWork, items: [{ ...EMPTY_ITEM, bullets: nextSteps }] })
      if (typeof args.objective === 'string') groups.push({ label: w.task, items: [{ ...EMPTY_ITEM, description: args.objective }] })
      const item: DetailItem = { ...EMPTY_ITEM, title: report.summary, badge, fields, bullets: evidence, groups }
      return { summary: report.summary, status: null, body: recordedList([item], locale) }
    },
  }],
]
