/**
 * Expand all / Collapse all (browser, progressive enhancement; issue 15): the header's two buttons
 * (`[data-fold-all]`, components/layout/FoldAll.tsx, rendered `hidden`) are revealed and open or close every
 * fold of the transcript — turns, activity groups, tool rows, outputs — at once. Expand all leaves the Inspect
 * panels shut (raw JSON under every card is a deliberate click, issue 28); Collapse all closes them too. A fold's
 * `summary[role=button]` keeps its `aria-expanded` in step (as the view-mode switch does); components/enhance
 * mirrors it again on `toggle`. Changing the view mode later puts the turn folds back to that mode's default.
 */

import { INSPECT_FOLDS } from '../../../components/rows/ToolDetails'

/** The transcript's folds: every `<details>` inside the page's transcript landmark(s). */
const FOLDS = '[data-transcript] details'

/** Opens (`true`) every fold of the transcript but the Inspect panels, or closes every one; returns how many changed. */
export function setAllFolds(doc: Document, open: boolean): number {
  let changed = 0
  for (const details of doc.querySelectorAll<HTMLDetailsElement>(FOLDS)) {
    if (open && details.matches(INSPECT_FOLDS)) continue
    if (details.open !== open) {
      details.open = open
      changed++
    }
    details.querySelector(':scope > summary[role=button]')?.setAttribute('aria-expanded', open ? 'true' : 'false')
  }
  return changed
}

export function installFoldAll(doc: Document): void {
  const box = doc.querySelector<HTMLElement>('[data-fold-all]')
  if (box === null) return
  for (const button of box.querySelectorAll<HTMLButtonElement>('button[data-fold]')) {
    const open = button.getAttribute('data-fold') === 'open'
    button.addEventListener('click', () => void setAllFolds(doc, open))
  }
  box.hidden = false
}
