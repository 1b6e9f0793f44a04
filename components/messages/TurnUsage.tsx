/**
 * The turn usage button (cards-current.md §8.1): `Usage 12.4K tok`, a pill announcing a dialog
 * (`aria-haspopup="dialog"`, collapsed) named `Turn usage`, which lists each attempt's exact counts
 * (../primitives/PillDisclosure). Strings and numbers arrive formatted.
 */
import type { TurnUsageModel } from '../../src/cards/types'
import { PillDisclosure, PillItems } from '../primitives/PillDisclosure'
import styles from './TurnUsage.module.css'

export function TurnUsage({ model }: { model: TurnUsageModel }) {
  return (
    <PillDisclosure parts={[model.label]} title={model.title} items={[{ label: model.totalLabel, value: model.totalValue }]} className={styles.usage} data={{ 'data-turn-usage': '', 'data-m': 'n' }}>
      {model.attempts.map((attempt, i) => (
        <div key={i} className={styles.attempt} role={attempt.label === '' ? undefined : 'group'} aria-label={attempt.label === '' ? undefined : attempt.label}>
          {attempt.label !== '' && <p className={styles.attemptLabel} aria-hidden="true">{attempt.label}</p>}
          <PillItems items={attempt.items} />
        </div>
      ))}
    </PillDisclosure>
  )
}
