/**
 * A `Copy` control as progressive enhancement (cards.md §6.5, §3.5): rendered `hidden`, because a button that
 * does nothing with scripts off is a trap; `components/enhance` reveals and wires it. What it copies: the
 * rendered lines of the element at the place `near` names, or of `target` (an element id) — the same text the
 * model's `CopyControl.text` holds, without writing big outputs into the page twice — else `control.text`
 * from `data-copy-text`.
 *
 * Lean markup (issue 14): the server writes only the button's place and what it copies —
 * `<button hidden data-copy="…">`, plus `title` (its label) for the icon-only kind unless it copies the text
 * above it (`data-copy="-"`: only a user message's icon-only button does, and the script knows its word) and
 * its label is the page's Copy word (~7,000 titles on a long session, issue 14) — and the script dresses
 * it (`dressCopyButton` in components/enhance: the classes of ./CopyButton.module.css, the label or icon,
 * `aria-label`) before it reveals it. A page holds thousands of these buttons; the dressing was ~3% of a long session's HTML. The
 * button itself stays server-rendered (rather than created by the script next to a marker) because the live
 * page draws with React: a node the script inserted into a React-owned parent would move React's later
 * insertions, while attributes and children added to an element React rendered without them stay untouched.
 * No `type` (no copy button sits in a form, where the default `submit` would matter), and `data-copied-label`
 * only for a word the script's table (./copy-words) does not already give.
 */
import type { CopyControl } from '../../src/cards/types'
import { COPIED_AFTER, copiedLabelAttribute } from './copy-words'

/**
 * What a Copy button copies when it names no id, by its place (`data-copy="+"` / `"-"`, issue 14: an id on
 * each block and its repetition on each button were ~1 MB of a long session): `next`, the element after the
 * button's parent (a terminal's, diff's, read's or search card's body, below its header); `previous`, the
 * first element of the element before the button's parent (a user message's text, above its meta line).
 * components/enhance `copyTarget` resolves them; no id is ever `+` or `-` (ids are row keys with a prefix).
 */
export type CopyPlace = 'next' | 'previous'
export const COPY_PLACE: Readonly<Record<CopyPlace, string>> = { next: '+', previous: '-' }

export interface CopyButtonProps {
  control: CopyControl
  /** Id of the element whose `[data-line]` rows (or text) are copied (`data-copy`); omit it and `near` to copy `control.text`. */
  target?: string
  /** The copied element by its place instead of an id (wins over `target`). */
  near?: CopyPlace
  /** Icon-only button (user messages): the label stays the accessible name. */
  iconOnly?: boolean
}

export function CopyButton({ control, target, near, iconOnly = false }: CopyButtonProps) {
  const copies = near !== undefined ? COPY_PLACE[near] : target
  return (
    <button
      hidden
      data-copy={copies ?? ''}
      data-copy-text={copies === undefined ? control.text : undefined}
      data-copied-label={copiedLabelAttribute(control.label, control.copiedLabel)}
      title={iconOnly && !(near === 'previous' && COPIED_AFTER.has(control.label)) ? control.label : undefined}
    />
  )
}

