/**
 * One page of a session's Trajectory (trajectory.md §2): skip link, the session header (with the Chat |
 * Trajectory tabs), page navigation, then the toolbar, the timing overview of this page's records, and the
 * split pane — the ledger table, whose sections the site splices into the `<tbody>` carrying
 * `data-dsh-slot` (`LEDGER_SLOT`, its exact markup), and the Event details panel beside it. The table holds
 * the words the page script names rows with (§9: `{request}{kind}, {content}`).
 */
import type { SessionChrome } from '../../src/site/types'
import type { PanelModel, ToolbarModel } from '../../src/trajectory-view/types'
import { PageHeader } from '../layout/PageHeader'
import { PageNav } from '../layout/PageNav'
import frame from '../layout/SiteFrame.module.css'
import '../layout/global.css'
import '../theme/tokens.module.css'
import { DetailsPanel } from './DetailsPanel'
import { TimelineOverview, type TimelineModel } from './TimelineOverview'
import { TrajectoryToolbar } from './TrajectoryToolbar'
import styles from './Trajectory.module.css'

export const LEDGER_SLOT = '<tbody data-dsh-slot="ledger"></tbody>'

export interface LedgerWords {
  /** `request.rowAria`, `request.rowPrefix`, `request.noContent` (the script fills them). */
  aria: string
  prefix: string
  none: string
  /** `timing.showUnixTimestamp`, `timing.showLocalTime`: the Started time toggle's titles, once a page. */
  unix: string
  local: string
  /** Shown instead of the table when the session has no record. */
  empty: string | null
}

export interface TrajectoryPageProps {
  chrome: SessionChrome
  skipLabel: string
  allSessions: string
  footer: string
  toolbar: ToolbarModel
  timeline: TimelineModel
  panel: PanelModel
  ledger: LedgerWords
}

export function TrajectoryPage({ chrome, skipLabel, allSessions, footer, toolbar, timeline, panel, ledger }: TrajectoryPageProps) {
  return (
    <>
      <a href="#main" className={frame.skip}>
        {skipLabel}
      </a>
      <PageHeader chrome={chrome} allSessions={allSessions} />
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <main id="main" tabIndex={-1} className={`${frame.main} ${styles.page}`} data-trajectory="">
        <TrajectoryToolbar model={toolbar} />
        <TimelineOverview model={timeline} />
        <div className={styles.split}>
          {ledger.empty !== null && <p>{ledger.empty}</p>}
          <div className={styles.box}>
            <table className={styles.ledger} data-tj-ledger="" data-aria={ledger.aria} data-prefix={ledger.prefix} data-none={ledger.none} data-unix={ledger.unix} data-local={ledger.local}>
              <tbody data-dsh-slot="ledger" />
            </table>
          </div>
          <DetailsPanel model={panel} />
        </div>
      </main>
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <footer className={frame.footer}>{footer}</footer>
    </>
  )
}
