/**
 * A context node (cards.md §3.5): a collapsed disclosure `Context injection` / `Session recall` with the
 * producer label, an optional notice segment behind a second separator dot (CSS, DisclosureRow.module.css), and
 * the injected text inside.
 * Golden: `button "Context injection @deepseek-ai/dsh-system-prompt"` holding two `img`s and the text.
 *
 * A notice that opened its turn is drawn by the newer client as a turn-trigger row (cards-current.md §4.3):
 * one button `<title> <HH:MM>` (golden `button "Subtask status updated {{clock}}"` with `text` and `time`
 * children) opening to the explanation and the recorded text. Both are in the page; the view mode shows one
 * (`data-m`: `n` for the current modes, `c` for classic).
 */
import type { ContextRow } from '../../src/cards/types'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { Icon } from '../primitives/Icon'
import quiet from '../primitives/QuietHeader.module.css'
import box from '../primitives/TextBox.module.css'
import { cx } from '../primitives/cx'
import styles from './ContextInjectionRow.module.css'

export function ContextInjectionRow({ row }: { row: ContextRow }) {
  const trigger = row.trigger ?? null
  const classic = (
    <DisclosureRow
      id={trigger === null ? row.key : undefined}
      variant="context"
      icon="context"
      title={row.label}
      summary={row.producer}
      extra={row.notice}
      body={<pre className={cx(box.box, box.surface, styles.text)}>{row.text}</pre>}
    />
  )
  if (trigger === null) return classic
  return (
    <div id={row.key}>
      <details data-m="n">
        <summary className={quiet.header}>
          <Icon name="context" />
          <span>{trigger.title}</span>
          {trigger.clock !== null && (
            <>
              {' '}
              <time dateTime={trigger.clock.iso}>
                {trigger.clock.label}
              </time>
            </>
          )}
          <Icon name="chevron" className={quiet.chevron} />
        </summary>
        <p className={styles.explanation}>{trigger.explanation}</p>
        <pre className={cx(box.box, box.surface, styles.text)}>{row.text}</pre>
      </details>
      <div data-m="c">{classic}</div>
    </div>
  )
}
