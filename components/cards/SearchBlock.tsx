/**
 * The search card for grep / glob (cards.md §9): the count banner (`3 matches · 2 files`), `Copy`, then rows —
 * per-file headers (path and match count) followed by `<n>: <line>` matches, or one row per path — capped by
 * the model's window (a re-inserted file header shows only while collapsed), the `无结果` placeholder, and the
 * truncation recovery text under the card.
 */
import type { SearchCardModel, SearchRow } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { WindowedRows } from '../primitives/WindowedRows'
import styles from './SearchBlock.module.css'

export interface SearchBlockProps {
  model: SearchCardModel
  place: 'chat' | 'details'
}

export function SearchBlock({ model, place }: SearchBlockProps) {
  const rows = model.rows
  return (
    <div className={styles.search} data-search="">
      <div className={styles.banner}>
        <span className={styles.count}>{model.countText}</span>
        {model.copy !== null && <CopyButton control={model.copy} near={model.placeholder === null ? 'next' : undefined} />}
      </div>
      {model.placeholder !== null ? (
        <div className={styles.placeholder}>{model.placeholder}</div>
      ) : (
        <div className={styles.body}>
          <WindowedRows
            count={rows.length}
            window={place === 'chat' ? model.chatWindow : model.detailsWindow}
            renderRow={(i, duplicate) => {
              const row = rows[i]
              return row === undefined ? null : <SearchRowView key={duplicate ? `d${i}` : i} row={row} />
            }}
          />
        </div>
      )}
      {model.recovery !== null && <pre className={styles.recovery}>{model.recovery}</pre>}
    </div>
  )
}

function SearchRowView({ row }: { row: SearchRow }) {
  switch (row.kind) {
    case 'file':
      return (
        <div className={styles.file} data-line="" data-kind="file">
          <span className={styles.path}>{row.path}</span>
          <span data-copy-skip="">
            {' '}
            <span className={styles.matches}>{row.matches}</span>
          </span>
        </div>
      )
    case 'match':
      return (
        <div className={styles.match} data-line="" data-kind="match">
          {row.text}
        </div>
      )
    case 'path':
      return (
        <div className={styles.pathRow} data-line="" data-kind="path">
          {row.path}
        </div>
      )
  }
}
