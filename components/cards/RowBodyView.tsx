/**
 * Draws a tool row's body by its kind (cards.md §4.3: at most one card per row; precedence was decided by the
 * model). `place` selects the chat or Details window; in Details a terminal's description sits above the card
 * (cards.md §13).
 */
import type { RowBody } from '../../src/cards/types'
import { DetailsCard } from './DetailsCard'
import { DiffBlock } from './DiffBlock'
import { GenericToolBody } from './GenericToolBody'
import { ReadBlock } from './ReadBlock'
import { SearchBlock } from './SearchBlock'
import { SkillBody } from './SkillBody'
import { ImageCard, PresentDetail, QuestionCard } from './ToolCardBodies'
import { TerminalBlock } from './TerminalBlock'
import { WebBlock } from './WebBlock'
import styles from './RowBodyView.module.css'

export interface RowBodyViewProps {
  body: RowBody
  place: 'chat' | 'details'
}

export function RowBodyView({ body, place }: RowBodyViewProps) {
  switch (body.kind) {
    case 'terminal':
      return (
        <>
          {place === 'details' && body.description !== null && <p className={styles.description}>{body.description}</p>}
          <TerminalBlock model={body} place={place} />
        </>
      )
    case 'diff':
      return <DiffBlock model={body} place={place} />
    case 'read':
      return <ReadBlock model={body} place={place} />
    case 'search':
      return <SearchBlock model={body} place={place} />
    case 'web':
      return <WebBlock model={body} place={place} />
    case 'io':
      return <GenericToolBody body={body} />
    case 'skill':
      return <SkillBody body={body} />
    case 'image':
      return <ImageCard body={body} />
    case 'questions':
      return <QuestionCard body={body} />
    case 'present':
      return <PresentDetail body={body} />
    case 'details':
      return <DetailsCard body={body} />
  }
}
