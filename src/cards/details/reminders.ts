/**
 * Reminder tools (cards-current.md §10, §11.3): `schedule_create`, `schedule_update`, `schedule_list`,
 * `schedule_delete`. A reminder result `{id, prompt, title?, kind, scheduledAt (canonical ISO), state, deliveryMode}`
 * is one item (no caption) titled with its title or prompt: Scheduled for (UTC, see ./dates), Repeat (`Once`
 * for `at`/`after`, `Every {interval}` in the largest whole unit, and the 5593cc25 `daily`/`weekly`/`cron`
 * rules) and Status (`Scheduled`, `Overdue, awaiting session resume`). A list is one item per reminder (any
 * malformed entry → the generic row), summary `{n} reminders`; delete `{id, deleted: true}` is the id with
 * Status `Deleted`. Every other shape: the generic row.
 */
import type { Locale } from '../types'
import { isObject, nonBlank, parseJson } from '../narrow'
import { EMPTY_ITEM, type DetailItem } from './types'
import type { DetailCardResult, DetailTool } from './tool'
import { plainList } from './project'
import { dateTimeSeconds } from './dates'
import { detailWords, type DetailWords } from './strings'

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0

function interval(seconds: number, w: DetailWords): string {
  if (seconds % 86_400 === 0) return w.days(seconds / 86_400)
  if (seconds % 3_600 === 0) return w.hours(seconds / 3_600)
  if (seconds % 60 === 0) return w.minutes(seconds / 60)
  return w.seconds(seconds)
}

/** A stored wall clock without zero seconds/milliseconds (`09:00:00.000` → `09:00`). */
const shortTime = (time: string) => time.replace(/:00\.000$/, '').replace(/\.000$/, '')

function weekdays(days: unknown, w: DetailWords): string | null {
  if (!Array.isArray(days) || days.length === 0) return null
  const labels: string[] = []
  for (const day of days) {
    const label = typeof day === 'number' && Number.isInteger(day) ? w.weekdays[day - 1] : undefined
    if (label === undefined) return null
    labels.push(label)
  }
  return labels.join(w.weekdayJoin)
}

function repeat(value: Readonly<Record<string, unknown>>, w: DetailWords): string | null {
  const time = nonBlank(value.time)
  const zone = nonBlank(value.timeZone)
  switch (value.kind) {
    case 'at':
      return w.once
    case 'after':
      return positive(value.afterSeconds) ? w.once : null
    case 'every':
      return positive(value.everySeconds) ? w.every(interval(value.everySeconds, w)) : null
    case 'daily':
      return time === null || zone === null ? null : w.daily(shortTime(time), zone)
    case 'weekly': {
      const days = weekdays(value.weekdays, w)
      return time === null || zone === null || days === null ? null : w.weekly(days, shortTime(time), zone)
    }
    case 'cron': {
      const expression = nonBlank(value.expression)
      return expression === null || zone === null ? null : w.cron(expression, zone)
    }
    default:
      return null
  }
}

/** One reminder as an item, or null when the value is not a reminder. */
export function reminderItem(value: unknown, locale: Locale): DetailItem | null {
  const w = detailWords(locale)
  if (!isObject(value) || nonBlank(value.id) === null) return null
  const prompt = nonBlank(value.prompt)
  if (prompt === null || typeof value.scheduledAt !== 'string') return null
  if (value.deliveryMode !== 'session-local' && value.deliveryMode !== 'host') return null
  const state = value.state === 'scheduled' ? w.scheduled : value.state === 'overdue' ? w.overdue : null
  if (state === null) return null
  const date = new Date(value.scheduledAt)
  if (!Number.isFinite(date.getTime()) || date.toISOString() !== value.scheduledAt) return null
  const frequency = repeat(value, w)
  if (frequency === null) return null
  return {
    ...EMPTY_ITEM,
    title: nonBlank(value.title) ?? prompt,
    fields: [
      { term: w.scheduledFor, definition: dateTimeSeconds(date, locale), local: { iso: date.toISOString(), style: 'seconds' } },
      { term: w.repeat, definition: frequency },
      { term: w.status, definition: state },
    ],
  }
}

function oneReminder(text: string, locale: Locale): DetailCardResult | null {
  const item = reminderItem(parseJson(text), locale)
  return item === null || item.title === null ? null : { summary: item.title, status: null, body: plainList([item], null) }
}

function reminderList(text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  const value = parseJson(text)
  if (!Array.isArray(value)) return null
  const items: DetailItem[] = []
  for (const entry of value) {
    const item = reminderItem(entry, locale)
    if (item === null) return null
    items.push(item)
  }
  return { summary: w.reminders(items.length), status: null, body: plainList(items, w.noReminders) }
}

function deletedReminder(text: string, locale: Locale): DetailCardResult | null {
  const w = detailWords(locale)
  const value = parseJson(text)
  if (!isObject(value) || value.deleted !== true) return null
  const id = nonBlank(value.id)
  if (id === null) return null
  return { summary: id, status: null, body: plainList([{ ...EMPTY_ITEM, title: id, fields: [{ term: w.status, definition: w.deleted }] }], null) }
}

const tool = (title: (w: DetailWords) => string, card: (text: string, locale: Locale) => DetailCardResult | null): DetailTool => ({
  title: (_node, locale) => title(detailWords(locale)),
  card: (text, _args, _node, ctx) => card(text, ctx.locale),
})

export const REMINDER_TOOLS: ReadonlyArray<readonly [string, DetailTool]> = [
  ['schedule_create', tool(w => w.titleScheduleCreate, oneReminder)],
  ['schedule_update', tool(w => w.titleScheduleUpdate, oneReminder)],
  ['schedule_list', tool(w => w.titleScheduleList, reminderList)],
  ['schedule_delete', tool(w => w.titleScheduleDelete, deletedReminder)],
]
