import { describe, expect, it } from 'vitest'
import { reasonText } from './reasons'

describe('reasonText: unreadable-line and raw-event reasons in the page locale', () => {
  it.each<[string, string]>([
    ['unknown event type "agent/harness"', '未知事件类型 "agent/harness"'],
    ['not valid JSON (Expected double-quoted property name in JSON at position 23)', '不是有效的 JSON（位置 23）'],
    ['not valid JSON (Unexpected end of JSON input)', '不是有效的 JSON'],
    ['missing session header: not valid JSON (Unexpected token } in JSON at position 0)', '缺少会话头：不是有效的 JSON（位置 0）'],
    ['not a JSON object (an array)', '不是 JSON 对象'],
    ['missing session header: line 1 is empty', '缺少会话头：第 1 行为空'],
    ['missing session header: line 1 is a "turn/start" record', '缺少会话头'],
    ['invalid session header: createdAt: expected number', '会话头无效'],
    ['unexpected session header after line 1', '第 1 行之后出现了会话头'],
    ['empty line', '空行'],
    ['seq gap: expected seq 4, got 9', '事件序号不连续：应为 4，实为 9'],
    ['invalid event envelope: seq/time', '事件信封无效'],
    ['data.turn: expected number, received string', '无法按其类型读取'],
  ])('%s', (reason, zh) => {
    expect(reasonText(reason, 'en')).toBe(reason)
    expect(reasonText(reason, 'zh')).toBe(zh)
  })
})
