/**
 * What the locale tests count as the other language: CJK characters on an English page, Latin words on a
 * Chinese one, and the reviewed allowlist of Latin terms dsh and dsh-view keep in Chinese. Shared by the
 * page scan (test/site/locale-scan.test.ts) and the dictionary scan (test/repo/locale-dictionaries.test.ts).
 */
/** CJK ideographs, kana, hangul, CJK punctuation and full-width forms. */
export const CJK = /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/u
export const LATIN_WORD = /[A-Za-z][A-Za-z0-9_]*(?:['’-][A-Za-z0-9_]+)*/g

/**
 * The reviewed allowlist: words dsh itself keeps in its Chinese UI (ui-conversation / ui-chat locales.ts at
 * 5593cc25: `tok/s`, `{n}KB`, `HTTP`, `ID`, `Schema`, `Cron`, `skill`, `Auto review`, `Cordis`), units and
 * names dsh-view's own chrome keeps (`TTFT`, `UTC`, `KB`/`MB`, `JSON`, `JavaScript`, `dsh`/`dsh-view`, the
 * `Token` of the export summary), and `zh-CN` of `<html lang>`. Nothing else: a word is either here with a
 * reason, content of the log, or a bug.
 */
export const ZH_ALLOWED = new Set([
  'tok', 's', 'HTTP', 'KB', 'MB', 'B', 'ID', 'Schema', 'Cron', 'skill', 'Auto', 'review', 'Cordis', 'TTFT', 'UTC',
  'JSON', 'JavaScript', 'DecompressionStream', 'dsh', 'dsh-view', 'Token', 'zh-CN',
  // dsh's own zh wording keeps the word: 已达到输出 token 上限 (cards-current.md §8.1).
  'token',
  // The compact token format's suffixes are the same literals in zh (cards-current.md §8.2): `17.5K tok`.
  'K', 'M',
  // dsh's Trajectory keeps them in zh (ui-trajectory locales at 5593cc25, trajectory.md §11): API 密钥无效,
  // 显示 Unix 时间戳.
  'API', 'Unix',
  // The price table's currency code (src/stats/prices; a table's own data, as written in it).
  'USD',
])

