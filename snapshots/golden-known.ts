/**
 * The reviewed allowlist of the golden comparison (snapshots/golden-equivalence.test.ts): golden transcript
 * lines dsh-view does not produce, each range with the reason. Every difference here is a difference between
 * client versions, not a card bug: dsh-view follows the web client the spec describes ([L], cards.md), and the
 * v4 goldens were written by a newer client. The three cards.md §15.3 goldens (pwsh-terminal, bash-abort-row,
 * skill-tool-row) have no entry: every line of their transcript part matches.
 *
 * `from`–`to` are 1-based golden lines (inclusive; `- group:` lines inside are unwrapped before comparing
 * and need no verdict); `golden` is line `from` verbatim, so an edited golden cannot shift a range silently.
 * The test keeps this list exact: every line in a range must be unmatched, and every unmatched line must be
 * in a range.
 */

export interface KnownDifference {
  from: number
  to: number
  golden: string
  reason: string
}

/** A tool the newer client draws with its own card; [L] draws it as a GenericToolCard. */
const newerCard = (tool: string) =>
  `${tool}: the newer dsh web client draws this tool with a dedicated card (a verb title such as "Create goal", ` +
  'structured fields, lists, "Recorded result"); at [L] every tool not in the renderer table is a GenericToolCard ' +
  `— button "Tool call ${tool} · <summary>" with an IN/OUT body (cards.md §4.2, §5.1, §5.4)`

const TODO_DIFF =
  'todo_write: the golden (0217po@10029b99) names the row by its diff summary alone ("Update to-do list 3 added"); ' +
  '5593cc25 (the (tb) row model, cards-current.md §9.0, §10) shows the plan summary with the diff summary as its ' +
  'suffix, which dsh-view draws: "Update to-do list 1/3 completed · Render compact fields and lists" + suffix ' +
  '"3 added" (and "2/3 completed" + "1 added · 1 updated · 1 removed"); the to-do diff body below it matches'

const THINK_TITLE_ONLY =
  'the newer client names a Think row by its title only ("Think"); at [L] its name is "Think <first line of the ' +
  'reasoning>" (cards.md §3.4), which the v0 skill-tool-row golden confirms line for line'

const SETTLED_NOTICE =
  'the newer client draws the subagent-settled user message that opens turn 2 as a "Subtask status updated <time>" ' +
  'notice; at [L] a form:"notice" source is a context row "Context injection subagent-settled <summary>" ' +
  '(cards.md §3.5 gives this very example), which dsh-view draws'

/**
 * A detail card dsh-view draws (cards-current.md §11, the 5593cc25 behaviour) where the golden, written by an
 * older client (0217po@10029b99) in a GMT+8 browser, reads differently: `zone` — `Scheduled for` carries the
 * browser's zone, a static page does not know the reader's, so dsh-view writes UTC; `time` — `Time` is the
 * browser's local time, dsh-view's is UTC; `ralph` — the older title. Every other line of those rows matches.
 */
const olderClient = (tool: string, differences: readonly ('zone' | 'time' | 'ralph')[]) => {
  const what = differences.map((d) =>
    d === 'zone' ? 'the golden\'s "Scheduled for" reads "Sep 10, 2099, {{clock}} GMT+8" (its browser zone); 5593cc25-era dsh-view writes UTC, "Sep 10, 2099, {{clock}} UTC"'
      : d === 'time' ? 'the golden\'s "Time" is its GMT+8 browser time ("Sep 10, 2026, 4:00 PM"); dsh-view writes UTC ("Sep 10, 2026, 8:00 AM UTC")'
        : 'the golden\'s title is "Run Ralph"; 5593cc25 titles the row "Run ralph loop" (cards-current.md §12.2)')
  return [`${tool}: written by an older client (10029b99)`, ...what].join('; ')
}

