/**
 * One page of a session: skip link, header, page navigation, the transcript slot and a footer. The
 * transcript is rendered separately (section by section, so pages can be cut to budget) and spliced into
 * the element carrying `data-dsh-slot`; `SLOT_MARKUP` is its exact markup, which escaped session text can
 * never produce.
 */
import type { FindBoxModel } from '../../src/search/types'
import type { SessionChrome } from '../../src/site/types'
import { FindBox } from './FindBox'
import { PageHeader } from './PageHeader'
import { PageNav } from './PageNav'
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
}

export function SessionPage({ chrome, skipLabel, allSessions, footer, find }: SessionPageProps) {
  return (
    <>
      <a href="#main" className={styles.skip}>
        {skipLabel}
      </a>
      <PageHeader chrome={chrome} allSessions={allSessions} />
      {find !== undefined && <FindBox model={find} />}
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        <div data-dsh-slot="transcript" />
      </main>
      {chrome.nav !== null && <PageNav nav={chrome.nav} />}
      <footer className={styles.footer}>{footer}</footer>
    </>
  )
}
