/**
 * The conversation assembler's public surface (architecture §2.3): the fold, the one-shot convenience,
 * and the model types. Consumers (src/cards, src/site, src/live) import from here, never from the
 * fold's internals.
 */
import type { ChatNode, Conversation } from './model'

export { assemble, ConversationBuilder, type ConversationOptions } from './builder'
export { MAX_DISPATCH_DEPTH } from './tool-tree'
export { SESSION_STATUSES, sessionStatus, type StatusEvidence } from './status'
export type * from './model'

/** Every Chat node in Chat order (sections partition the log, so concatenation keeps the order). */
export function chatNodes(conversation: Conversation): ChatNode[] {
  return conversation.sections.flatMap((section) => section.nodes)
}