export const KNOWN: Record<string, KnownDifference[]> = {
  'v4 ptc-round': [
    { from: 15, to: 15, golden: '- button "Think"', reason: THINK_TITLE_ONLY },
    { from: 24, to: 24, golden: '- button "Think"', reason: THINK_TITLE_ONLY },
  ],
  'v4 official-subagent-bundle': [
    { from: 14, to: 16, golden: '- button "Subtask status updated {{clock}}":', reason: SETTLED_NOTICE },
  ],
  // 44 rows, one per tool result, each followed by an "Inspect" pill that matches (the pills are outside the ranges).
  'v4 tool-details': [
    { from: 12, to: 14, golden: "- button \"Update to-do list 3 added\" [expanded]:", reason: TODO_DIFF },
    { from: 28, to: 28, golden: "    - definition: Sep 10, 2099, {{clock}} GMT+8", reason: olderClient("schedule_create", ['zone']) },
    { from: 63, to: 63, golden: "    - definition: Sep 10, 2099, {{clock}} GMT+8", reason: olderClient("schedule_list", ['zone']) },
    { from: 78, to: 80, golden: "- button \"Update to-do list 1 added · 1 updated · 1 removed\" [expanded]:", reason: TODO_DIFF },
    { from: 244, to: 246, golden: "- button \"Run Ralph 已检查详情区域的换行和工具名称显示。\" [expanded]:", reason: olderClient("ralph", ['ralph']) },
    { from: 273, to: 273, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_event_read", ['time']) },
    { from: 311, to: 311, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_event_search", ['time']) },
    { from: 317, to: 317, golden: "    - definition: Sep 10, 2026, 4:01 PM", reason: olderClient("session_event_search", ['time']) },
    { from: 350, to: 350, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_search", ['time']) },
    { from: 361, to: 361, golden: "    - definition: Sep 10, 2026, 3:00 PM", reason: olderClient("session_search", ['time']) },
    { from: 377, to: 377, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_trace", ['time']) },
    { from: 387, to: 397, golden: "- button \"List models deepseek\" [expanded]:", reason: newerCard("list_subagent_models") },
    { from: 399, to: 407, golden: "- button \"Delegate task 检查工具卡片布局，并列出三个最值得改进的地方。 · Started\" [expanded]:", reason: newerCard("subagent") },
    { from: 409, to: 431, golden: "- button \"List agents 3 agents\" [expanded]:", reason: newerCard("list_agents") },
    { from: 433, to: 440, golden: "- button \"Send message agent-demo-review · Message delivered\" [expanded]:", reason: newerCard("send_message") },
    { from: 442, to: 447, golden: "- button \"Interrupt agent agent-demo-review · Interrupt requested\" [expanded]:", reason: newerCard("interrupt_agent") },
    { from: 449, to: 465, golden: "- button \"List background jobs 3 background jobs\" [expanded]:", reason: newerCard("job_list") },
    { from: 467, to: 475, golden: "- button \"Read job output job-demo-build · Running\" [expanded]:", reason: newerCard("job_output") },
    { from: 477, to: 484, golden: "- button \"Cancel background job job-demo-preview · Cancellation requested\" [expanded]:", reason: newerCard("job_kill") },
    { from: 486, to: 496, golden: "- button \"Open terminal preview\" [expanded]:", reason: newerCard("terminal_open") },
    { from: 498, to: 506, golden: "- button \"Read terminal terminal-demo-1\" [expanded]:", reason: newerCard("terminal_read") },
    { from: 508, to: 532, golden: "- button \"List terminals 3 terminals\" [expanded]:", reason: newerCard("terminal_list") },
    { from: 534, to: 544, golden: "- button \"Signal terminal terminal-demo-1 · Signal delivered\" [expanded]:", reason: newerCard("terminal_signal") },
    { from: 546, to: 551, golden: "- button \"Close terminal terminal-demo-1 · Closed\" [expanded]:", reason: newerCard("terminal_close") },
    { from: 553, to: 560, golden: "- button \"Find definition src/app.ts · 1 locations\" [expanded]:", reason: newerCard("lsp") },
    { from: 562, to: 575, golden: "- button \"Find references src/tool-details.ts · 3 locations\" [expanded]:", reason: newerCard("lsp") },
    { from: 577, to: 587, golden: "- button \"Find implementation src/types.ts · 2 locations\" [expanded]:", reason: newerCard("lsp") },
    { from: 589, to: 599, golden: "- button \"Inspect symbol src/tool-details.ts:24:1\" [expanded]:", reason: newerCard("lsp") },
    { from: 601, to: 616, golden: "- button \"Create teammate ui-review\" [expanded]:", reason: newerCard("spawn_teammate") },
    { from: 618, to: 650, golden: "- button \"List agents 3 agents\" [expanded]:", reason: newerCard("list_agents") },
    { from: 652, to: 659, golden: "- button \"Send message ui-review · Message delivered\" [expanded]:", reason: newerCard("send_message") },
    { from: 661, to: 680, golden: "- button \"Create team task 检查工具卡片的窄屏布局\" [expanded]:", reason: newerCard("team_task_create") },
    { from: 682, to: 701, golden: "- button \"Read team task 检查工具卡片的窄屏布局\" [expanded]:", reason: newerCard("team_task_get") },
    { from: 703, to: 724, golden: "- button \"Update team task 检查工具卡片的窄屏布局\" [expanded]:", reason: newerCard("team_task_update") },
    { from: 726, to: 762, golden: "- button \"List team tasks 2 team tasks\" [expanded]:", reason: newerCard("team_task_list") },
    { from: 764, to: 769, golden: "- button \"Wait for teammates Teammate activity · Change detected\" [expanded]:", reason: newerCard("wait_agent") },
    { from: 771, to: 779, golden: "- button \"Interrupt agent ui-review · Interrupt requested\" [expanded]:", reason: newerCard("interrupt_agent") },
  ],
}
