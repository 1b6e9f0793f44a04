/**
 * The read card (cards.md §8): a banner (path label, `Showing a of b lines` when partial, language id, `Copy`), then
 * the file window as numbered rows, capped by the model's window in chat (8) and Details (16).
 * Highlighting: without a window the pass's whole-block fragment (`code.html`) is drawn beside a gutter; a
 * capped card draws rows, each coloured by its own fragment (`lineHtml`) when the pass made them.
 */
import type { ReadCardModel } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { WindowedRows } from '../primitives/WindowedRows'
import { TrustedHtml } from '../TrustedHtml'
import styles from './ReadBlock.module.css'

export interface ReadBlockProps {
  model: ReadCardModel
  place: 'chat' | 'details'
}

export function ReadBlock({ model, place }: ReadBlockProps) {
  const window = place === 'chat' ? model.chatWindow : model.detailsWindow
  const lines = model.lines
  return (
    <div className={styles.read} data-read="">
      <div className={styles.banner}>
        <span className={styles.label} title={model.path}>
          {model.label}
        </span>
        {model.range !== null && (
          <>
            {' '}
            <span className={styles.meta}>{model.range}</span>
          </>
        )}
        {model.lang !== null && (
          <>
            {' '}
            <span className={styles.meta}>{model.lang}</span>
          </>
        )}
        {model.copy !== null && <CopyButton control={model.copy} near="next" />}
      </div>
      {window === null && model.code.html !== null ? (
        <div className={styles.highlighted}>
          <div className={styles.gutter} aria-hidden="true" data-copy-skip="">
            {lines.map((line) => (
              <div key={line.number}>{line.number}</div>
            ))}
          </div>
          <div className={styles.code} data-lang={model.lang ?? undefined}>
            <TrustedHtml html={model.code.html} />
          </div>
        </div>
      ) : (
        <div className={styles.body}>
          <WindowedRows
            count={lines.length}
            window={window}
            renderRow={(i, duplicate) => {
              const line = lines[i]
              if (line === undefined) return null
              const html = model.lineHtml?.[i]
              return (
                <div key={duplicate ? `d${i}` : i} className={styles.row} data-line="">
                  <span className={styles.num} data-copy-skip="">
                    {line.number}
                  </span>
                  {html === undefined ? <span className={styles.text}>{line.text}</span> : <TrustedHtml as="span" className={styles.text} html={html} />}
                </div>
              )
            }}
          />
        </div>
      )}
    </div>
  )
}
