/**
 * Volatile values → placeholders (issue 5; cards.md §15.1), so a snapshot taken on another machine, in
 * another time zone or on a re-recorded run of the same session reads the same. The rules follow the dsh web
 * tests' `normalizeAria` (upstream `apps/web/tests/scaffold.ts`), in the same order:
 *
 * 1. the workspace root (as given, and with `/` separators) → `{{cwd}}`;
 * 2. its basename → `{{workspace}}` — as a whole word only: upstream replaces the substring everywhere, which
 *    turns `application` into `{{workspace}}lication` for a workspace named `app`; a word-bounded match keeps
 *    what the goldens need (the terminal prompt label) without that damage. A basename that is itself a
 *    placeholder (fixtures store `{{cwd}}` literally) is left alone;
 * 3. UUIDs → `{{uuid}}`;
 * 4. durations (`12ms`, `3.4s`, `2m 42s`, `1h 2m 3s`, `2d 3h`, and the Chinese forms) → `{{duration}}`, except
 *    approximate ages (`~3mo`, `约3个月`), which upstream keeps; also dsh-view's own `1h 02m` (seconds optional);
 * 5. a number before ` tok/s` → `{{throughput}}`;
 * 5b. ISO timestamps inside text (`2026-09-10T08:00:00.000Z`, the session tools' results) → `{{timestamp}}`
 *    (cards-current.md §15.5), before the clock and date rules would split them;
 * 6. clock times (`09:30:00`, `9:30:00 PM`, `09:30`, Chinese date-times) → `{{clock}}`;
 * 7. calendar dates (`2026-08-02`, the form dsh-view's time labels use) → `{{date}}` — upstream normalises
 *    its own `M/D` form in some tests; ours is ISO.
 *
 * Pure: no `node:*`, used by both snapshot formats.
 */

export interface NormalizeOptions {
  /** The workspace root whose path and basename are masked; null when the session has none. */
  cwd: string | null
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const DURATION =
  /~\d+(?:y(?: \d+mo)?|mo(?: \d+d)?)|\b(?:\d+d(?: \d+h(?: \d+m \d+s)?)?|\d+h \d+m(?: \d+s)?|\d+m ?\d+s|\d+(?:\.\d+)?s|\d+(?:\.\d+)?ms)\b/g
const DURATION_ZH = /约\d+(?:年(?:\d+个月)?|个月(?:\d+天)?)|\d+(?:天(?:\d+小时(?:\d+分\d+秒)?)?|小时\d+分\d+秒|分\d+秒|(?:\.\d+)?秒)/g
const THROUGHPUT = /\d+(?:\.\d+)?(?= tok\/s(?!\w))/g
const CLOCK_ZH_YEAR = /\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/g
const CLOCK_ZH = /\d{1,2}月\d{1,2}日 \d{2}:\d{2}/g
const CLOCK_SECONDS = /(?<!\d)\d{1,2}:\d{2}:\d{2}(?:\.\d+)?(?:\s*[AP]M)?(?!\d)/gi
const CLOCK_MINUTES = /(?<!\d)\d{2}:\d{2}(?!\d)/g
const ISO_TIMESTAMP = /(?<!\d)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?!\d)/g
const DATE = /(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)/g

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The last path segment of `cwd` (either separator), or null when there is none worth masking. */
export function workspaceName(cwd: string): string | null {
  const base = cwd.replace(/\\/g, '/').split('/').filter(Boolean).pop() ?? ''
  if (base === '' || base.includes('{{') || /^[A-Za-z]:$/.test(base)) return null
  return base
}

export function normalizeVolatile(text: string, options: NormalizeOptions): string {
  let out = text
  const cwd = options.cwd
  if (cwd !== null && cwd !== '' && cwd !== '/' && !cwd.includes('{{')) {
    const slashed = cwd.replace(/\\/g, '/')
    out = out.split(cwd).join('{{cwd}}')
    if (slashed !== cwd) out = out.split(slashed).join('{{cwd}}')
    const base = workspaceName(cwd)
    if (base !== null) out = out.replace(new RegExp(`(?<![\\w.-])${escapeRegExp(base)}(?![\\w-])`, 'g'), '{{workspace}}')
  }
  return out
    .replace(UUID, '{{uuid}}')
    .replace(DURATION, (d) => (d.startsWith('~') ? d : '{{duration}}'))
    .replace(DURATION_ZH, (d) => (d.startsWith('约') ? d : '{{duration}}'))
    .replace(THROUGHPUT, '{{throughput}}')
    .replace(ISO_TIMESTAMP, '{{timestamp}}')
    .replace(CLOCK_ZH_YEAR, '{{clock}}')
    .replace(CLOCK_ZH, '{{clock}}')
    .replace(CLOCK_SECONDS, '{{clock}}')
    .replace(CLOCK_MINUTES, '{{clock}}')
    .replace(DATE, '{{date}}')
}
