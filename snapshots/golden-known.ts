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
  'todo_write: the newer client summarises the change since the previous list ("3 added", "1 added · 1 updated · ' +
  '1 removed") and draws the items as a list; the [L] TodoRow summary is "<done>/<total> completed · <active item>" ' +
  'with the IN/OUT body (cards.md §11.1), which dsh-view draws: "Update to-do list 1/3 completed · Render compact ' +
  'fields and lists"'

const THINK_TITLE_ONLY =
  'the newer client names a Think row by its title only ("Think"); at [L] its name is "Think <first line of the ' +
  'reasoning>" (cards.md §3.4), which the v0 skill-tool-row golden confirms line for line'

const SETTLED_NOTICE =
  'the newer client draws the subagent-settled user message that opens turn 2 as a "Subtask status updated <time>" ' +
  'notice; at [L] a form:"notice" source is a context row "Context injection subagent-settled <summary>" ' +
  '(cards.md §3.5 gives this very example), which dsh-view draws'

// details2 (agents, jobs, terminals, lsp, team): dsh-view follows 5593cc25 (cards-current.md §9.0, §12.2, §15.5);
// the tool-details golden was written by the older client 0217po@10029b99.
const OLDER = 'the tool-details golden was written by an older client (0217po@10029b99); '

/** An open receipt row: 10029b99 names it `<title> <target> · <status>`, 5593cc25 only `<title> <target>`. */
const olderReceipt = (tool: string, name: string) =>
  `${tool}: ${OLDER}its open row keeps the " · <status>" suffix in the button name; at 5593cc25 ToolRow reads ` +
  `expandedSummary (target only), so dsh-view names the open row "${name}" and shows the status only while it is ` +
  'closed (cards-current.md §9.0, §11.1 receipts, §15.5)'

const OLDER_SUBAGENT =
  `subagent: ${OLDER}its title is "Delegate task" and the open receipt keeps " · Started"; 5593cc25 titles it ` +
  '"Create subagent" and names the open row by the target only: "Create subagent 检查工具卡片布局，并列出三个最值得改进的地方。" ' +
  '(cards-current.md §9.0, §12.2)'

const OLDER_LIST_AGENTS =
  `list_agents: ${OLDER}its title is "List agents"; 5593cc25 says "List subagents" — "List subagents 3 agents" ` +
  '(cards-current.md §12.2)'

const OLDER_WAIT =
  `wait_agent: ${OLDER}it says "Wait for teammates" / "Teammate activity" and keeps " · Change detected" in the open ` +
  'row\'s name; 5593cc25 says "Wait for subagent" / "Subagent activity" and names the open row by the target: ' +
  '"Wait for subagent Subagent activity", item "Subagent activity Change detected" (cards-current.md §9.0, §12.2)'

