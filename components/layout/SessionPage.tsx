/**
 * One page of a session: skip link, header, page navigation, the transcript slot and a footer. The
 * transcript is rendered separately (section by section, so pages can be cut to budget) and spliced into
 * the element carrying `data-dsh-slot`; `SLOT_MARKUP` is its exact markup, which escaped session text can
 * never produce. At the top of `main` sits a hidden notice for a link to something no page of the session
 * holds (`#turn-999` of a 430-turn session): components/layout/anchors-client.ts fills it from its templates
 * and shows it, as an alert, instead of leaving the reader on the first page with no word.
 */
import type { FindBoxModel } from '../../src/search/types'
import type { SessionChrome } from '../../src/site/types'
import { FindBox } from './FindBox'
import { PageHeader } from './PageHeader'
import { PageNav } from './PageNav'
import { cx } from '../primitives/cx'
import notice from '../primitives/Notice.module.css'
import styles from './SiteFrame.module.css'
import './global.css'
import './view-modes.css'
import './replay.css'

export const SLOT_MARKUP = '<div data-dsh-slot="transcript"></div>'

export interface SessionPageProps {
  chrome: SessionChrome
  skipLabel: string
  allSessions: string
  footer: string
  /** The session's find box (progressive enhancement; absent: none). */
  find?: FindBoxModel
  /** Templates of the notice for a link to nothing in the session: `{n}` a turn number, `{id}` any other address. */
  missingAnchor?: { turn: string; other: string }
}

export function SessionPage({ chrome, skipLabel, allSessions, footer, find, missingAnchor }: SessionPageProps) {
  return (
    <>
      <a href="#main" className={styles.skip}>
        {skipLabel}
      </a>
      <PageHeader chrome={chrome} allSessions={allSessions} />
      {find !== undefined && <FindBox model={find} />}
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        {missingAnchor !== undefined && (
          <p role="alert" className={cx(notice.notice, styles.missing)} data-missing-anchor="" data-turn={missingAnchor.turn} data-other={missingAnchor.other} hidden />
        )}
        <div data-dsh-slot="transcript" />
      </main>
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <footer className={styles.footer}>{footer}</footer>
    </>
  )
}
