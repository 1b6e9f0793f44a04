/**
 * The live page's transcript: the static page's markup, made by the same component. The static renderer
 * draws each turn section with `<Transcript bare>` and wraps them in the landmark `<Transcript>` draws
 * (src/site/render/render-session.tsx); this does the same, one memoized `<Transcript bare>` per section, so a
 * section whose model object and links did not change is not rendered again while the tail grows.
 */
import { memo } from 'react'
import type { PageSection } from '../../cards/types'
import type { ViewMode } from '../../cards/view-mode'
import type { RowExtra } from '../../site/types'
import { Transcript } from '../../../components/layout/Transcript'
import styles from '../../../components/session/SessionView.module.css'

export interface LiveTranscriptProps {
  sections: readonly PageSection[]
  label: string
  extras: ReadonlyMap<string, readonly RowExtra[]>
  /** The mode the page shows now (`<html data-view>`): folds drawn for the first time start in its state. */
  view: ViewMode
}

interface SectionProps {
  section: PageSection
  label: string
  extras: ReadonlyMap<string, readonly RowExtra[]>
  /** Identity of `extras` for this section (they are rebuilt every render). */
  extrasKey: string
  view: ViewMode
}

const Section = memo(
  function Section({ section, label, extras, view }: SectionProps) {
    return <Transcript sections={[section]} label={label} extras={extras} view={view} bare />
  },
  // Not `view`: a mode switch resets the folds in place (src/site/client/view-mode.ts); an unchanged section
  // is not drawn again, so the reader's own toggles on it stay.
  (a, b) => a.section === b.section && a.label === b.label && a.extrasKey === b.extrasKey,
)

export function LiveTranscript({ sections, label, extras, view }: LiveTranscriptProps) {
  return (
    <section aria-label={label} className={styles.transcript} data-transcript="">
      {sections.map((section) => {
        const own = new Map<string, readonly RowExtra[]>()
        for (const row of section.rows) {
          const links = extras.get(row.key)
          if (links !== undefined) own.set(row.key, links)
        }
        return <Section key={section.key} section={section} label={label} extras={own} extrasKey={JSON.stringify([...own])} view={view} />
      })}
    </section>
  )
}