const MARKDOWN_CODE_CHROME =
  'lsp hover: dsh draws a fenced block inside Markdown with a language label ("typescript") and a Copy button; ' +
  'dsh-view\'s Markdown renderer (src/markdown, shared with assistant text) draws the fenced block as plain code ' +
  'under the same item — the code line itself matches (the specs give no anatomy for Markdown code blocks)'

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
    { from: 1, to: 10, golden: "- button \"Create goal Ship compact tool cards\" [expanded]:", reason: newerCard("create_goal") },
    { from: 12, to: 19, golden: "- button \"Update to-do list 3 added\" [expanded]:", reason: TODO_DIFF },
    { from: 21, to: 32, golden: "- button \"Create reminder Review the build and open the demo\" [expanded]:", reason: newerCard("schedule_create") },
    { from: 34, to: 43, golden: "- button \"View goal Ship compact tool cards\" [expanded]:", reason: newerCard("get_goal") },
    { from: 45, to: 54, golden: "- button \"Update goal Ship compact tool cards\" [expanded]:", reason: newerCard("update_goal") },
    { from: 56, to: 67, golden: "- button \"List reminders 1 reminders\" [expanded]:", reason: newerCard("schedule_list") },
    { from: 69, to: 76, golden: "- button \"Delete reminder details-reminder\" [expanded]:", reason: newerCard("schedule_delete") },
    { from: 78, to: 94, golden: "- button \"Update to-do list 1 added · 1 updated · 1 removed\" [expanded]:", reason: TODO_DIFF },
    { from: 96, to: 156, golden: "- button \"Inspect providers 2 inspect providers\" [expanded]:", reason: newerCard("cordis_inspect_list") },
    { from: 158, to: 192, golden: "- button \"Query runtime Slots.listSubTree\" [expanded]:", reason: newerCard("cordis_inspect_query") },
    { from: 194, to: 211, golden: "- button \"Inspect plugins 1 dynamic plugins\" [expanded]:", reason: newerCard("cordis_inspect_self") },
    { from: 213, to: 242, golden: "- button \"Run workflow tool-card-audit\" [expanded]:", reason: newerCard("workflow") },
    { from: 244, to: 261, golden: "- button \"Run Ralph 已检查详情区域的换行和工具名称显示。\" [expanded]:", reason: newerCard("ralph") },
    { from: 263, to: 301, golden: "- 'button \"Read event tool/call · #5\" [expanded]':", reason: newerCard("session_event_read") },
    { from: 303, to: 319, golden: "- button \"Search events 2 matches\" [expanded]:", reason: newerCard("session_event_search") },
    { from: 321, to: 339, golden: "- button \"Trace event 任务清单变化示例\" [expanded]:", reason: newerCard("session_event_trace") },
    { from: 341, to: 367, golden: "- button \"Search sessions 2 matches\" [expanded]:", reason: newerCard("session_search") },
    { from: 369, to: 385, golden: "- button \"Trace session 任务清单变化示例\" [expanded]:", reason: newerCard("session_trace") },
    { from: 399, to: 401, golden: "- button \"Delegate task 检查工具卡片布局，并列出三个最值得改进的地方。 · Started\" [expanded]:", reason: OLDER_SUBAGENT },
    { from: 409, to: 411, golden: "- button \"List agents 3 agents\" [expanded]:", reason: OLDER_LIST_AGENTS },
    { from: 433, to: 435, golden: "- button \"Send message agent-demo-review · Message delivered\" [expanded]:", reason: olderReceipt('send_message', 'Send message agent-demo-review') },
    { from: 442, to: 444, golden: "- button \"Interrupt agent agent-demo-review · Interrupt requested\" [expanded]:", reason: olderReceipt('interrupt_agent', 'Interrupt agent agent-demo-review') },
    { from: 467, to: 469, golden: "- button \"Read job output job-demo-build · Running\" [expanded]:", reason: olderReceipt('job_output', 'Read job output job-demo-build') },
    { from: 477, to: 479, golden: "- button \"Cancel background job job-demo-preview · Cancellation requested\" [expanded]:", reason: olderReceipt('job_kill', 'Cancel background job job-demo-preview') },
    { from: 534, to: 536, golden: "- button \"Signal terminal terminal-demo-1 · Signal delivered\" [expanded]:", reason: olderReceipt('terminal_signal', 'Signal terminal terminal-demo-1') },
    { from: 546, to: 548, golden: "- button \"Close terminal terminal-demo-1 · Closed\" [expanded]:", reason: olderReceipt('terminal_close', 'Close terminal terminal-demo-1') },
    { from: 596, to: 597, golden: "    - text: typescript", reason: MARKDOWN_CODE_CHROME },
    { from: 618, to: 620, golden: "- button \"List agents 3 agents\" [expanded]:", reason: OLDER_LIST_AGENTS },
    { from: 652, to: 654, golden: "- button \"Send message ui-review · Message delivered\" [expanded]:", reason: olderReceipt('send_message', 'Send message ui-review') },
    { from: 764, to: 766, golden: "- button \"Wait for teammates Teammate activity · Change detected\" [expanded]:", reason: OLDER_WAIT },
    { from: 769, to: 769, golden: "  - listitem: Teammate activity Change detected", reason: OLDER_WAIT },
    { from: 771, to: 773, golden: "- button \"Interrupt agent ui-review · Interrupt requested\" [expanded]:", reason: olderReceipt('interrupt_agent', 'Interrupt agent ui-review') },
  ],
}
