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

const OLDER_TURN_CONTROL =
  'written by an older client (0217po@50b7dd21, ui-chat 0.1.6-alpha era) than 5593cc25: it announced a closed turn ' +
  'as "Worked" and labelled the whole-turn control "Took <duration>"; at 5593cc25 (cards-current.md §5.4) they read ' +
  '"status: Completed" and "button \"Completed in <duration>\"", which dsh-view draws'

/** The tool-details golden was written by 0217po@10029b99, older than 5593cc25 (cards-current.md §9.0, §15.5). */
const OLDER = 'the tool-details golden was written by an older client (0217po@10029b99) than 5593cc25; '

const OLDER_TODO =
  `todo_write: ${OLDER}it names the row by its diff summary alone ("Update to-do list 3 added"); 5593cc25 (the (tb) ` +
  'row model, cards-current.md §9.0, §10) shows the plan summary with the diff summary as its suffix, which dsh-view ' +
  'draws: "Update to-do list 1/3 completed · Render compact fields and lists 3 added" (and "2/3 completed" + ' +
  '"1 added · 1 updated · 1 removed"); the to-do diff body below it matches'

const OLDER_RALPH = `ralph: ${OLDER}its title is "Run Ralph"; 5593cc25 titles the row "Run ralph loop" (cards-current.md §12.2)`

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

export const KNOWN: Record<string, KnownDifference[]> = {
  'v4 ptc-round': [
    { from: 12, to: 13, golden: '- status: Worked', reason: OLDER_TURN_CONTROL },
  ],
  // 44 rows, one per tool result, each followed by an "Inspect" pill that matches (the pills are outside the ranges).
  'v4 tool-details': [
    { from: 12, to: 14, golden: "- button \"Update to-do list 3 added\" [expanded]:", reason: OLDER_TODO },
    { from: 78, to: 80, golden: "- button \"Update to-do list 1 added · 1 updated · 1 removed\" [expanded]:", reason: OLDER_TODO },
    { from: 244, to: 246, golden: "- button \"Run Ralph 已检查详情区域的换行和工具名称显示。\" [expanded]:", reason: OLDER_RALPH },
    { from: 399, to: 401, golden: "- button \"Delegate task 检查工具卡片布局，并列出三个最值得改进的地方。 · Started\" [expanded]:", reason: OLDER_SUBAGENT },
    { from: 409, to: 411, golden: "- button \"List agents 3 agents\" [expanded]:", reason: OLDER_LIST_AGENTS },
    { from: 433, to: 435, golden: "- button \"Send message agent-demo-review · Message delivered\" [expanded]:", reason: olderReceipt('send_message', 'Send message agent-demo-review') },
    { from: 442, to: 444, golden: "- button \"Interrupt agent agent-demo-review · Interrupt requested\" [expanded]:", reason: olderReceipt('interrupt_agent', 'Interrupt agent agent-demo-review') },
    { from: 467, to: 469, golden: "- button \"Read job output job-demo-build · Running\" [expanded]:", reason: olderReceipt('job_output', 'Read job output job-demo-build') },
    { from: 477, to: 479, golden: "- button \"Cancel background job job-demo-preview · Cancellation requested\" [expanded]:", reason: olderReceipt('job_kill', 'Cancel background job job-demo-preview') },
    { from: 534, to: 536, golden: "- button \"Signal terminal terminal-demo-1 · Signal delivered\" [expanded]:", reason: olderReceipt('terminal_signal', 'Signal terminal terminal-demo-1') },
    { from: 546, to: 548, golden: "- button \"Close terminal terminal-demo-1 · Closed\" [expanded]:", reason: olderReceipt('terminal_close', 'Close terminal terminal-demo-1') },
    { from: 618, to: 620, golden: "- button \"List agents 3 agents\" [expanded]:", reason: OLDER_LIST_AGENTS },
    { from: 652, to: 654, golden: "- button \"Send message ui-review · Message delivered\" [expanded]:", reason: olderReceipt('send_message', 'Send message ui-review') },
    { from: 764, to: 766, golden: "- button \"Wait for teammates Teammate activity · Change detected\" [expanded]:", reason: OLDER_WAIT },
    { from: 769, to: 769, golden: "  - listitem: Teammate activity Change detected", reason: OLDER_WAIT },
    { from: 771, to: 773, golden: "- button \"Interrupt agent ui-review · Interrupt requested\" [expanded]:", reason: olderReceipt('interrupt_agent', 'Interrupt agent ui-review') },
  ],
}
