/**
 * What a piece of transcript weighs on a page, measured as the build measures it (src/site/render/render-session.tsx
 * `#piece`): the section rendered bare with `renderStaticMarkup` (same components, same renderer), then
 * bytes of UTF-8 and elements counted by src/site/render/pages/measure.ts. The live page packs pages by these sizes,
 * so it breaks pages where the build does. Nothing rendered here reaches the DOM.
 */
import { renderStaticMarkup } from '../../site/html/static-markup'
import type { PageSection } from '../../cards/types'
import { measure, type Size } from '../../site/render/pages/measure'
import type { RowExtra } from '../../site/types'
import { Transcript } from '../../../components/layout/Transcript'

/** The extras of the section's own rows (all a piece's markup can show). */
export function ownExtras(section: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>): ReadonlyMap<string, readonly RowExtra[]> {
  const own = new Map<string, readonly RowExtra[]>()
  for (const row of section.rows) {
    const links = extras.get(row.key)
    if (links !== undefined) own.set(row.key, links)
  }
  return own
}

export function pieceMarkup(section: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>, label: string): string {
  return renderStaticMarkup(<Transcript sections={[section]} label={label} extras={ownExtras(section, extras)} bare />)
}

interface Measured {
  extras: string
  size: Size
}

/** Sizes by section object (a section the page did not change is the same object, and weighs the same). */
export class PieceSizes {
  readonly #known = new WeakMap<PageSection, Measured>()

  constructor(private readonly label: string) {}

  size(section: PageSection, extras: ReadonlyMap<string, readonly RowExtra[]>): Size {
    const own = JSON.stringify([...ownExtras(section, extras)])
    const known = this.#known.get(section)
    if (known !== undefined && known.extras === own) return known.size
    const size = measure(pieceMarkup(section, extras, this.label))
    this.#known.set(section, { extras: own, size })
    return size
  }
}
