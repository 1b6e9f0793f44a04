/**
 * The diff card (cards.md §7): per-file header rows, `⋯` gaps, removed/added/context rows with their true old
 * and new line numbers, word-level marks when the model paired the lines, the `└ +a -r · n files` footer and
 * a `Copy` (`复制`) control before the body. The `- ` / `+ ` prefixes are CSS (`::before`), not DOM text, as upstream
 * draws them; `data-prefix` carries them for the copy script.
 *
 * Runs of unchanged context the model folded (`DiffRow.fold`, issue 28) are drawn in place behind their own
 * toggle; every other row — each added and removed line, header and gap — is drawn open. A run is folded only
 * when its rows are all there, consecutive, as many as the fold says: a list cut for the page budget
 * (src/site/render/pages/cut.ts) may keep part of one, and that part is drawn open rather than under a wrong count.
 */
import type { ReactNode } from 'react'
import type { DiffCardModel, DiffRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { RowFold } from '../primitives/WindowedRows'
import styles from './DiffBlock.module.css'
import { cx } from '../primitives/cx'
import { TrustedHtml } from '../TrustedHtml'

export interface DiffBlockProps {
  model: DiffCardModel
  place: 'chat' | 'details'
}

const PREFIX = { removed: '- ', added: '+ ', context: '  ' } as const

export function DiffBlock({ model }: DiffBlockProps) {
  return (
    <div className={styles.diff} data-diff="">
      {model.copy !== null && (
        <div className={styles.tools}>
          <CopyButton control={model.copy} near="next" />
        </div>
      )}
      <div className={styles.body}>
        <FoldedRows rows={model.rows} />
      </div>
      <div className={styles.footer}>{model.footer}</div>
    </div>
  )
}

const foldOf = (row: DiffRow | undefined) => (row !== undefined && row.kind === 'context' ? (row.fold ?? null) : null)

/** The rows in order, each complete run of a fold behind its toggle. */
function FoldedRows({ rows }: { rows: readonly DiffRow[] }) {
  const out: ReactNode[] = []
  let i = 0
  while (i < rows.length) {
    const row = rows[i]
    const fold = foldOf(row)
    if (fold === null) {
      if (row !== undefined) out.push(<DiffRowView key={i} row={row} />)
      i++
      continue
    }
    let end = i
    while (end < rows.length && foldOf(rows[end])?.id === fold.id) end++
    const run = rows.slice(i, end).map((r, k) => <DiffRowView key={i + k} row={r} />)
    out.push(end - i === fold.hidden ? <RowFold key={`f${i}`} labels={fold}>{run}</RowFold> : run)
    i = end
  }
  return <>{out}</>
}

function DiffRowView({ row }: { row: DiffRow }) {
  if (row.kind === 'header')
    return (
      <div className={styles.header} data-line="" data-kind="header">
        {row.path}
      </div>
    )
  if (row.kind === 'gap')
    return (
      <div className={styles.gap} data-line="" data-kind="gap">
        {row.text}
      </div>
    )
  return (
    <div className={cx(styles.line, styles[row.kind])} data-line="" data-kind={row.kind} data-prefix={PREFIX[row.kind]}>
      <span className={styles.num} data-copy-skip="">
        {row.oldLine ?? ''}
      </span>
      <span className={styles.num} data-copy-skip="">
        {row.newLine ?? ''}
      </span>
      {row.html != null ? (
        // Coloured by the highlight pass, its word marks already laid over (src/highlight/overlay.ts).
        <TrustedHtml as="span" className={styles.text} html={row.html} />
      ) : (
        <span className={styles.text}>
          {row.marks === null
            ? row.text
            : row.marks.map((mark, i) =>
                mark.changed ? (
                  <span key={i} className={styles.mark}>
                    {mark.text}
                  </span>
                ) : (
                  <span key={i}>{mark.text}</span>
                ),
              )}
        </span>
      )}
    </div>
  )
}
