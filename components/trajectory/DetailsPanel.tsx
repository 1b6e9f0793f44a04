/**
 * The Event details panel (trajectory.md §5.1): a complementary landmark with the resize handle, the header
 * (kind tag or request, where it sits, Close), the tab list and the tab panel. Rendered empty and `hidden`:
 * the page script fills it from the selected row's fold (./ledger-html.ts) and shows it beside the ledger, or
 * over the whole width on a phone. Without script each row's fold is its details.
 */
import type { PanelModel } from '../../src/trajectory-view/types'
import styles from './Trajectory.module.css'

/** The panel's width in px: default, narrowest, widest (the resize handle's range). */
export const PANEL_WIDTH = 420
export const PANEL_MIN = 320
export const PANEL_MAX = 960

export function DetailsPanel({ model }: { model: PanelModel }) {
  return (
    <aside aria-label={model.label} className={styles.panel} data-tj-panel="" hidden>
      {/* A focusable separator is a widget: it says the panel's width (px) and its range (the script moves it). */}
      <div role="separator" aria-label={model.resize} title={model.resizeTitle} aria-orientation="vertical" aria-valuenow={PANEL_WIDTH} aria-valuemin={PANEL_MIN} aria-valuemax={PANEL_MAX} tabIndex={0} />
      <header>
        <span />
        <span />
        <button type="button" aria-label={model.close}>
          ×
        </button>
      </header>
      <div role="tablist" aria-label={model.label} />
      <div role="tabpanel" />
    </aside>
  )
}
