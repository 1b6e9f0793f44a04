/**
 * Issue 13 "done when": every corpus log (v0, v3/v4, real-host) builds in every view mode and both locales, with
 * no generic row for a tool that has a dedicated card, and every page inside the budgets (1 MB / 5,000 nodes
 * before expansion). The card check runs on the view model (the same in every mode); the build check renders
 * the whole corpus once per mode and locale.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusLogs, corpusRoot } from '../../snapshots/corpus'
import { assemble } from '../../src/conversation'
import { RENDERERS } from '../../src/cards'
import type { PageRow, ToolRowModel } from '../../src/cards/types'
import { viewModel } from '../../src/cards/view-model'
import { VIEW_MODES } from '../../src/cards/view-mode'
import { parseLogText } from '../../src/log/json/parse-text'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'

const GENERIC_TITLES = new Set(['Tool call', '工具调用'])

/** The tools today's dsh client draws with a dedicated row or card (cards-current.md §10), `pwsh` included. */
const DEDICATED = new Set([
  'bash', 'pwsh', 'read', 'read_image', 'write', 'edit', 'grep', 'glob', 'web_search', 'web_fetch', 'todo_write',
  'ask_user_question', 'skill', 'present',
  // The 37 DetailsRow tools.
  'create_goal', 'get_goal', 'update_goal', 'schedule_create', 'schedule_update', 'schedule_list', 'schedule_delete',
  'cordis_inspect_list', 'cordis_inspect_query', 'cordis_inspect_self', 'workflow', 'ralph', 'session_event_read',
  'session_event_search', 'session_event_trace', 'session_search', 'session_trace', 'list_subagent_models', 'subagent',
  'list_agents', 'send_message', 'interrupt_agent', 'job_list', 'job_output', 'job_kill', 'terminal_open',
  'terminal_read', 'terminal_list', 'terminal_signal', 'terminal_close', 'lsp', 'spawn_teammate', 'team_task_create',
  'team_task_get', 'team_task_update', 'team_task_list', 'wait_agent',
])

/** Every tool row of a section list, sub-calls included, without recursion. */
function toolRows(rows: readonly PageRow[]): ToolRowModel[] {
  const out: ToolRowModel[] = []
  const stack = rows.filter((r): r is ToolRowModel => r.kind === 'tool').reverse()
  for (let row = stack.pop(); row !== undefined; row = stack.pop()) {
    out.push(row)
    for (let i = row.children.length - 1; i >= 0; i--) stack.push(row.children[i] as ToolRowModel)
  }
  return out
}

describe('no generic row for a tool with a dedicated card (every corpus log, en and zh)', () => {
  const logs = corpusLogs().filter(l => !l.zstd)
  it.each(logs)('$scenario', ({ url }) => {
    const model = assemble(parseLogText(readFileSync(url, 'utf8')).lines)
    for (const locale of ['en', 'zh'] as const) {
      const rows = viewModel(model, { cwd: model.facts.cwd, home: null, locale }).sections.flatMap(s => s.rows)
      const all = toolRows(rows)
      const generic = all.filter(r => DEDICATED.has(r.tool) && GENERIC_TITLES.has(r.title))
      // Each of those names is in the renderer table (pwsh is drawn by the generic card under its own title and
      // terminal card, §10), so a new corpus tool cannot slip through as generic either.
      for (const r of all) if (DEDICATED.has(r.tool) && r.tool !== 'pwsh') expect(Object.hasOwn(RENDERERS, r.tool), r.tool).toBe(true)
      expect(generic.map(r => `${r.tool} (${r.key})`), locale).toEqual([])
    }
  })
})

describe('the corpus builds in every mode and locale within the page budgets', () => {
  const root = fileURLToPath(corpusRoot)
  it.each(VIEW_MODES.flatMap(view => (['en', 'zh'] as const).map(locale => ({ view, locale }))))('$view, $locale', async ({ view, locale }) => {
    const out = tempDir()
    const report = await buildInto([root], out, { view, locale })
    expect(report.sessions).toBeGreaterThan(100)
    let pages = 0
    for (const [path, bytes] of treeOf(out, { skipState: true })) {
      if (!path.endsWith('.html')) continue
      pages++
      const html = bytes.toString('utf8')
      if (html.includes('data-transcript')) expect(html, path).toContain(`data-view="${view}"`)
      const size = measure(html)
      expect(size.bytes, path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(size.nodes, path).toBeLessThanOrEqual(MAX_PAGE_NODES)
    }
    expect(pages).toBeGreaterThan(100)
  }, 180_000)
})
