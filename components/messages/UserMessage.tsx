/**
 * A user (or steering) message (cards.md §3.5): the text as typed (plain text, never markdown), its images,
 * the message time and an icon `Copy` button. ARIA as in the goldens: the text and time read as one text,
 * followed by `button "Copy"` holding one `img`. The time is a span, not `<time>`: Playwright gives `<time>` its
 * own `time` role, and the goldens read the time as part of the message text.
 * Only the root carries a class (issue 14): the bubble, the text (the bubble's element with an id) and the
 * meta line are reached from it by position in UserMessage.module.css. Only a steering message is marked
 * (`data-role="steering"`, its dashed border): a user message, nearly all of them, carries no `data-role`.
 */
import type { UserRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { ImageGroup } from './ImageGroup'
import styles from './UserMessage.module.css'

export function UserMessage({ row }: { row: UserRow }) {
  return (
    <div id={row.key} className={styles.user} data-role={row.role === 'steering' ? row.role : undefined}>
      <div>
        {row.text !== '' && (
          <div>
            {row.text}
          </div>
        )}
        {row.images.length > 0 && <ImageGroup images={row.images} />}
        {row.references != null && (
          <p className={styles.references} data-m="n">
            {row.references}
          </p>
        )}
      </div>
      <div>
        {row.time !== null && <span>{row.time.label}</span>}
        <CopyButton control={row.copy} near={row.text !== '' ? 'previous' : undefined} iconOnly />
      </div>
    </div>
  )
}
