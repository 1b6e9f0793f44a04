/**
 * Volatile values → placeholders (issue 5; cards.md §15.1), so a snapshot taken on another machine, in
 * another time zone or on a re-recorded run of the same session reads the same. The rules follow the dsh web
 * tests' `normalizeAria` (upstream `apps/web/tests/scaffold.ts`), in the same order, with one difference:
 * a path is masked only where it is that path (issue 28). Upstream replaces the workspace root and its
 * basename as substrings everywhere, so a session run in `…/deploy` snapshots the user's "Run deploy" as
 * "Run {{workspace}}": a snapshot must never rewrite words of the transcript.
 *
 * 1. the workspace root (as given, and with `/` separators) → `{{cwd}}`, where it stands as a whole path:
 *    not continued by a name character (`/home/a/deploy2`, `/home/a/deploy.bak` are other paths) and not
 *    preceded by one or by a separator (`x/home/a/deploy`, `/mnt/home/a/deploy`), `file://` excepted;
 * 2. its basename → `{{workspace}}` only where the page draws the cwd's label — the terminal card's prompt
 *    label (`maskPromptLabel`, used by the text snapshot's prompt field and by the ARIA capture before it
 *    reads the page, src/snapshot/node/aria.ts), never in running text. A root that is itself a
 *    placeholder (fixtures store `{{cwd}}` literally) is left alone;
 * 3. UUIDs → `{{uuid}}` (every UUID is a per-run value: session, call and message ids);
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
  /** The workspace root whose path is masked (`{{cwd}}`); null when the session has none. */
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

/** A name character: what may not continue a path's last name nor stand right before a path. */
const NAME_CHAR = /^[\p{L}\p{N}\p{M}_~-]$/u
/** What may not stand right before a path that starts there: a name character, `.` or a separator. */
const BEFORE_PATH = /^[\p{L}\p{N}\p{M}_.~/\\-]$/u

/** The root without trailing separators (`/home/a/deploy/` → `/home/a/deploy`), or null when it masks nothing. */
function maskableRoot(cwd: string | null): string | null {
  if (cwd === null || cwd.includes('{{')) return null
  const trimmed = cwd.replace(/[\\/]+$/, '')
  // `/`, `C:` and `C:\` contain every path on the machine: masking them would rewrite them all.
  if (trimmed === '' || /^[A-Za-z]:$/.test(trimmed)) return null
  return trimmed
}

/** The code point that ends right before `at` (a surrogate pair whole), or '' at the start. */
function codePointBefore(text: string, at: number): string {
  if (at === 0) return ''
  const low = text.charCodeAt(at - 1)
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(at - 2, at) : text.slice(at - 1, at)
}

/** The code point that starts at `at` (a surrogate pair whole), or '' at the end. */
const codePointAt = (text: string, at: number): string => (at >= text.length ? '' : String.fromCodePoint(text.codePointAt(at) ?? 0))

/** Whether `root` stands at `at` in `text` as that whole path (the rule of the module comment). */
function standsAsPath(text: string, at: number, length: number): boolean {
  const before = codePointBefore(text, at)
  if (before !== '' && BEFORE_PATH.test(before) && !text.slice(0, at).endsWith('file://')) return false
  const after = codePointAt(text, at + length)
  if (after === '') return true
  if (NAME_CHAR.test(after)) return false
  return !(after === '.' && NAME_CHAR.test(codePointAt(text, at + length + 1)))
}

/**
 * Every place `root` (the spelling given and, for a Windows root, the `/` spelling too) stands as a whole
 * path → `{{cwd}}`, leftmost first. Found with `indexOf`, never a pattern compiled from the cwd: the cwd is
 * log text, and a long one (hundreds of kilobytes) is past what a RegExp may hold.
 */
function maskRoot(text: string, root: string): string {
  const spellings = [...new Set([root, root.replace(/\\/g, '/')])]
  let out = ''
  let from = 0
  let at = 0
  while (at <= text.length) {
    let next = -1
    for (const s of spellings) {
      const i = text.indexOf(s, at)
      if (i !== -1 && (next === -1 || i < next)) next = i
    }
    if (next === -1) break
    const hit = spellings.find(s => text.startsWith(s, next) && standsAsPath(text, next, s.length))
    if (hit === undefined) {
      at = next + 1
      continue
    }
    out += `${text.slice(from, next)}{{cwd}}`
    from = at = next + hit.length
  }
  return out + text.slice(from)
}

/** The last path segment of `cwd` (either separator), or null when there is none worth masking. */
export function workspaceName(cwd: string): string | null {
  const base = cwd.replace(/\\/g, '/').split('/').filter(Boolean).pop() ?? ''
  if (base === '' || base.includes('{{') || /^[A-Za-z]:$/.test(base)) return null
  return base
}

/**
 * A terminal prompt label (cards.md §6.3: the basename of the folder a command ran in) as dsh's goldens
 * show it: `{{workspace}}` when it is the workspace root's basename, else as it is. Only the label field goes
 * through this — the same word in running text is the user's.
 */
export function maskPromptLabel(label: string, cwd: string | null): string {
  const base = cwd === null ? null : workspaceName(cwd)
  return base !== null && label === base ? '{{workspace}}' : label
}

export function normalizeVolatile(text: string, options: NormalizeOptions): string {
  let out = text
  const root = maskableRoot(options.cwd)
  if (root !== null) out = maskRoot(out, root)
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
