/**
 * The header of a session page: the way back to the index, the title (the page's only `h1`), the `Chat |
 * Trajectory` tabs (links to the other view of the same part of the session; the current one marked), the session
 * facts as a description list, the session pills (./SessionPills: buttons that open their breakdowns), the
 * view-mode control, Expand all / Collapse all, the parent and child sessions, the prompt list (issue 15),
 * a note when lines were damaged, and (a preview, src/site/preview.ts) a note that the page is one. Every string arrives
 * formatted (src/site/render/chrome.ts).
 *
 * The view-mode control is a labelled `<select>` rendered `hidden`: without the page script it could do
 * nothing (the page reads fully in its default mode); src/site/client/view-mode.ts reveals it and applies it.
 */
import type { SessionChrome } from '../../src/site/types'
import { Notice } from '../primitives/Notice'
import { FoldAll } from './FoldAll'
import { PromptToc } from './PromptToc'
import { SessionPills } from './SessionPills'
import styles from './PageHeader.module.css'

export function PageHeader({ chrome, allSessions }: { chrome: SessionChrome; allSessions: string }) {
  return (
    <header className={styles.header}>
      {chrome.index !== null && (
        <nav aria-label={allSessions} className={styles.crumbs}>
          <a href={chrome.index.href}>← {chrome.index.label}</a>
        </nav>
      )}
      <h1 className={styles.title}>{chrome.title}</h1>
      {chrome.tabs != null && (
        <nav aria-label={chrome.tabs.label} className={styles.tabs}>
          {chrome.tabs.items.map((tab) =>
            tab.href === null ? (
              <span key={tab.label} aria-current="page">
                {tab.label}
              </span>
            ) : (
              <a key={tab.label} href={tab.href}>
                {tab.label}
              </a>
            ),
          )}
        </nav>
      )}
      {chrome.notice != null && <Notice text={chrome.notice} />}
      <dl className={styles.facts}>
        {chrome.facts.map((fact) =>
          fact.pill !== undefined ? null : (
            <div key={fact.label} className={styles.fact}>
              <dt>{fact.label}</dt>
              <dd>{fact.datetime !== undefined ? <time dateTime={fact.datetime}>{fact.value}</time> : fact.value}</dd>
            </div>
          ),
        )}
      </dl>
      <SessionPills pills={chrome.facts.flatMap((fact) => (fact.pill === undefined ? [] : [fact.pill]))} />
      {chrome.viewSwitch != null && (
        <div className={styles.view} data-view-switch="" hidden>
          <label className={styles.viewLabel}>
            {chrome.viewSwitch.label}
            <select className={styles.viewSelect} defaultValue={chrome.viewSwitch.current}>
              {chrome.viewSwitch.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {chrome.folds != null && <FoldAll folds={chrome.folds} />}
      {chrome.parent !== null && (
        <p className={styles.related}>
          {chrome.parent.prefix} <a href={chrome.parent.link.href}>{chrome.parent.link.label}</a>
        </p>
      )}
      {chrome.children.length > 0 && (
        <details className={styles.children}>
          <summary data-plain="">{chrome.childrenLabel}</summary>
          <ul>
            {chrome.children.map((child) => (
              <li key={child.href}>
                <a href={child.href}>{child.label}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {chrome.prompts != null && <PromptToc toc={chrome.prompts} />}
      {chrome.warnings !== null && <p className={styles.warnings}>{chrome.warnings}</p>}
    </header>
  )
}
