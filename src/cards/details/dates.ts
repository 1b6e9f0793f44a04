/**
 * Absolute dates on the detail cards (cards-current.md §11.3, §11.6). dsh formats them in the viewer's
 * locale and time zone; a static page is built without knowing either, so dates are written in UTC, by hand
 * rather than through `Intl` (whose output differs between ICU versions, e.g. the space before AM/PM), and
 * say so (`UTC`). Same instant → same text on every machine.
 */
import type { Locale } from '../types'

const pad = (n: number) => String(n).padStart(2, '0')
/** The en month abbreviations (the zh forms are numeric). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

function parts(date: Date) {
  return {
    year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(),
    hours: date.getUTCHours(), minutes: date.getUTCMinutes(), seconds: date.getUTCSeconds(),
  }
}

/** `Sep 10, 2099, 09:00:00 AM UTC` / `2099年9月10日 09:00:00 UTC` (month short, day, year, hh:mm:ss, zone). */
export function dateTimeSeconds(date: Date, locale: Locale): string {
  const p = parts(date)
  if (locale === 'zh') return `${p.year}年${p.month + 1}月${p.day}日 ${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)} UTC`
  const h12 = p.hours % 12 === 0 ? 12 : p.hours % 12
  const month = MONTHS[p.month] ?? ''
  return `${month} ${p.day}, ${p.year}, ${pad(h12)}:${pad(p.minutes)}:${pad(p.seconds)} ${p.hours < 12 ? 'AM' : 'PM'} UTC`
}

/** Medium date and short time: `Sep 10, 2026, 8:00 AM UTC` / `2026年9月10日 08:00 UTC`. */
export function dateTimeShort(date: Date, locale: Locale): string {
  const p = parts(date)
  if (locale === 'zh') return `${p.year}年${p.month + 1}月${p.day}日 ${pad(p.hours)}:${pad(p.minutes)} UTC`
  const h12 = p.hours % 12 === 0 ? 12 : p.hours % 12
  const month = MONTHS[p.month] ?? ''
  return `${month} ${p.day}, ${p.year}, ${h12}:${pad(p.minutes)} ${p.hours < 12 ? 'AM' : 'PM'} UTC`
}

/** A recorded ISO string or epoch milliseconds as a date, or null when it is not a valid instant. */
export function instant(value: string | number): Date | null {
  const date = new Date(value)
  return Number.isFinite(date.getTime()) ? date : null
}
