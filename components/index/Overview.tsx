/**
 * The index overview (issue 31): the archive's totals as a definition list and its charts as inline SVG
 * drawn at build time (src/site/index/overview.ts places every bar and label; this only draws). Each chart
 * is an image with a one-sentence name; hovering a bucket shows its values (its SVG `<title>` and a CSS
 * label, no script); the list of sessions with the most tokens links to them. The totals and charts are
 * separate components because the page script draws them again for the index filters
 * (./overview-client.ts).
 */
import type { ChartModel, OverviewModel } from '../../src/site/index/overview'
import styles from './Overview.module.css'

function Chart({ chart }: { chart: ChartModel }) {
  const { plot } = chart
  return (
    <figure className={styles.chart} data-chart={chart.id}>
      <figcaption className={styles.caption} id={`${chart.id}-title`}>
        {chart.title}
      </figcaption>
      <svg className={styles.svg} viewBox={`0 0 ${chart.width} ${chart.height}`} role="img" aria-label={chart.description} data-chart-svg="">
        <line className={styles.axis} x1={plot.left} y1={plot.bottom} x2={plot.right} y2={plot.bottom} />
        {chart.yLabels.map((l) => (
          <g key={`y${l.y}`}>
            <line className={styles.grid} x1={plot.left} y1={l.y} x2={plot.right} y2={l.y} />
            <text className={styles.label} x={plot.left - 4} y={l.y + 3} textAnchor="end">
              {l.label}
            </text>
          </g>
        ))}
        {chart.xLabels.map((l) => (
          <text key={`x${l.x}`} className={styles.label} x={l.x} y={chart.height - 8} textAnchor="middle">
            {l.label}
          </text>
        ))}
        {chart.line !== null && <polyline className={styles.line} points={chart.line} />}
        {chart.groups.map((g) => (
          <g key={g.key} className={styles.bucket} data-bucket={g.key}>
            {(g.bars.length > 0 || g.point !== null) && <title>{g.title}</title>}
            {g.bars.map((b) => (
              <rect key={b.series} className={styles.bar} data-series={b.series} x={b.x} y={b.y} width={b.width} height={b.height} />
            ))}
            {g.point !== null && <circle className={styles.dot} cx={g.point.x} cy={g.point.y} r={3} />}
            {(g.bars.length > 0 || g.point !== null) && (
              <text className={styles.tip} x={plot.left + 4} y={plot.top + 10}>
                {g.title}
              </text>
            )}
          </g>
        ))}
      </svg>
      {chart.legend.length > 0 && (
        <ul className={styles.legend}>
          {chart.legend.map((l) => (
            <li key={l.series}>
              <span className={styles.swatch} data-series={l.series} aria-hidden="true" />
              {l.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}

/** The totals: each figure for the root, and under it for the current filter when one is set. */
export function OverviewTotals({ model }: { model: Pick<OverviewModel, 'totals' | 'totalsLabel' | 'filterLabel'> }) {
  return (
    <dl className={styles.totals} aria-label={model.totalsLabel} data-overview-totals="">
      {model.totals.map((t) => (
        <div key={t.label} className={styles.total}>
          <dt>{t.label}</dt>
          <dd>{t.value}</dd>
          {t.filtered !== null && model.filterLabel !== null && (
            <dd className={styles.filtered} data-filtered="">
              <span className={styles.filterName}>{model.filterLabel}:</span> {t.filtered}
            </dd>
          )}
        </div>
      ))}
    </dl>
  )
}

/** The charts, of the root or of the sessions the filters keep. */
export function OverviewCharts({ charts }: { charts: ChartModel[] }) {
  return (
    <div className={styles.charts} data-overview-charts="">
      {charts.map((c) => (
        <Chart key={c.id} chart={c} />
      ))}
    </div>
  )
}

export function Overview({ model }: { model: OverviewModel }) {
  return (
    <section className={styles.overview} aria-labelledby="overview-heading" data-overview="" data-overview-src={model.data ?? undefined} data-overview-project={model.project ?? undefined}>
      <h2 id="overview-heading" className={styles.heading}>
        {model.heading}
      </h2>
      <OverviewTotals model={model} />
      {model.costNote !== null && (
        <p className={styles.note}>
          {model.costNote}
          {model.costSource !== null && (
            <>
              {' '}
              <a href={model.costSource.href}>{model.costSource.label}</a>
            </>
          )}
        </p>
      )}
      <OverviewCharts charts={model.charts} />
      <div className={styles.lists}>
        {[model.top, model.slowest].map((list) =>
          list.entries.length === 0 ? null : (
            <div key={list.heading}>
              <h3 className={styles.subheading}>{list.heading}</h3>
              <ol className={styles.top}>
                {list.entries.map((e) => (
                  <li key={e.href}>
                    <a href={e.href}>{e.label}</a> <span className={styles.value}>{e.value}</span>
                  </li>
                ))}
              </ol>
            </div>
          ),
        )}
      </div>
    </section>
  )
}
