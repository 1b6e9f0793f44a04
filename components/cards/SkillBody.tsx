/**
 * SkillRow's expanded body (cards.md §11.3): a region labelled `Instructions` / `说明` with that header and the
 * raw output in a `<pre>` (error-styled on an error row). ARIA: `region "Instructions"` whose text is the
 * header followed by the output, as in the `skill-tool-row` golden.
 */
import type { SkillBody as SkillBodyModel } from '../../src/cards/types'
import styles from './SkillBody.module.css'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'

export function SkillBody({ body }: { body: SkillBodyModel }) {
  return (
    <section aria-label={body.label} className={styles.skill}>
      <div className={styles.header}>{body.label}</div>
      <pre className={cx(box.box, styles.text, body.isError && styles.error)}>{body.text}</pre>
    </section>
  )
}
