/**
 * The agent/job/terminal/lsp/team detail cards against the recorded tool-details session (cards-current.md
 * §15.5 rows 19–44): every recorded result of these tools parses into a card, with the summaries the 5593cc25
 * client shows, and the words the card adds around session content are English on an English page and
 * Chinese on a Chinese one.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isObject, jsonObject } from '../narrow'
import { call, ctxWith } from '../testing'
import type { Locale } from '../types'
import { AGENT_DETAIL_TOOLS } from './agents'
import type { DetailCardResult } from './tool'
import type { DetailItem } from './types'

const LOG = new URL('../../../fixtures/corpus/v4/logs/0217po__snapshots_web_tool-details_session.v3.jsonl', import.meta.url)

interface Recorded { id: string; name: string; args: Record<string, unknown>; text: string }

function recorded(): Recorded[] {
  const calls = new Map<string, { name: string; args: Record<string, unknown> }>()
  const out: Recorded[] = []
  for (const line of readFileSync(LOG, 'utf8').split('\n')) {
    if (line.trim() === '') continue
    const event: unknown = JSON.parse(line)
    if (!isObject(event) || !isObject(event.data) || !isObject(event.data.message)) continue
    const content = event.data.message.content
    if (!Array.isArray(content)) continue
    for (const block of content) {
      if (!isObject(block)) continue
      if (block.type === 'tool-call' && typeof block.id === 'string' && typeof block.name === 'string' && typeof block.arguments === 'string') {
        calls.set(block.id, { name: block.name, args: jsonObject(block.arguments) ?? {} })
      }
      if (block.type === 'tool-result' && typeof block.toolCallId === 'string' && Array.isArray(block.content)) {
        const head = calls.get(block.toolCallId)
        const [only] = block.content
        if (head === undefined || !AGENT_DETAIL_TOOLS.has(head.name) || block.content.length !== 1 || !isObject(only)) continue
        if (typeof only.text === 'string') out.push({ id: block.toolCallId, ...head, text: only.text })
      }
    }
  }
  return out
}

const RECORDED = recorded()

function cardFor(r: Recorded, locale: Locale): DetailCardResult | null {
  const tool = AGENT_DETAIL_TOOLS.get(r.name)
  return tool === undefined ? null : tool.card(r.text, r.args, call(r.name, r.args), ctxWith({ locale }))
}

/** The words a card adds: caption, empty text, badges, field terms, group labels (not titles or values). */
function uiWords(card: DetailCardResult): string[] {
  const words: string[] = [card.body.caption ?? '', card.body.emptyText ?? '']
  const walk = (items: readonly DetailItem[], depth: number) => {
    for (const item of items) {
      if (item.badge !== null) words.push(item.badge.text)
      for (const f of item.fields) words.push(f.term)
      for (const g of item.groups) {
        words.push(g.label)
        if (depth < 6) walk(g.items, depth + 1)
      }
    }
  }
  walk(card.body.items, 0)
  return words.filter((w) => w !== '')
}

describe('details2 tools on the recorded tool-details session', () => {
  it('finds the 26 recorded results of these tools', () => expect(RECORDED).toHaveLength(26))

  it('draws a card for every one, with the 5593cc25 summaries', () => {
    const lines = RECORDED.map((r) => {
      const card = cardFor(r, 'en')
      const title = AGENT_DETAIL_TOOLS.get(r.name)?.title(call(r.name, r.args), 'en')
      return card === null ? `${r.id} no card` : `${title} ${card.summary}${card.status === null ? '' : ` · ${card.status}`}`
    })
    expect(lines).toEqual([
      'List models deepseek',
      'Create subagent 检查工具卡片布局，并列出三个最值得改进的地方。 · Started',
      'List subagents 3 agents',
      'Send message agent-demo-review · Message delivered',
      'Interrupt agent agent-demo-review · Interrupt requested',
      'List background jobs 3 background jobs',
      'Read job output job-demo-build · Running',
      'Cancel background job job-demo-preview · Cancellation requested',
      'Open terminal preview',
      'Read terminal terminal-demo-1',
      'List terminals 3 terminals',
      'Signal terminal terminal-demo-1 · Signal delivered',
      'Close terminal terminal-demo-1 · Closed',
      'Find definition src/app.ts · 1 locations',
      'Find references src/tool-details.ts · 3 locations',
      'Find implementation src/types.ts · 2 locations',
      'Inspect symbol src/tool-details.ts:24:1',
      'Create teammate ui-review',
      'List subagents 3 agents',
      'Send message ui-review · Message delivered',
      'Create team task 检查工具卡片的窄屏布局',
      'Read team task 检查工具卡片的窄屏布局',
      'Update team task 检查工具卡片的窄屏布局',
      'List team tasks 2 team tasks',
      'Wait for subagent Subagent activity · Change detected',
      'Interrupt agent ui-review · Interrupt requested',
    ])
  })

  it.each(['en', 'zh'] as const)('%s: the card words are in the page language', (locale) => {
    const foreign = locale === 'en' ? /[\u3000-\u9fff\uff00-\uffef]/u : /[A-Za-z]/u
    // dsh's Chinese dictionary keeps `ID` in Latin letters (`ID`, `智能体 ID`, `进程 ID`).
    const strip = (w: string) => w.replace(/\bID\b/gu, '')
    for (const r of RECORDED) {
      const card = cardFor(r, locale)
      expect(card, r.id).not.toBeNull()
      if (card === null) continue
      const bad = uiWords(card).filter((w) => foreign.test(strip(w)))
      expect(bad, `${r.id} ${r.name}`).toEqual([])
    }
  })
})
