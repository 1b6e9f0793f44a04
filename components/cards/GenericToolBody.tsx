/**
 * The Generic row's expanded body (cards.md §5.4): run_code's program as a code block, then the IN/OUT card —
 * the `IN` label over the pretty arguments and the `OUT` label over the flattened result, error-coloured on
 * an error row. `<pre>` without `<code>`: the golden reads the card as one text (`IN { … } OUT Error: …`).
 */
import type { IoBody } from '../../src/cards/types'
import { CodeBlock } from './CodeBlock'
import styles from './GenericToolBody.module.css'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'

export function GenericToolBody({ body }: { body: IoBody }) {
  return (
    <div className={styles.generic}>
      {body.program !== null && <CodeBlock block={body.program} className={styles.program} />}
      {(body.input !== null || body.output !== null) && (
        <div className={styles.io} data-io="">
          {body.input !== null && (
            <div className={styles.section}>
              <div className={styles.label}>{body.inLabel}</div>
              <pre className={cx(box.box, styles.text)}>{body.input}</pre>
            </div>
          )}
          {body.output !== null && (
            <div className={styles.section}>
              <div className={styles.label}>{body.outLabel}</div>
              <pre className={cx(box.box, styles.text, body.outputIsError && styles.error)} data-error={body.outputIsError ? '' : undefined}>
                {body.output}
              </pre>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
