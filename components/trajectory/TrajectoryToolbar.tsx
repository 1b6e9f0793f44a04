/**
 * The Trajectory toolbar (trajectory.md §8) in the client's order: the Duration toggle (its `title` says what
 * a press does), the Actual time switch — hidden by the client, shown here: the wall-clock overview is an
 * explicit choice — the Turns fold button, and the search box (the client's Calls fold is not drawn). Rendered `hidden`: every control
 * needs the page script (src/site/client/trajectory), which reveals the bar; without it the page shows every
 * row and all three overviews. The fold buttons carry the words their summary rows are made of.
 */
import type { ToolbarModel } from '../../src/trajectory-view/types'
import styles from './Trajectory.module.css'

export function TrajectoryToolbar({ model }: { model: ToolbarModel }) {
  const t = model.templates
  return (
    <div role="toolbar" aria-label={model.aria} className={styles.toolbar} data-tj-toolbar="" hidden>
      <button type="button" aria-label={model.duration.press} aria-pressed="false" title={model.duration.press} data-tj-duration={model.duration.release}>
        {model.duration.text}
      </button>
      <label>
        <input type="checkbox" role="switch" data-tj-actual="" /> {model.actualTime}
      </label>
      <button type="button" aria-label={model.turns.collapse} aria-pressed="false" data-tj-fold="turns" data-expand={model.turns.expand}>
        {model.turns.text}
      </button>
      <input type="search" aria-label={model.search.label} placeholder={model.search.placeholder} data-tj-search="" data-calls-one={t.toolCallsOne} data-calls={t.toolCallsOther} data-steps-one={t.stepsOne} data-steps={t.stepsOther} data-turn-summary={t.collapsedTurn} data-call-summary={t.collapsedAssistant} />
    </div>
  )
}
