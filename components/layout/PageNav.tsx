/**
 * Navigation between the pages of one long session (issue 4: pages paginate by turn), and of a long index:
 * first / previous, page numbers around the current one with an ellipsis where pages are skipped, next /
 * last (issue 15), and `Page 2 of 5`. Plain links, so it works without scripts; `rel` lets browsers and
 * assistive tools find the neighbours. The model comes from src/site/render/pages/pager.ts.
 */
import type { Link, PageNav as PageNavModel } from '../../src/site/types'
import styles from './PageNav.module.css'

function Step({ link, rel, children }: { link: Link | null | undefined; rel?: string; children: (label: string) => string }) {
  return link == null ? (
    <span className={styles.step} aria-hidden="true" />
  ) : (
    <a href={link.href} rel={rel} className={styles.step}>
      {children(link.label)}
    </a>
  )
}

export function PageNav({ nav }: { nav: PageNavModel }) {
  return (
    <nav aria-label={nav.label} className={styles.nav}>
      {nav.first !== undefined && <Step link={nav.first}>{(label) => `« ${label}`}</Step>}
      <Step link={nav.previous} rel="prev">
        {(label) => `← ${label}`}
      </Step>
      <ol className={styles.pages}>
        {nav.pages.flatMap((page) => [
          ...(page.gapBefore === true
            ? [
                <li key={`gap-${page.href}`} className={styles.gap} aria-hidden="true">
                  …
                </li>,
              ]
            : []),
          <li key={page.href}>
            {page.current ? (
              <a href={page.href} aria-current="page" className={styles.current}>
                {page.label}
              </a>
            ) : (
              <a href={page.href}>{page.label}</a>
            )}
          </li>,
        ])}
      </ol>
      <span className={styles.position}>{nav.position}</span>
      <Step link={nav.next} rel="next">
        {(label) => `${label} →`}
      </Step>
      {nav.last !== undefined && <Step link={nav.last}>{(label) => `${label} »`}</Step>}
    </nav>
  )
}
