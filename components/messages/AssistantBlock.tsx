/**
 * One block of an assistant step (cards.md §3.4 block rendering, in order): reasoning → Think row, text →
 * Markdown, consecutive images → one group, anything else → the `Unknown content block` JSON.
 * Tool-call blocks never arrive here: the tool tree renders them.
 */
import type { AttemptRow } from '../../src/cards/types'
import { AssistantMarkdown } from './AssistantMarkdown'
import { ImageGroup } from './ImageGroup'
import { ThinkRow } from './ThinkRow'
import { UnknownBlock } from './UnknownBlock'

export type AssistantBlockRow = AttemptRow['blocks'][number]

export function AssistantBlock({ row }: { row: AssistantBlockRow }) {
  switch (row.kind) {
    case 'think':
      return <ThinkRow row={row} />
    case 'markdown':
      return <AssistantMarkdown row={row} />
    case 'images':
      return <ImageGroup id={row.key} images={row.images} />
    case 'unknown-block':
      return <UnknownBlock row={row} />
  }
}
