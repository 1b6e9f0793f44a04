/**
 * The small icons of the row chrome (cards.md §4.3, §5.1): one empty `role="img"` element each, drawn by a CSS
 * mask in the text colour (Icon.module.css, from the drawings in ./icon-paths). Deliberately *not* aria-hidden:
 * the dsh goldens list each unnamed icon as `- img` (cards.md §15.1), and matching them keeps the accessibility
 * tree comparable. One element instead of an `<svg>` and its `<path>`: every row has two icons, and a page
 * holds at most 5,000 elements.
 */
import styles from './Icon.module.css'
import { cx } from './cx'
import type { IconName } from './icon-paths'

export type { IconName } from './icon-paths'

/** One icon, drawn by the class of its name; `className` lets the row chrome hide the variant icon while the row is open. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span role="img" className={cx(styles.icon, styles[name], className)} />
}
