/**
 * The turn usage button (cards-current.md §8.1): `Usage 12.4K tok`, a button announcing a dialog
 * (`aria-haspopup="dialog"`, collapsed). The live client opens a `Turn usage` dialog; a static page has
 * no script-owned dialog, so the button is the `summary` of a native `details` whose panel (a non-modal
 * dialog named `Turn usage`) lists each attempt's exact counts. Strings and numbers arrive formatted.
 */
import type { TurnUsageModel } from '../../src/cards/types'
import { cx } from '../primitives/cx'
import styles from './TurnUsage.module.css'

export function TurnUsage({ model }: { model: TurnUsageModel }) {
  return (
    <details className={styles.usage} data-turn-usage="" data-m="n">
      <summary aria-haspopup="dialog" className={styles.button}>
        {model.label}
      </summary>
      <div role="dialog" aria-label={model.title} className={styles.panel}>
        {model.attempts.map((attempt, i) => (
          <div key={i} className={styles.attempt} role={attempt.label === '' ? undefined : 'group'} aria-label={attempt.label === '' ? undefined : attempt.label}>
            {attempt.label !== '' && <p className={styles.attemptLabel} aria-hidden="true">{attempt.label}</p>}
            <dl className={styles.list}>
              {attempt.items.map((item) => (
                <div key={item.label} className={styles.item}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        <dl className={cx(styles.attempt, styles.list)}>
          <div className={styles.item}>
            <dt>{model.totalLabel}</dt>
            <dd>{model.totalValue}</dd>
          </div>
        </dl>
      </div>
    </details>
  )
}
