/**
 * The inspection projection of cards-current.md §11.1: a recorded JSON value (Cordis results, team records,
 * event data, workflow return values) as detail items. An array gives one item per entry (at most 40, then a
 * "more in Inspect" note); an object gives one item — title from the first non-empty `subject`/`title`/
 * `name`/`pluginId`/`packageId`/`id`/`summary`, description from `description`/`purpose`, a string `status` as
 * the badge, schemas as JSON code groups, a string `arguments` holding an object as the `IN` group, other
 * objects and arrays as groups, scalars as fields in key order; a scalar gives a description paragraph.
 * Recursion follows the value's nesting but stops at depth 4: anything deeper is one JSON code block, so log
 * data cannot drive the depth. Also the shared pieces every detail tool builds with: badges, field labels,
 * scalar words, JSON code blocks and the `Recorded result` list body.
 */
import type { Locale } from '../types'
import { isObject, parseJson } from '../narrow'
import { EMPTY_ITEM, type DetailCode, type DetailGroup, type DetailItem, type DetailTone, type DetailsBody } from './types'
import { detailWords } from './strings'

/** At most this many entries of an array become items (§11.1). */
export const MAX_PROJECTED_ITEMS = 40
/** Values nested deeper than this are shown as a JSON code block. */
export const MAX_PROJECTION_DEPTH = 4

const TITLE_KEYS = ['subject', 'title', 'name', 'pluginId', 'packageId', 'id', 'summary'] as const
const DESCRIPTION_KEYS = ['description', 'purpose'] as const
const SUCCESS = new Set(['completed', 'complete', 'done', 'accepted'])
const ERROR = new Set(['failed', 'error'])
const WARNING = new Set(['blocked', 'killed', 'pending', 'queued', 'inactive'])
const INFO = new Set(['running', 'in_progress', 'provisioning'])

/** A recorded status as a badge: the localised word (unknown statuses verbatim) and its tone (§9.0). */
export function detailBadge(status: string, locale: Locale): { text: string; tone: DetailTone } {
  const tone: DetailTone = SUCCESS.has(status) ? 'success' : ERROR.has(status) ? 'error'
    : WARNING.has(status) ? 'warning' : INFO.has(status) ? 'info' : 'neutral'
  return { text: detailWords(locale).statuses.get(status) ?? status, tone }
}

/** A JSON key as a field label: the known ones localised, any other key verbatim. */
export function fieldLabel(key: string, locale: Locale): string {
  return detailWords(locale).fields.get(key) ?? key
}

/** A scalar as text: `null` → None, booleans → Yes/No, strings verbatim, numbers as JSON. */
export function scalarText(value: unknown, locale: Locale): string {
  const w = detailWords(locale)
  if (value === null || value === undefined) return w.none
  if (typeof value === 'boolean') return value ? w.yes : w.no
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? String(value)
}

/** A code block with its language label and Copy control. */
export function detailCode(text: string, lang: string | null, locale: Locale, label: string | null = lang): DetailCode {
  const w = detailWords(locale)
  return { label, block: { text, lang, html: null }, copy: { label: w.copy, copiedLabel: w.copied, text } }
}

const jsonCode = (value: unknown, locale: Locale): DetailCode =>
  detailCode(JSON.stringify(value, null, 2) ?? String(value), 'json', locale)

const firstNonEmpty = (value: Readonly<Record<string, unknown>>, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const v = value[key]
    if (typeof v === 'string' && v !== '') return key
  }
  return null
}

function projectObject(value: Readonly<Record<string, unknown>>, locale: Locale, depth: number): DetailItem {
  const w = detailWords(locale)
  const titleKey = firstNonEmpty(value, TITLE_KEYS)
  const descriptionKey = firstNonEmpty(value, DESCRIPTION_KEYS)
  const status = typeof value.status === 'string' ? value.status : null
  const fields: DetailItem['fields'] = []
  const groups: DetailGroup[] = []
  for (const [key, field] of Object.entries(value)) {
    if (key === titleKey || key === descriptionKey || (key === 'status' && status !== null)) continue
    const label = fieldLabel(key, locale)
    if (key === 'inputSchema' || key === 'outputSchema') {
      groups.push({ label, items: [{ ...EMPTY_ITEM, code: jsonCode(field, locale) }] })
      continue
    }
    if (Array.isArray(field) && field.length === 0) continue
    if (key === 'arguments' && typeof field === 'string') {
      const parsed = parseJson(field)
      if (isObject(parsed)) {
        groups.push({ label, items: projectValue(parsed, locale, depth + 1) })
        continue
      }
    }
    if (typeof field === 'object' && field !== null) groups.push({ label, items: projectValue(field, locale, depth + 1) })
    else fields.push({ term: label, definition: scalarText(field, locale) })
  }
  const titleValue = titleKey === null ? null : value[titleKey]
  const title = typeof titleValue === 'string' ? titleValue : status !== null ? w.result : null
  const descriptionValue = descriptionKey === null ? null : value[descriptionKey]
  return {
    ...EMPTY_ITEM,
    title,
    description: typeof descriptionValue === 'string' ? descriptionValue : null,
    badge: status === null ? null : detailBadge(status, locale),
    fields,
    groups,
  }
}

/**
 * A JSON value as detail items (§11.1). `depth` is the nesting level of `value` (0 for the result itself);
 * past `MAX_PROJECTION_DEPTH` an object or array becomes a JSON code block instead of more levels.
 */
export function projectValue(value: unknown, locale: Locale, depth = 0): DetailItem[] {
  const w = detailWords(locale)
  if (depth > MAX_PROJECTION_DEPTH && typeof value === 'object' && value !== null) {
    return [{ ...EMPTY_ITEM, code: jsonCode(value, locale) }]
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_PROJECTED_ITEMS).flatMap((entry: unknown) => projectValue(entry, locale, depth + 1))
    if (value.length > MAX_PROJECTED_ITEMS) items.push({ ...EMPTY_ITEM, description: w.moreInInspect(value.length - MAX_PROJECTED_ITEMS) })
    return items.length === 0 ? [{ ...EMPTY_ITEM, description: w.empty }] : items
  }
  if (isObject(value)) return [projectObject(value, locale, depth)]
  return [{ ...EMPTY_ITEM, description: scalarText(value, locale) }]
}

/** A list/receipt/inspection card body: caption `Recorded result`, empty text `No results` unless given. */
export function recordedList(items: DetailItem[], locale: Locale, options: { emptyText?: string; more?: string | null } = {}): DetailsBody {
  const w = detailWords(locale)
  return {
    kind: 'details',
    caption: w.recordedResult,
    items,
    emptyText: options.emptyText ?? w.empty,
    more: options.more ?? null,
    trailingGroup: null,
  }
}

/** A goal/reminder card body: no caption (§11.1). */
export function plainList(items: DetailItem[], emptyText: string | null): DetailsBody {
  return { kind: 'details', caption: null, items, emptyText, more: null, trailingGroup: null }
}
