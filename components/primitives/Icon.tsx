/**
 * The small icons of the row chrome (cards.md §4.3, §5.1): one empty `<svg>` element each, drawn by a CSS mask
 * in the text colour (Icon.module.css, from the drawings in ./icon-paths). An `<svg>` with no role and no name,
 * as the dsh web client draws its icons: Playwright's ARIA snapshot lists it as `- img`, as the dsh goldens do
 * (cards.md §15.1), while Chromium leaves a nameless svg out of the accessibility tree screen readers get — the
 * icons are decorative, every row's text says what they show. Not `role="img"`: an explicit image role
 * without a name is an axe `role-img-alt` violation (issue 15), and a name would break the golden
 * comparison. One element instead of an `<svg>` and its `<path>`: every row has two icons, and a page holds
 * at most 5,000 elements; one class (its name's) instead of a shared `icon` class too (issue 14).
 */
import styles from './Icon.module.css'
import { cx } from './cx'
import type { IconName } from './icon-paths'

export type { IconName } from './icon-paths'

/** One icon, drawn by the class of its name; `className` lets the row chrome hide the variant icon while the row is open. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <svg className={cx(styles[name], className)} />
}

/**
 * The chevron of a row header or turn fold: an `<svg>` without a class, drawn by its place (icon-paths.ts
 * `CHEVRON_PLACES`; ~44,000 on a long session's pages, issue 14). Only where CHEVRON_PLACES names its place.
 */
export function PlacedChevron() {
  return <svg />
}
