/**
 * A page of a long session's full prompt list (issue 15; src/site/render/prompts.ts): the way back to the session
 * and the index, a title, the numbered prompts linking to their turns, and navigation between the list's
 * pages when there are several. Plain links: works without scripts.
 */
import type { PromptsPageModel } from '../../src/site/types'
import { PageNav } from './PageNav'
import { PromptItems } from './PromptToc'
import header from './PageHeader.module.css'
import styles from './SiteFrame.module.css'
import './global.css'

export interface PromptsPageProps {
  model: PromptsPageModel
  skipLabel: string
  allSessions: string
  footer: string
}

export function PromptsPage({ model, skipLabel, allSessions, footer }: PromptsPageProps) {
  return (
    <>
      <a href="#main" className={styles.skip}>
        {skipLabel}
      </a>
      <header className={header.header}>
        <nav aria-label={allSessions} className={header.crumbs}>
          <a href={model.index.href}>← {model.index.label}</a> · <a href={model.session.href}>{model.session.label}</a>
        </nav>
        <h1 className={header.title}>{model.title}</h1>
      </header>
      {model.nav !== null && <PageNav nav={model.nav} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        <nav aria-label={model.label} className={header.header}>
          <PromptItems entries={model.entries} />
        </nav>
      </main>
      {model.nav !== null && <PageNav nav={model.nav} />}
      <footer className={styles.footer}>{footer}</footer>
    </>
  )
}
