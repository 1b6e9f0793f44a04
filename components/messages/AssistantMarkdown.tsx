/**
 * An assistant text block (cards.md §3.4): the site's markdown pass supplies sanitized `html` (drawn through
 * the one trusted-HTML component); without it the Markdown source shows as plain text with its line breaks.
 */
import type { MarkdownRow } from '../../src/cards/types'
import { TrustedHtml } from '../TrustedHtml'
import styles from './AssistantMarkdown.module.css'

export function AssistantMarkdown({ row }: { row: MarkdownRow }) {
  return (
    <div id={row.key} className={styles.markdown} data-markdown="">
      {row.html !== null ? <TrustedHtml html={row.html} /> : <div className={styles.plain}>{row.text}</div>}
    </div>
  )
}
