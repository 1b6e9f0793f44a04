/**
 * The shapes of the index overview (./overview.ts makes them, components/index/Overview.tsx draws them, the
 * site's text and index props name them): plain pre-formatted data. A file of its own so the site's props
 * (../types.ts) can name them without importing the code that computes them.
 */
/** Overview words (src/site/strings.ts, per locale). */
export interface OverviewText {
  heading: string
  totals: string
  sessions: string
  turns: string
  toolCalls: string
  tokensIn: string
  tokensOut: string
  reasoning: string
  cacheRead: string
  cacheWrite: string
  cacheHit: string
  timeSpent: string
  cost: string
  /** The heading of a total's second figure: the sessions the index filters keep. */
  currentFilter: string
  /** Why no cost is shown. */
  noPrices: string
  /** The price table's date and currency (`{date}`, `{currency}`); its source is a link named `priceSource`. */
  pricesFrom: string
  priceSource: string
  /** `{n}` of `{total}` sessions have an unpriced request. */
  unpriced: string
  tokensChart: string
  sessionsChart: string
  cacheChart: string
  failuresChart: string
  failed: string
  interrupted: string
  other: string
  unknownModel: string
  topSessions: string
  /** The sessions-by-cost list's heading (when a price table prices them). */
  mostExpensive: string
  /** The slowest turns list's heading, and an entry's label (`{title}` and `{turn}` filled in). */
  slowestTurns: string
  turnOf: string
  /** `{bucket}: {values}` text of one bar group, for its tooltip and the chart's description. */
  endedOn: string
  noTime: string
  /** `max` in a chart's description (its largest bucket). */
  max: string
}

export interface ChartBar {
  x: number
  y: number
  width: number
  height: number
  /** Series index: the stylesheet colours `s0`…`s3`, `failed`, `interrupted`. */
  series: string
}

export interface ChartGroup {
  /** Bucket key (`2026-11-30`, a week's Monday, `2026-11`). */
  key: string
  /** Tooltip and accessible text: the bucket and its values. */
  title: string
  bars: ChartBar[]
  /** A line chart's point; null for bars (or a bucket with no value). */
  point: { x: number; y: number } | null
}

export interface ChartModel {
  id: string
  title: string
  /** One sentence for screen readers: what the chart shows and its largest value. */
  description: string
  width: number
  height: number
  groups: ChartGroup[]
  /** A line chart's polyline points (`x,y x,y`); null for bar charts. */
  line: string | null
  xLabels: { x: number; label: string }[]
  yLabels: { y: number; label: string }[]
  legend: { series: string; label: string }[]
  /** The plot area, for the axis lines. */
  plot: { left: number; top: number; right: number; bottom: number }
}

export interface OverviewList {
  heading: string
  entries: { href: string; label: string; value: string }[]
}

export interface OverviewModel {
  heading: string
  totalsLabel: string
  /** Each figure for the whole root, and for the sessions the index filters keep (null: no filter set). */
  totals: { label: string; value: string; filtered: string | null }[]
  /** The filtered figures' name (`Current filter`); null when no filter is set. */
  filterLabel: string | null
  /** Why cost is not shown (no price table applies); null when it is. */
  costNote: string | null
  /** The price table's source page (a link after the note); null without a table. */
  costSource: { href: string; label: string } | null
  charts: ChartModel[]
  /** Ranked lists, each entry a link: the sessions with the most tokens (or cost), the slowest turns. */
  top: OverviewList
  slowest: OverviewList
  /** The per-session facts script the page script filters (./overview-data.ts), relative to the page. */
  data: string | null
  /** On a project's page: the project whose sessions it sums (the page script keeps only those). */
  project?: string | null
}

/** The price table's words for the overview (src/stats/prices.ts): its currency, date and source. */
export interface PriceInfo {
  currency: string
  date: string
  source: string
}
