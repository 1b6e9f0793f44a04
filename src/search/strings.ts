/**
 * The words of the search UI (session find box, index search) and the labels shards give rows without a
 * title, in English and Chinese. Counts are templates (`{n}`, `{i}`, `{total}`) the browser script fills
 * in; everything else arrives formatted, so components only draw.
 */
import type { Locale } from '../cards/types'
import type { ShardLabels } from './shard'

export interface FindText {
  region: string
  label: string
  placeholder: string
  tool: string
  status: string
  any: string
  /** Status filter options: value → label. */
  states: [value: string, label: string][]
  previous: string
  next: string
  /** `{i}`: current match, `{n}`: matches on this page, `{other}`: on other pages. */
  count: string
  countElsewhere: string
  none: string
  loading: string
  unavailable: string
  elsewhere: string
  /** Said when the shard dropped rows to stay in its budget. */
  partial: string
}

export interface SiteSearchText {
  region: string
  label: string
  placeholder: string
  /** `{done}` of `{total}` sessions read. */
  loading: string
  /** `{n}` matches in `{s}` sessions. */
  count: string
  none: string
  /** `{n}` more matches in this session. */
  more: string
  unavailable: string
}

export interface SearchText {
  find: FindText
  site: SiteSearchText
  labels: ShardLabels
}

const EN: SearchText = {
  find: {
    region: 'Find in this session',
    label: 'Find',
    placeholder: 'text in any card, folded ones too',
    tool: 'Tool',
    status: 'Status',
    any: 'any',
    states: [
      ['error', 'failed'],
      ['ok', 'succeeded'],
      ['running', 'running'],
      ['stopped', 'stopped'],
    ],
    previous: 'Previous match',
    next: 'Next match',
    count: '{i} of {n} matching {n|card|cards} on this page',
    countElsewhere: '{other} more on other pages',
    none: 'No matching cards',
    loading: 'Loading the search index…',
    unavailable: 'The search index of this session could not be loaded; use your browser’s find instead',
    elsewhere: 'Matches on other pages',
    partial: 'This session is too long to index whole: the search covers its first rows only.',
  },
  site: {
    region: 'Search all sessions',
    label: 'Search all sessions',
    placeholder: 'text in any card of any session',
    loading: 'Searching… {done} of {total} {total|session|sessions} read',
    count: '{n} {n|match|matches} in {s} {s|session|sessions}',
    none: 'No matches',
    more: '{n} more in this session',
    unavailable: '{n} {n|session|sessions} could not be searched (their index is missing)',
  },
  labels: { user: 'You', assistant: 'Assistant', think: 'Think', command: 'Command', error: 'Turn failed', raw: 'Unknown record', invalid: 'Unreadable line' },
}

const ZH: SearchText = {
  find: {
    region: '在本会话中查找',
    label: '查找',
    placeholder: '任意卡片中的文字，包括折叠内容',
    tool: '工具',
    status: '状态',
    any: '全部',
    states: [
      ['error', '失败'],
      ['ok', '成功'],
      ['running', '运行中'],
      ['stopped', '已停止'],
    ],
    previous: '上一个匹配',
    next: '下一个匹配',
    count: '本页第 {i} 个，共 {n} 个匹配卡片',
    countElsewhere: '其他页面还有 {other} 个',
    none: '没有匹配的卡片',
    loading: '正在加载搜索索引…',
    unavailable: '无法加载本会话的搜索索引，请使用浏览器自带的查找',
    elsewhere: '其他页面中的匹配',
    partial: '会话过长，无法完整索引：搜索只覆盖前面的部分。',
  },
  site: {
    region: '搜索全部会话',
    label: '搜索全部会话',
    placeholder: '任意会话、任意卡片中的文字',
    loading: '正在搜索… 已读取 {done} / {total} 个会话',
    count: '{s} 个会话中有 {n} 个匹配',
    none: '没有匹配',
    more: '本会话中还有 {n} 个',
    unavailable: '{n} 个会话无法搜索（缺少索引）',
  },
  labels: { user: '你', assistant: '助手', think: '思考', command: '命令', error: '本轮失败', raw: '未知记录', invalid: '无法读取的行' },
}

export function searchText(locale: Locale): SearchText {
  return locale === 'zh' ? ZH : EN
}
