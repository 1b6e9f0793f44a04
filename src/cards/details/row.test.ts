/**
 * DetailsRow (cards-current.md §9.4, §10, §11.0): which calls open to the details card, the summary and
 * receipt status, and the generic fallback (no `Tool call ·` prefix, failure line on error).
 */
import { describe, expect, it } from 'vitest'
import { toolRowModel } from '../tool-row'
import { genericModel } from '../generic'
import { call, CTX, ctxWith, fail, interrupt, settle, text } from '../testing'
import { EMPTY_ITEM } from './types'
import { detailsRowFor } from './row'
import type { DetailTool } from './tool'
import { DETAIL_TOOLS } from './registry'

const GOAL = '{"goal":{"id":"g1","revision":1,"objective":"Ship it","phase":"active","roundsStarted":1,"maxGoalRounds":8},"activation":"armed"}'
const goalCall = () => call('create_goal', { objective: 'Ship it', max_goal_rounds: 8 })

describe('DetailsRow', () => {
  it('every details1 tool is registered', () => {
    for (const name of ['create_goal', 'get_goal', 'update_goal', 'schedule_create', 'schedule_update', 'schedule_list', 'schedule_delete',
      'cordis_inspect_list', 'cordis_inspect_query', 'cordis_inspect_self', 'workflow', 'ralph', 'session_event_read',
      'session_event_search', 'session_event_trace', 'session_search', 'session_trace']) expect(DETAIL_TOOLS.has(name), name).toBe(true)
  })

  it('a settled single-text result the tool parses opens to the card', () => {
    const row = toolRowModel(settle(goalCall(), GOAL), CTX)
    expect([row.title, row.summary, row.summaryStyle, row.body?.kind, row.summaryStatus]).toEqual(['Create goal', 'Ship it', 'text', 'details', undefined])
    expect(toolRowModel(settle(goalCall(), GOAL), ctxWith({ locale: 'zh' })).title).toBe('创建目标')
  })

  it.each([
    ['running', goalCall()],
    ['unexpected format', settle(goalCall(), 'goal created')],
    ['two blocks', settle(goalCall(), { content: [text(GOAL), text('extra')] })],
    ['spill notice', settle(goalCall(), `${GOAL}\n\n(Omitted 5 bytes. Full formatted result stored at: /s. Read it.)`)],
    ['stopped', interrupt(goalCall())],
  ])('%s → generic body, summary without the Tool call prefix', (_n, node) => {
    const row = toolRowModel(node, CTX)
    expect(row.title).toBe('Create goal')
    expect(row.summary).toBe('Ship it')
    expect(row.body?.kind).toBe('io')
  })

  it('an error shows the failure line and the IN/OUT body', () => {
    const row = toolRowModel(fail(goalCall(), 'Error: goal exists'), CTX)
    expect([row.summary, row.summaryStyle, row.state, row.body?.kind]).toEqual(['Error: goal exists', 'failure', 'error', 'io'])
  })

  it('a receipt keeps its status apart from the summary (shown only while closed)', () => {
    const receipt: DetailTool = {
      title: () => 'Send message',
      card: () => ({ summary: 'agent-1', status: 'Message delivered', body: { kind: 'details', caption: null, items: [{ ...EMPTY_ITEM, title: 'agent-1' }], emptyText: null, more: null, trailingGroup: null } }),
    }
    const node = settle(call('send_message', { agent_id: 'agent-1' }), 'ok')
    const chrome = detailsRowFor(receipt)(node, CTX, genericModel(node, CTX), null)
    expect([chrome.summary, chrome.summaryStatus]).toEqual(['agent-1', 'Message delivered'])
  })

  it('a tool fallback summary wins over the generic one', () => {
    const t: DetailTool = { title: () => 'T', fallbackSummary: () => 'fallback', card: () => null }
    const node = call('x_tool', { description: 'd' })
    expect(detailsRowFor(t)(node, CTX, genericModel(node, CTX), null).summary).toBe('fallback')
  })
})
