/**
 * The reason beside an unreadable-line or kept-raw-event row, in the page's locale. The log reader words its
 * reasons in English for every consumer (`inspect`, build warnings, snapshots), and an English page shows
 * them as they are. A Chinese page gets the same facts in Chinese: the reasons dsh-view's reader and fold
 * give are matched by shape, keeping their numbers and the quoted event type (log content); a reason of
 * any other shape (a schema issue list, a reader error) is summarised as "not readable as its type", since
 * the row beside it shows the line or payload itself.
 */
import type { Locale } from './types'

type Rule = [pattern: RegExp, zh: (m: RegExpExecArray) => string]

const RULES: Rule[] = [
  [/^unknown event type (".*")$/s, m => `未知事件类型 ${m[1] ?? ''}`],
  [/^(missing session header: )?not valid JSON \(.*?\bposition (\d+)\b.*\)$/s, m => `${m[1] === undefined ? '' : '缺少会话头：'}不是有效的 JSON（位置 ${m[2] ?? ''}）`],
  [/^(missing session header: )?not valid JSON\b/s, m => `${m[1] === undefined ? '' : '缺少会话头：'}不是有效的 JSON`],
  [/^(missing session header: )?not a JSON object\b/s, m => `${m[1] === undefined ? '' : '缺少会话头：'}不是 JSON 对象`],
  [/^missing session header: line 1 is empty$/, () => '缺少会话头：第 1 行为空'],
  [/^missing session header\b/, () => '缺少会话头'],
  [/^invalid session header\b/, () => '会话头无效'],
  [/^unexpected session header after line 1$/, () => '第 1 行之后出现了会话头'],
  [/^empty line$/, () => '空行'],
  [/\bexpected seq (\d+), got (\d+)$/, m => `事件序号不连续：应为 ${m[1] ?? ''}，实为 ${m[2] ?? ''}`],
  [/^invalid event envelope\b/, () => '事件信封无效'],
]

/** `reason` as the row shows it in `locale`. */
export function reasonText(reason: string, locale: Locale): string {
  if (locale === 'en') return reason
  for (const [pattern, zh] of RULES) {
    const m = pattern.exec(reason)
    if (m !== null) return zh(m)
  }
  return '无法按其类型读取'
}
