/**
 * Visually hidden text (cards.md §4.3, §6.5): status words such as `Failed` or `Running` that label an
 * aria-hidden dot. Clipped rather than `display:none`, so screen readers and ARIA snapshots still read it.
 */
import type { ReactNode } from 'react'
import styles from './VisuallyHidden.module.css'
import { cx } from './cx'

export function VisuallyHidden({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cx(styles.hidden, className)}>{children}</span>
}
