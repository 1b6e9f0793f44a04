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
  // A log's figure (a retry's delayMs of 1e308) may pass any real duration: past 2^53 ms (285,000 years)
  // it is shown as that, so the hours stay digits, never `2.7777777777777776e+301h`.
  const seconds = Math.floor(Math.min(ms, Number.MAX_SAFE_INTEGER) / 1_000)
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

/** The scaled value of `formatTokens`: one decimal below 100, an integer from 100 up, no trailing `.0`. */
const scaledTokens = (value: number): string => (value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10))

/**
 * Compact token count (cards-current.md §8.2): `980`, `1.5K`, `12.4K`, `517K`, `1.2M`. The unit is chosen
 * on the raw count, as dsh does, so 999,500 reads `1000K` (scaling rounds after the unit is picked).
 * The `K`/`M` suffixes are the same literals in every locale.
 */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0'
  if (count < 1_000) return String(Math.round(count))
  if (count < 1_000_000) return `${scaledTokens(count / 1_000)}K`
  return `${scaledTokens(count / 1_000_000)}M`
}

/**
 * `12,345`, `-1,234.5678`: the integer part's digits in groups of three, joined by `,` (the
 * `number.groupSeparator` of cards-current.md §8.2 is `,` in both locales), the sign and the fraction as
 * `String(n)` writes them. The one digit grouping of every surface (cards, site chrome, Trajectory, CLI):
 * no `toLocaleString`, so no ICU locale data to load (its first use costs ~0.2 s, measured on the build
 * machines) and no dependence on the machine's locale. A number `String` writes with an exponent (≥ 1e21,
 * tiny fractions), NaN and the infinities are left as `String(n)` writes them.
 */
export function groupDigits(n: number): string {
  const text = String(n)
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text
  const sign = text.startsWith('-') ? '-' : ''
  const dot = text.indexOf('.')
  const whole = text.slice(sign.length, dot === -1 ? text.length : dot)
  const fraction = dot === -1 ? '' : text.slice(dot)
  let out = ''
  for (let end = whole.length; end > 0; end -= 3) out = whole.slice(Math.max(0, end - 3), end) + (out === '' ? '' : `,${out}`)
  return `${sign}${out}${fraction}`
}
