/**
 * The transcript as the static site draws it: `SessionView` with the links the site adds after a row — the
 * full text of an output cut for the page budget, the child session a subagent call started — through its
 * `afterRow` slot, so the markup of the rows themselves exists once.
 */
import type { PageSection } from '../../src/cards/types'
import type { ViewMode } from '../../src/cards/view-mode'
import type { RowExtra } from '../../src/site/types'
import type { InspectMode } from '../rows/ToolDetails'
import { SessionView } from '../session/SessionView'
import { RowExtras } from './RowExtras'

export interface TranscriptProps {
  sections: readonly PageSection[]
  label: string
  inspect?: InspectMode
  /** Row key → links drawn right after that row (a Map: row keys come from the log). */
  extras?: ReadonlyMap<string, readonly RowExtra[]>
  /** Only the sections, without the landmark around them (the site renders sections one by one). */
  bare?: boolean
  /** The page's default view mode (SessionView). */
  view?: ViewMode
}

const NO_EXTRAS: ReadonlyMap<string, readonly RowExtra[]> = new Map()

export function Transcript({ sections, label, inspect = 'compact', extras = NO_EXTRAS, bare = false, view }: TranscriptProps) {
  return (
    <SessionView
      sections={sections}
      label={label}
      inspect={inspect}
      bare={bare}
      view={view}
      afterRow={(row) => {
        const links = extras.get(row.key)
        return links === undefined ? null : <RowExtras links={links} />
      }}
    />
  )
}
