/**
 * The reviewed allowlist of the golden comparison (snapshots/golden-equivalence.test.ts): golden transcript
 * lines dsh-view does not produce, each range with the reason. Every difference here is a line the golden's
 * client wrote differently from the client dsh-view follows: 5593cc25 (cards-current.md) in the current view
 * modes, the cards.md client in `classic`. Each golden is compared in the mode it was captured in; the three
 * cards.md §15.3 goldens (pwsh-terminal, bash-abort-row, skill-tool-row, classic) have no entry: every line of
 * their transcript part matches. What remains was written by clients older than 5593cc25.
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
  'todo_write: the newer client summarises the change since the previous list ("3 added", "1 added · 1 updated · ' +
  '1 removed") and draws the items as a list; the [L] TodoRow summary is "<done>/<total> completed · <active item>" ' +
  'with the IN/OUT body (cards.md §11.1), which dsh-view draws: "Update to-do list 1/3 completed · Render compact ' +
  'fields and lists"'

const OLDER_TURN_CONTROL =
  'written by an older client (0217po@50b7dd21, ui-chat 0.1.6-alpha era) than 5593cc25: it announced a closed turn ' +
  'as "Worked" and labelled the whole-turn control "Took <duration>"; at 5593cc25 (cards-current.md §5.4) they read ' +
  '"status: Completed" and "button \"Completed in <duration>\"", which dsh-view draws'

/**
 * A detail card dsh-view draws (cards-current.md §11, the 5593cc25 behaviour) where the golden, written by an
 * older client (0217po@10029b99) in a GMT+8 browser, reads differently: `zone` — `Scheduled for` carries the
 * browser's zone, a static page does not know the reader's, so dsh-view writes UTC; `time` — `Time` is the
 * browser's local time, dsh-view's is UTC; `ralph` — the older title. `cascade`: the other lines of the range
 * are drawn as the golden shows them, but the ordered matcher has already paired the golden's to-do list of an
 * earlier row with this row's list, because the to-do rows still have their [L] IN/OUT body on this branch
 * (the to-do diff card comes with the tools branch); they match once that card lands.
 */
const olderClient = (tool: string, differences: readonly ('zone' | 'time' | 'ralph')[], cascade: boolean) => {
  const what = differences.map((d) =>
    d === 'zone' ? 'the golden\'s "Scheduled for" reads "Sep 10, 2099, {{clock}} GMT+8" (its browser zone); 5593cc25-era dsh-view writes UTC, "Sep 10, 2099, {{clock}} UTC"'
      : d === 'time' ? 'the golden\'s "Time" is its GMT+8 browser time ("Sep 10, 2026, 4:00 PM"); dsh-view writes UTC ("Sep 10, 2026, 8:00 AM UTC")'
        : 'the golden\'s title is "Run Ralph"; 5593cc25 titles the row "Run ralph loop" (cards-current.md §12.2)')
  const head = `${tool}: written by an older client (10029b99)`
  const tail = cascade
    ? 'the rest is drawn as the golden shows it, but the ordered matcher paired an earlier to-do row\'s golden list with this row\'s list (the to-do rows keep their [L] IN/OUT body until the to-do diff card lands)'
    : null
  return [head, ...what, ...(tail === null ? [] : [tail])].join('; ')
}

