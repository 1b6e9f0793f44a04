/**
 * The props contract between the card models (`src/cards`) and the components (`components/`): every type a
 * component receives. Components draw these and derive nothing — every string, count, split, short path and
 * label is already here (architecture.md §1, §2.5). Row and card rules live in cards.md; each type names the
 * section it carries. Stable: new fields are added as optional, existing ones keep their meaning.
 *
 * Plain JSON only (no Map, Date, class), so a view model is `JSON.stringify`-able for goldens and SSE.
 * This file re-exports the shared pieces (./shared-types), the card props (./card-types), the row and page
 * props (./row-types) and the detail cards' props (./details/types), so consumers import everything from
 * here; those files import each other's types directly, never this one (no import circle).
 */
export type * from './shared-types'
export type * from './card-types'
export type * from './row-types'
export type * from './details/types'
