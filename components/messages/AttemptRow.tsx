/**
 * A failed model attempt that a retry superseded: a collapsed red-dotted row (label, failure detail) holding
 * what the attempt had streamed, drawn with the same block components as a settled answer.
 */
import type { AttemptRow as AttemptRowModel } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { AssistantBlock } from './AssistantBlock'

export function AttemptRow({ row }: { row: AttemptRowModel }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="attempt"
      state="error"
      icon="sparkle"
      dot="red"
      title={row.label}
      summary={row.detail ?? ''}
      summaryStyle="failure"
      body={
        row.blocks.length === 0 ? null : (
          <div>
            {row.blocks.map((block) => (
              <AssistantBlock key={block.key} row={block} />
            ))}
          </div>
        )
      }
    />
  )
}
