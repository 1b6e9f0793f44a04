/** Dispatches one view-model row to its component by `kind` (the row list of `src/cards/view-model.ts`). */
import type { PageRow } from '../../src/cards/types'
import { AssistantBlock } from '../messages/AssistantBlock'
import { AttemptRow } from '../messages/AttemptRow'
import { CommandRow } from '../messages/CommandRow'
import { CompactionMarker } from '../messages/CompactionMarker'
import { ContextInjectionRow } from '../messages/ContextInjectionRow'
import { InvalidLineRow } from '../messages/InvalidLineRow'
import { RawEventRow } from '../messages/RawEventRow'
import { ReplacementMarker } from '../messages/ReplacementMarker'
import { RetryRow } from '../messages/RetryRow'
import { StoppedMarker } from '../messages/StoppedMarker'
import { SystemPromptRow } from '../messages/SystemPromptRow'
import { TurnTail } from '../messages/TurnTail'
import { UserMessage } from '../messages/UserMessage'
import { ToolCallTree } from '../rows/ToolRow'
import type { InspectMode } from '../rows/ToolDetails'

export function PageRowView({ row, inspect }: { row: PageRow; inspect?: InspectMode }) {
  switch (row.kind) {
    case 'user':
      return <UserMessage row={row} />
    case 'context':
      return <ContextInjectionRow row={row} />
    case 'system':
      return <SystemPromptRow row={row} />
    case 'think':
    case 'markdown':
    case 'images':
    case 'unknown-block':
      return <AssistantBlock row={row} />
    case 'stopped':
      return <StoppedMarker row={row} />
    case 'attempt':
      return <AttemptRow row={row} />
    case 'tool':
      return <ToolCallTree row={row} inspect={inspect} />
    case 'command':
      return <CommandRow row={row} />
    case 'compaction':
      return <CompactionMarker row={row} />
    case 'replacement':
      return <ReplacementMarker row={row} />
    case 'retry':
      return <RetryRow row={row} />
    case 'turn-tail':
      return <TurnTail row={row} />
    case 'raw-event':
      return <RawEventRow row={row} />
    case 'invalid-line':
      return <InvalidLineRow row={row} />
  }
}
