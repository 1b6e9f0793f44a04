/**
 * An assistant text block (cards.md §3.4): the site's markdown pass supplies sanitized `html` (drawn through
 * the one trusted-HTML component); without it the Markdown source shows as plain text with its line breaks.
 * No `data-markdown` marker (issue 14: ~8,000 answers on a long session's pages): nothing but a test read it;
 * the block is known by its module class.
 */
import type { MarkdownRow } from '../../src/cards/types'
import { TrustedHtml } from '../TrustedHtml'
import styles from './AssistantMarkdown.module.css'

export function AssistantMarkdown({ row }: { row: MarkdownRow }) {
  return (
    <div id={row.key} className={styles.markdown}>
      {row.html !== null ? <TrustedHtml html={row.html} /> : <div className={styles.plain}>{row.text}</div>}
    </div>
  )
}
