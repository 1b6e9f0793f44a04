/**
 * A context node (cards.md §3.5): a collapsed disclosure `Context injection` / `Session recall` with the
 * producer label, an optional notice segment behind a second aria-hidden dot, and the injected text inside.
 * Golden: `button "Context injection @deepseek-ai/dsh-system-prompt"` holding two `img`s and the text.
 */
import type { ContextRow } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import styles from './ContextInjectionRow.module.css'

export function ContextInjectionRow({ row }: { row: ContextRow }) {
  return (
    <DisclosureRow
      id={row.key}
      variant="context"
      icon="context"
      title={row.label}
      summary={row.producer}
      extra={row.notice}
      body={<pre className={styles.text}>{row.text}</pre>}
    />
  )
}
