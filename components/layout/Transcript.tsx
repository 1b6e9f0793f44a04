/**
 * The transcript as the static site draws it: exactly `SessionView`'s markup (same classes, ids and
 * headings; a test renders both and compares), plus the links the site adds after a row — the full text of
 * an output cut for the page budget, the child session a subagent call started. `SessionView` has no slot
 * for those, so the site composes the rows itself with the same `PageRowView`.
 */
import { Fragment } from 'react'
import type { PageSection } from '../../src/cards/types'
import type { RowExtra } from '../../src/site/types'
import type { InspectMode } from '../rows/ToolDetails'
import { PageRowView } from '../session/PageRowView'
import '../theme/tokens.module.css'
import styles from '../session/SessionView.module.css'
import { RowExtras } from './RowExtras'

export interface TranscriptProps {
  sections: readonly PageSection[]
  label: string
  inspect?: InspectMode
  /** Row key → links drawn right after that row. */
  extras?: Readonly<Record<string, readonly RowExtra[]>>
  /** Only the sections, without the landmark around them (the site renders sections one by one). */
  bare?: boolean
}

export function Transcript({ sections, label, inspect = 'compact', extras = {}, bare = false }: TranscriptProps) {
  const body = sections.map((section) => (
        <div
          key={section.key}
          id={section.key}
          className={styles.section}
          data-turn={section.turn ?? undefined}
          data-inherited={section.inherited ? '' : undefined}
        >
          {section.label !== null && <h2 className={styles.heading}>{section.label}</h2>}
          {section.rows.map((row) => {
            const links = extras[row.key]
            return links === undefined ? (
              <PageRowView key={row.key} row={row} inspect={inspect} />
            ) : (
              <Fragment key={row.key}>
                <PageRowView row={row} inspect={inspect} />
                <RowExtras links={links} />
              </Fragment>
            )
          })}
        </div>
      ))
  if (bare) return <>{body}</>
  return (
    <section aria-label={label} className={styles.transcript} data-transcript="">
      {body}
    </section>
  )
}
