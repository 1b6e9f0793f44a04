/**
 * The changed-files card of a turn tail (cards-current.md §8.3), drawn only when a Host summary was
 * available (the model is null otherwise). A static or attached page has no review sidebar, so the
 * header and the per-file entries are plain items, not buttons: each reads its visible text (`Edited
 * x.ts +3 -1`, `src/x.ts +3 -1`), with the path as a tooltip. More than four files fold behind a native
 * `details` whose toggle reads `All {n} files` (named `Show all {n} changed files`) while closed and
 * `Collapse` (named `Collapse changed files`) while open — CSS picks the text, so no script is needed.
 */
import type { ChangedFileItem, ChangedFilesModel } from '../../src/cards/types'
import { VisuallyHidden } from '../primitives/VisuallyHidden'
import styles from './ChangedFiles.module.css'

/** `binary`, or `+3 -1` (space-separated, so the text reads as words). */
function Counts({ item }: { item: ChangedFileItem }) {
  if (item.note !== null) return <span className={styles.note}>{item.note}</span>
  return (
    <>
      {item.added !== null && <span className={styles.added}>{item.added}</span>}
      {item.added !== null && item.deleted !== null && ' '}
      {item.deleted !== null && <span className={styles.deleted}>{item.deleted}</span>}
    </>
  )
}

function Row({ item }: { item: ChangedFileItem }) {
  return (
    <li className={styles.row} title={item.path}>
      <span className={styles.path}>{item.text}</span> <Counts item={item} />
    </li>
  )
}

export function ChangedFiles({ model }: { model: ChangedFilesModel }) {
  const { header, fold } = model
  return (
    <div className={styles.card} data-changed-files="" data-turn={model.turn}>
      <p className={styles.header} title={header.path === '' ? undefined : header.path}>
        <span className={styles.title}>{header.text}</span> <Counts item={header} />
      </p>
      {model.files.length > 0 && (
        <ul className={styles.list}>
          {model.files.map((item) => (
            <Row key={item.path} item={item} />
          ))}
        </ul>
      )}
      {fold !== null && (
        <details className={styles.fold}>
          <summary className={styles.toggle} data-plain="">
            <span className={styles.whenClosed}>
              <span aria-hidden="true">{fold.expandText}</span>
              <VisuallyHidden>{fold.expandName}</VisuallyHidden>
            </span>
            <span className={styles.whenOpen}>
              <span aria-hidden="true">{fold.collapseText}</span>
              <VisuallyHidden>{fold.collapseName}</VisuallyHidden>
            </span>
          </summary>
          <ul className={styles.list}>
            {model.hidden.map((item) => (
              <Row key={item.path} item={item} />
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}