export const KNOWN: Record<string, KnownDifference[]> = {
  'v4 ptc-round': [
    { from: 12, to: 13, golden: '- status: Worked', reason: OLDER_TURN_CONTROL },
  ],
  // 44 rows, one per tool result, each followed by an "Inspect" pill that matches (the pills are outside the ranges).
  'v4 tool-details': [
    { from: 12, to: 15, golden: "- button \"Update to-do list 3 added\" [expanded]:", reason: TODO_DIFF },
    { from: 17, to: 19, golden: "  - listitem: + Keep the existing row and expansion controls Completed", reason: TODO_DIFF },
    { from: 21, to: 23, golden: "- button \"Create reminder Review the build and open the demo\" [expanded]:", reason: olderClient("schedule_create", [], true) },
    { from: 26, to: 30, golden: "    - text: Review the build and open the demo", reason: olderClient("schedule_create", ['zone'], true) },
    { from: 32, to: 32, golden: "    - definition: Scheduled", reason: olderClient("schedule_create", [], true) },
    { from: 34, to: 36, golden: "- button \"View goal Ship compact tool cards\" [expanded]:", reason: olderClient("get_goal", [], true) },
    { from: 41, to: 41, golden: "    - definition: Awaiting continuation", reason: olderClient("get_goal", [], true) },
    { from: 45, to: 47, golden: "- button \"Update goal Ship compact tool cards\" [expanded]:", reason: olderClient("update_goal", [], true) },
    { from: 50, to: 50, golden: "    - text: Ship compact tool cards", reason: olderClient("update_goal", [], true) },
    { from: 52, to: 54, golden: "    - definition: Completed", reason: olderClient("update_goal", [], true) },
    { from: 56, to: 58, golden: "- button \"List reminders 1 reminders\" [expanded]:", reason: olderClient("schedule_list", [], true) },
    { from: 61, to: 65, golden: "    - text: Review the build and open the demo", reason: olderClient("schedule_list", ['zone'], true) },
    { from: 67, to: 67, golden: "    - definition: Scheduled", reason: olderClient("schedule_list", [], true) },
    { from: 69, to: 71, golden: "- button \"Delete reminder details-reminder\" [expanded]:", reason: olderClient("schedule_delete", [], true) },
    { from: 74, to: 76, golden: "    - text: details-reminder", reason: olderClient("schedule_delete", [], true) },
    { from: 78, to: 81, golden: "- button \"Update to-do list 1 added · 1 updated · 1 removed\" [expanded]:", reason: TODO_DIFF },
    { from: 85, to: 90, golden: "    - text: Render compact fields and lists In progressCompleted", reason: TODO_DIFF },
    { from: 94, to: 94, golden: "      - text: Keep the existing row and expansion controls Completed", reason: TODO_DIFF },
    { from: 96, to: 98, golden: "- button \"Inspect providers 2 inspect providers\" [expanded]:", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 102, to: 105, golden: "    - text: Service", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 108, to: 108, golden: "      - text: Methods", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 111, to: 128, golden: "          - text: listService", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 130, to: 133, golden: "    - text: Slots", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 136, to: 136, golden: "      - text: Methods", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 139, to: 156, golden: "          - text: listSubTree", reason: olderClient("cordis_inspect_list", [], true) },
    { from: 158, to: 160, golden: "- button \"Query runtime Slots.listSubTree\" [expanded]:", reason: olderClient("cordis_inspect_query", [], true) },
    { from: 164, to: 165, golden: "    - term: Root", reason: olderClient("cordis_inspect_query", [], true) },
    { from: 168, to: 168, golden: "      - text: Registrations", reason: olderClient("cordis_inspect_query", [], true) },
    { from: 171, to: 192, golden: "          - term: key", reason: olderClient("cordis_inspect_query", [], true) },
    { from: 194, to: 196, golden: "- button \"Inspect plugins 1 dynamic plugins\" [expanded]:", reason: olderClient("cordis_inspect_self", [], true) },
    { from: 200, to: 211, golden: "    - text: 工具卡片示例", reason: olderClient("cordis_inspect_self", [], true) },
    { from: 213, to: 215, golden: "- button \"Run workflow tool-card-audit\" [expanded]:", reason: olderClient("workflow", [], true) },
    { from: 219, to: 229, golden: "    - text: tool-card-audit Completed", reason: olderClient("workflow", [], true) },
    { from: 231, to: 242, golden: "    - term: reviewed", reason: olderClient("workflow", [], true) },
    { from: 244, to: 246, golden: "- button \"Run Ralph 已检查详情区域的换行和工具名称显示。\" [expanded]:", reason: olderClient("ralph", ['ralph'], true) },
    { from: 250, to: 261, golden: "    - text: 已检查详情区域的换行和工具名称显示。 Worker reported completion", reason: olderClient("ralph", [], true) },
    { from: 263, to: 265, golden: "- 'button \"Read event tool/call · #5\" [expanded]':", reason: olderClient("session_event_read", [], true) },
    { from: 269, to: 271, golden: "    - text: tool/call 任务清单变化示例 · todo-diff-demo", reason: olderClient("session_event_read", [], true) },
    { from: 273, to: 273, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_event_read", ['time'], false) },
    { from: 275, to: 301, golden: "    - text: todo_write", reason: olderClient("session_event_read", [], true) },
    { from: 303, to: 305, golden: "- button \"Search events 2 matches\" [expanded]:", reason: olderClient("session_event_search", [], true) },
    { from: 309, to: 309, golden: "    - text: \"重新设计任务清单工具卡片。 user/message · #1\"", reason: olderClient("session_event_search", [], true) },
    { from: 311, to: 313, golden: "    - definition: Sep 10, 2026, 4:00 PM", reason: olderClient("session_event_search", ['time'], true) },
    { from: 315, to: 319, golden: "    - text: \"工具卡片现在按新增、修改和删除显示。 assistant/message · #12\"", reason: olderClient("session_event_search", ['time'], true) },
    { from: 321, to: 339, golden: "- button \"Trace event 任务清单变化示例\" [expanded]:", reason: olderClient("session_event_trace", [], true) },
    { from: 341, to: 367, golden: "- button \"Search sessions 2 matches\" [expanded]:", reason: olderClient("session_search", ['time'], true) },
    { from: 369, to: 385, golden: "- button \"Trace session 任务清单变化示例\" [expanded]:", reason: olderClient("session_trace", ['time'], true) },
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
    { from: 726, to: 763, golden: "- button \"List team tasks 2 team tasks\" [expanded]:", reason: newerCard("team_task_list") },
    { from: 764, to: 770, golden: "- button \"Wait for teammates Teammate activity · Change detected\" [expanded]:", reason: newerCard("wait_agent") },
    { from: 771, to: 780, golden: "- button \"Interrupt agent ui-review · Interrupt requested\" [expanded]:", reason: newerCard("interrupt_agent") },
  ],
}
