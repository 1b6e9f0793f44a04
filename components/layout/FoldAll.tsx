/**
 * Expand all / Collapse all for the transcript's folds (issue 15). Rendered `hidden`: without the page
 * script the buttons could do nothing (every fold is a native `<details>` a reader opens by hand);
 * src/site/client/folds.ts reveals and runs them.
 */
import type { FoldControls } from '../../src/site/types'
import styles from './FoldAll.module.css'

export function FoldAll({ folds }: { folds: FoldControls }) {
  return (
    <div role="group" aria-label={folds.label} className={styles.folds} data-fold-all="" hidden>
      <button type="button" className={styles.button} data-fold="open">
        {folds.expand}
      </button>
      <button type="button" className={styles.button} data-fold="close">
        {folds.collapse}
      </button>
    </div>
  )
}
