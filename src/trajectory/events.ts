/**
 * What each known event type does in the Trajectory (trajectory.md §4.1): a `contribution` (the builder
 * folds it into records, requests or the state they read) or `nothing-visible` (dsh's Trajectory draws
 * nothing from it). The table is exhaustive over the reader's known types (the compiler checks), so a new
 * event type cannot be dropped silently: the builder reports any event whose type is not a contribution it
 * handles and not listed as nothing-visible; unknown events (not in the reader's schema at all) are reported
 * as they come. `corpus.test.ts` checks every corpus log folds with nothing unexplained.
 */
import type { KnownType } from '../log/events/schema'

export type EventRole = 'contribution' | 'nothing-visible'

export const EVENT_ROLES = {
  'turn/start': 'contribution', // the turn's location (a closed turn interrupts its running work)
  'turn/end': 'contribution', // closes the turn; an `error` end fails its last assistant request
  'step/start': 'contribution', // opens a request
  'step/end': 'contribution', // closes it (Failed without a message)
  'user/message': 'contribution', // USER / CONTEXT / steering; a compaction checkpoint
  'system/message': 'contribution', // SYSTEM rows and the prompt in force
  'developer/message': 'contribution', // tool-change CONTEXT rows (other shapes show nothing)
  'assistant/chunk': 'contribution', // v0 stream: first-token time only
  'assistant/message': 'contribution', // ASSISTANT + TOOL rows; settles its request
  'assistant/attempt': 'contribution', // first-token time only
  'tool/call': 'contribution',
  'tool/result': 'contribution',
  'tool/code-dispatch-start': 'contribution',
  'tool/code-dispatch': 'contribution',
  'request/header': 'contribution', // prompt snapshot, options, tool schemas
  'compaction/start': 'contribution',
  'compaction/summary': 'contribution',
  'compaction/end': 'contribution',
  'session/end-seed': 'contribution', // interrupts a running compaction started before it
  'agent/inbox/spliced': 'contribution', // `next-step` claims make a user prompt steering
  'llm/retry': 'contribution', // retry facts on the request
  'request/context': 'nothing-visible', // §12: Trajectory does not read it
  'llm/retry-started': 'nothing-visible', // §4.1: ignored
  'todo/write': 'nothing-visible',
  'deliverables/presented': 'nothing-visible',
  'workspace/changes': 'nothing-visible',
  'session/title': 'nothing-visible',
  'session/title-llm-request': 'nothing-visible',
  'agent-preset/selected': 'nothing-visible',
  'approval/asked': 'nothing-visible',
  'approval/decided': 'nothing-visible',
  'approval/policy': 'nothing-visible',
  'command/run': 'nothing-visible',
  'command/done': 'nothing-visible',
  'compaction/prune': 'nothing-visible',
  'feedback/record': 'nothing-visible',
  'feedback/message-put': 'nothing-visible',
  'feedback/message-delete': 'nothing-visible',
  'goal/change': 'nothing-visible',
  'hook/invoked': 'nothing-visible',
  'hook/result': 'nothing-visible',
  'image/offload': 'nothing-visible',
  'permission/preset': 'nothing-visible',
  'plan/mode': 'nothing-visible',
  'sandbox/mode': 'nothing-visible',
  'schedule/change': 'nothing-visible',
  'session-log-deepseek/delivery-accepted': 'nothing-visible',
  'subagent/descriptor': 'nothing-visible',
  'subagent/catalog': 'nothing-visible', // the child link is the conversation's (facts.children, by call id)
  'team/member': 'nothing-visible',
  'team/task': 'nothing-visible',
  'team/message/queued': 'nothing-visible',
  'team/message/delivered': 'nothing-visible',
  'tool-workflow/run-start': 'nothing-visible',
  'tool-workflow/agent-start': 'nothing-visible',
  'tool-workflow/agent-end': 'nothing-visible',
  'tool-workflow/run-end': 'nothing-visible',
  'web/deepseek-search-llm-request': 'nothing-visible',
} as const satisfies Record<KnownType, EventRole>
