/**
 * The diff card (cards.md §7): per-file header rows, `⋯` gaps, removed/added/context rows with their true old
 * and new line numbers, word-level marks when the model paired the lines, the `└ +a -r · n files` footer and
 * a `Copy` (`复制`) control before the body. The `- ` / `+ ` prefixes are CSS (`::before`), not DOM text, as upstream
 * draws them; `data-prefix` carries them for the copy script.
 */
import type { DiffCardModel, DiffRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { WindowedRows } from '../primitives/WindowedRows'
import styles from './DiffBlock.module.css'
import { cx } from '../primitives/cx'
import { TrustedHtml } from '../TrustedHtml'

export interface DiffBlockProps {
  model: DiffCardModel
  place: 'chat' | 'details'
}

const PREFIX = { removed: '- ', added: '+ ', context: '  ' } as const

export function DiffBlock({ model, place }: DiffBlockProps) {
  const rows = model.rows
  return (
    <div className={styles.diff} data-diff="">
      {model.copy !== null && (
        <div className={styles.tools}>
          <CopyButton control={model.copy} near="next" />
        </div>
      )}
      <div className={styles.body}>
        <WindowedRows
          count={rows.length}
          window={place === 'chat' ? model.chatWindow : model.detailsWindow}
          renderRow={(i, duplicate) => {
            const row = rows[i]
            return row === undefined ? null : <DiffRowView key={duplicate ? `d${i}` : i} row={row} />
          }}
        />
      </div>
      <div className={styles.footer}>{model.footer}</div>
    </div>
  )
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
