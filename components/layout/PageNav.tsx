/**
 * Previous / next navigation between the pages of one long session (issue 4: pages paginate by turn).
 * Plain links, so it works without scripts; `rel` lets browsers and assistive tools find the neighbours.
 */
import type { PageNav as PageNavModel } from '../../src/site/types'
import styles from './PageNav.module.css'

export function PageNav({ nav }: { nav: PageNavModel }) {
  return (
    <nav aria-label={nav.label} className={styles.nav}>
      {nav.previous !== null ? (
        <a href={nav.previous.href} rel="prev" className={styles.step}>
          ← {nav.previous.label}
        </a>
      ) : (
        <span className={styles.step} aria-hidden="true" />
      )}
      <ol className={styles.pages}>
        {nav.pages.map((page) => (
          <li key={page.href}>
            {page.current ? (
              <a href={page.href} aria-current="page" className={styles.current}>
                {page.label}
              </a>
            ) : (
              <a href={page.href}>{page.label}</a>
            )}
          </li>
        ))}
      </ol>
      <span className={styles.position}>{nav.position}</span>
      {nav.next !== null ? (
        <a href={nav.next.href} rel="next" className={styles.step}>
          {nav.next.label} →
        </a>
      ) : (
        <span className={styles.step} aria-hidden="true" />
      )}
    </nav>
  )
}
