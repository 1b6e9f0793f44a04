/**
 * A `Copy` control as progressive enhancement (cards.md §6.5, §3.5): rendered `hidden`, because a button that
 * does nothing with scripts off is a trap; `components/enhance` reveals and wires it. What it copies: the
 * rendered lines of `target` (an element id) when given — the same text the model's `CopyControl.text` holds,
 * without writing big outputs into the page twice — else `control.text` from a data attribute.
 */
import type { CopyControl } from '../../src/cards/types'
import { Icon } from './Icon'
import styles from './CopyButton.module.css'
import { cx } from './cx'

export interface CopyButtonProps {
  control: CopyControl
  /** Id of the element whose `[data-line]` rows (or text) are copied; omit to copy `control.text`. */
  target?: string
  /** Icon-only button (user messages): the label stays the accessible name. */
  iconOnly?: boolean
}

export function CopyButton({ control, target, iconOnly = false }: CopyButtonProps) {
  return (
    <button
      type="button"
      hidden
      className={cx(styles.copy, iconOnly && styles.iconOnly)}
      data-copy=""
      data-copy-target={target}
      data-copy-text={target === undefined ? control.text : undefined}
      data-copied-label={control.copiedLabel}
      aria-label={iconOnly ? control.label : undefined}
      title={iconOnly ? control.label : undefined}
    >
      {iconOnly ? <Icon name="copy" /> : <span>{control.label}</span>}
    </button>
  )
}
