/**
 * The timing overview of a page's records (trajectory.md §7) as the build draws it: a region named
 * "Trajectory timeline" holding one figure per mode — Sequence (shown), Duration with idle gaps compressed
 * and marked, Actual time (wall clock) — each a caption, the lane labels (Input / Model / Tools) and an SVG
 * of a dozen paths, bars of one look joined in one path (src/trajectory-view/timeline.ts). Lane labels and
 * bars are hidden from the accessibility tree, as in the client; a legend says what the marks mean. Without
 * script all three read one under the other; the page script shows the one the toolbar's Duration toggle and
 * Actual time switch select.
 */
import type { OverviewDrawing } from '../../src/trajectory-view'
import { HEIGHT, WIDTH } from '../../src/trajectory-view'
import styles from './Trajectory.module.css'

export interface TimelineModel {
  label: string
  lanes: [string, string, string]
  legend: string
  drawings: OverviewDrawing[]
}

export function TimelineOverview({ model }: { model: TimelineModel }) {
  return (
    <section aria-label={model.label} className={styles.timeline} data-tj-timeline="">
      {model.drawings.map((drawing) => (
        <figure key={drawing.mode} data-mode={drawing.mode} data-n={drawing.mode === 'sequence' ? drawing.spans : undefined}>
          <figcaption>
            {drawing.caption}
            {drawing.note !== null && ` · ${drawing.note}`}
          </figcaption>
          <div aria-hidden="true">
            <span>{model.lanes[0]}</span>
            <span>{model.lanes[1]}</span>
            <span>{model.lanes[2]}</span>
          </div>
          {drawing.empty !== null ? (
            <p>{drawing.empty}</p>
          ) : (
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true">
              {drawing.paths.map((path) => (
                <path key={path.look} data-l={path.look} d={path.d} />
              ))}
            </svg>
          )}
        </figure>
      ))}
      <p className={styles.legend}>{model.legend}</p>
    </section>
  )
}
