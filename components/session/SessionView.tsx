/**
 * The transcript of one page (architecture.md §2.12: the same component for the static page and the live
 * page): a `<section>` landmark named by `label` holding the page's turn sections, each with its turn heading
 * (`Turn 3`) when it has one, then its rows in Chat order. Every row carries its stable `id` (the row key),
 * so `#…` deep links resolve on whichever page the site puts the row; sections carry theirs too, and a turn's
 * heading carries its number (`#turn-3`, `PageSection.anchor`). No `data-turn` on a section (issue 14: nothing
 * but tests read it; the heading's id says the number).
 * The layout owns `<main>` and the page header; this owns only the transcript inside it.
 *
 * `afterRow` lets a caller put something right after a row (the site's links to a cut output's full text or
 * a child session: components/layout/Transcript.tsx); `bare` draws the sections without the landmark (the
 * site renders sections one by one and wraps a page's sections once).
 */
import { Fragment, type ReactNode } from 'react'
import type { PageRow, PageSection } from '../../src/cards/types'
import type { ViewMode } from '../../src/cards/view-mode'
import type { InspectMode } from '../rows/ToolDetails'
import { TurnRows } from '../turn/TurnRows'
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
  /** Drawn right after a row (null or undefined: nothing). */
  afterRow?: (row: PageRow) => ReactNode
  /** Only the sections, without the landmark around them. */
  bare?: boolean
  /**
   * The page's default view mode: it decides only which folds the markup renders open (src/cards/view-folds.ts);
   * every mode's content is in the markup, and `<html data-view>` picks what shows. Default `detailed`
   * (`DEFAULT_VIEW_MODE`; components import only types from src/).
   */
  view?: ViewMode
}

/** `DEFAULT_VIEW_MODE` of src/cards/view-mode.ts (a test keeps the two equal). */
export const DEFAULT_VIEW: ViewMode = 'detailed'

export function SessionView({ sections, label, inspect = 'compact', afterRow, bare = false, view = DEFAULT_VIEW }: SessionViewProps) {
  const renderRow = (row: PageRow) => {
    const after = afterRow?.(row)
    return after == null ? (
      <PageRowView key={row.key} row={row} inspect={inspect} />
    ) : (
      <Fragment key={row.key}>
        <PageRowView row={row} inspect={inspect} />
        {after}
      </Fragment>
    )
  }
  const body = sections.map((section) => (
    <div
      key={section.key}
      id={section.key}
      data-inherited={section.inherited ? '' : undefined}
    >
      {section.label !== null && (
        <h2 id={section.anchor ?? undefined}>
          {section.label}
        </h2>
      )}
      <TurnRows section={section} view={view} renderRow={renderRow} />
    </div>
  ))
  if (bare) return <>{body}</>
  return (
    <section aria-label={label} className={styles.transcript} data-transcript="">
      {body}
    </section>
  )
}
