/**
 * The terminal card (cards.md §6.5): prompt rows with the cwd label and command, the status pill, a `Copy`
 * control and the ANSI output. Every value comes from `TerminalCardModel`.
 *
 * ARIA (golden `pwsh-terminal/terminal-card.expected.md`): the visually hidden run-state label, the prompt
 * label, the command and the pill are inline text, so they read as one line (`Failed ws Get-Item missing.txt
 * exit code 1`); the state dot is an empty span (no accessibility tree lists it; no `aria-hidden` needed); the command is a plain span, not `<code>` (which would add a
 * `code` role the golden does not have); the output rows are blocks that read as one text.
 */
import type { TerminalCardModel } from '../../src/cards/types'
import { CopyButton } from '../primitives/CopyButton'
import { VisuallyHidden } from '../primitives/VisuallyHidden'
import { WindowedRows } from '../primitives/WindowedRows'
import { AnsiLinesText, AnsiLineView } from './AnsiText'
import styles from './TerminalBlock.module.css'

export interface TerminalBlockProps {
  model: TerminalCardModel
  /** Details shows the model's 16-line window (one block per row); the chat row shows every line as one text (the box scrolls). */
  place: 'chat' | 'details'
}

export function TerminalBlock({ model, place }: TerminalBlockProps) {
  const lines = model.lines
  // The output the Copy button copies: the element after the header (no id, see CopyButton `near`).
  const output = lines !== null && model.placeholder === null
  return (
    <div className={styles.terminal} data-terminal="" data-state={model.state}>
      <div className={styles.head}>
        <div className={styles.prompts}>
          {model.prompts.map((prompt, i) => (
            <div key={i} className={styles.prompt}>
              {prompt.first && (
                <>
                  <VisuallyHidden>{model.stateLabel}</VisuallyHidden>
                  <span className={styles.dot} data-state={model.state} />{' '}
                </>
              )}
              <span className={styles.label}>{prompt.label}</span> <span className={styles.command}>{prompt.text}</span>
            </div>
          ))}
          {model.prompts.length === 0 && <VisuallyHidden>{model.stateLabel}</VisuallyHidden>}
        </div>
        {model.pill !== null && (
          <>
            {' '}
            <span className={styles.pill}>{model.pill}</span>
          </>
        )}
        {model.copy !== null && <CopyButton control={model.copy} near={output ? 'next' : undefined} />}
      </div>
      {lines !== null &&
        (!output ? (
          <div className={styles.placeholder}>{model.placeholder}</div>
        ) : (
          <div className={styles.output} data-place={place}>
            {place === 'chat' || model.detailsWindow === null ? (
              <AnsiLinesText lines={lines} />
            ) : (
              <WindowedRows
                count={lines.length}
                window={model.detailsWindow}
                renderRow={(i) => {
                  const line = lines[i]
                  return line === undefined ? null : <AnsiLineView key={i} line={line} />
                }}
              />
            )}
          </div>
        ))}
    </div>
  )
}
