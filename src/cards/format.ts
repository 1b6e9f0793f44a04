/**
 * Deterministic number and time formatting for page chrome (turn tails, message times). UTC only: a
 * static page must not depend on the build machine's time zone, and goldens must be byte-stable.
 */
import type { Locale, TimeLabel } from './types'

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/** Duration units; zh as dsh's `duration.*Unit` keys (cards-current.md §12.1: 秒 / 分 / 小时). */
const UNITS: Record<Locale, { ms: string; s: string; m: string; h: string }> = {
  en: { ms: 'ms', s: 's', m: 'm ', h: 'h ' },
  zh: { ms: '毫秒', s: '秒', m: '分', h: '小时' },
}

/** `850ms`, `12.3s`, `4m 05s`, `1h 02m`; zh `850毫秒`, `12.3秒`, `4分05秒`, `1小时02分`. */
export function formatDuration(ms: number, locale: Locale = 'en'): string {
  const u = UNITS[locale]
  if (!Number.isFinite(ms) || ms < 0) return `0${u.ms}`
  if (ms < 1_000) return `${Math.round(ms)}${u.ms}`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)}${u.s}`
  const seconds = Math.floor(ms / 1_000)
  if (seconds < 3_600) return `${Math.floor(seconds / 60)}${u.m}${pad(seconds % 60)}${u.s}`
  return `${Math.floor(seconds / 3_600)}${u.h}${pad(Math.floor((seconds % 3_600) / 60))}${u.m.trimEnd()}`
}

/** `42.1` */
export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? String(Math.round(perSecond)) : perSecond.toFixed(1)
}

/** Epoch ms → ISO and a `YYYY-MM-DD HH:MM:SS UTC` label; null for unknown or nonsensical times. */
export function timeLabel(ms: number | null): TimeLabel | null {
  if (ms === null || !Number.isFinite(ms) || ms <= 0) return null
  const d = new Date(ms)
  if (Number.isNaN(d.getTime())) return null
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
  const clock = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  return { iso: d.toISOString(), label: `${date} ${clock} UTC` }
}
