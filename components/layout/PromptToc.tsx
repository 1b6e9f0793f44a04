/**
 * The session's prompt list on every page (issue 15): a fold in the header — closed, so the transcript
 * stays where it was — holding a numbered list of the user's prompts, each a link to its turn on whichever
 * page holds it. A long session lists a window around this page and links the full list (its own pages:
 * components/layout/PromptsPage.tsx). Plain links and a native `<details>`: works without scripts.
 */
import type { PromptEntry, PromptToc as PromptTocModel } from '../../src/site/types'
import styles from './PromptToc.module.css'

export function PromptItems({ entries }: { entries: readonly PromptEntry[] }) {
  return (
    <ol className={styles.list} start={entries[0]?.number ?? 1}>
      {entries.map((entry) => (
        <li key={entry.number}>
          <a href={entry.href}>{entry.label}</a>
        </li>
      ))}
    </ol>
  )
}

export function PromptToc({ toc }: { toc: PromptTocModel }) {
  return (
    <details className={styles.toc} data-prompt-toc="">
      <summary data-plain="">{toc.summary}</summary>
      <nav aria-label={toc.label}>
        {toc.note !== null && <p className={styles.note}>{toc.note}</p>}
        <PromptItems entries={toc.entries} />
        {toc.all !== null && (
          <p className={styles.note}>
            <a href={toc.all.href}>{toc.all.label} →</a>
          </p>
        )}
      </nav>
    </details>
  )
}
