/**
 * A `Copy` control as progressive enhancement (cards.md §6.5, §3.5): rendered `hidden`, because a button that
 * does nothing with scripts off is a trap; `components/enhance` reveals and wires it. What it copies: the
 * rendered lines of `target` (an element id, the value of `data-copy`) when given — the same text the model's
 * `CopyControl.text` holds, without writing big outputs into the page twice — else `control.text` from
 * `data-copy-text`. Lean markup (issue 14): no `type` (no copy button sits in a form, where the default
 * `submit` would matter), the target in `data-copy` itself, and `data-copied-label` only for a word the
 * script's table (./copy-words) does not already give.
 */
import type { CopyControl } from '../../src/cards/types'
import { Icon } from './Icon'
import styles from './CopyButton.module.css'
import { cx } from './cx'
import { copiedLabelAttribute } from './copy-words'

export interface CopyButtonProps {
  control: CopyControl
  /** Id of the element whose `[data-line]` rows (or text) are copied (`data-copy`); omit to copy `control.text`. */
  target?: string
  /** Icon-only button (user messages): the label stays the accessible name. */
  iconOnly?: boolean
}

export function CopyButton({ control, target, iconOnly = false }: CopyButtonProps) {
  return (
    <button
      hidden
      className={cx(styles.copy, iconOnly && styles.iconOnly)}
      data-copy={target ?? ''}
      data-copy-text={target === undefined ? control.text : undefined}
      data-copied-label={copiedLabelAttribute(control.label, control.copiedLabel)}
      aria-label={iconOnly ? control.label : undefined}
      title={iconOnly ? control.label : undefined}
    >
      {iconOnly ? <Icon name="copy" /> : <span>{control.label}</span>}
    </button>
  )
}
