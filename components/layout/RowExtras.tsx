/**
 * Links after a transcript row: the side file holding the full text of a cut output (plain text, opens in
 * the browser from file://), and the page of a child session this row's call started. Hrefs come from the
 * site (relative, our own file names), labels are pre-formatted.
 */
import type { RowExtra } from '../../src/site/types'
import styles from './RowExtras.module.css'

export function RowExtras({ links }: { links: readonly RowExtra[] }) {
  return (
    <ul className={styles.extras} data-row-extras="">
      {links.map((link) => (
        <li key={link.href} id={link.id} data-kind={link.kind}>
          <a href={link.href} className={styles.link}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}
