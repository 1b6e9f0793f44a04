/**
 * The transcript of one page (architecture.md §2.12: the same component for the static page and the live
 * page): a `<section>` landmark named by `label` holding the page's turn sections, each with its turn heading
 * (`Turn 3`) when it has one, then its rows in Chat order. Every row carries its stable `id` (the row key),
 * so `#…` deep links resolve on whichever page the site puts the row; sections carry theirs too.
 * The layout owns `<main>` and the page header; this owns only the transcript inside it.
 */
import type { PageSection } from '../../src/cards/types'
import type { InspectMode } from '../rows/ToolDetails'
import { PageRowView } from './PageRowView'
import '../theme/tokens.module.css'
import styles from './SessionView.module.css'

export interface SessionViewProps {
  /** This page's slice of `PageViewModel.sections`, in order. */
  sections: readonly PageSection[]
  /** Accessible name of the transcript landmark (e.g. `Transcript`), chosen by the site. */
  label: string
  /** How much each tool row's `Inspect` pill repeats; see `ToolDetails`. Default `compact`. */
  inspect?: InspectMode
}

export function SessionView({ sections, label, inspect = 'compact' }: SessionViewProps) {
  return (
    <section aria-label={label} className={styles.transcript} data-transcript="">
      {sections.map((section) => (
        <div
          key={section.key}
          id={section.key}
          className={styles.section}
          data-turn={section.turn ?? undefined}
          data-inherited={section.inherited ? '' : undefined}
        >
          {section.label !== null && <h2 className={styles.heading}>{section.label}</h2>}
          {section.rows.map((row) => (
            <PageRowView key={row.key} row={row} inspect={inspect} />
          ))}
        </div>
      ))}
    </section>
  )
}
