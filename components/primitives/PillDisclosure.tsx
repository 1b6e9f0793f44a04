/**
 * A pill that opens a breakdown (cards-current.md §8.1–§8.2): the turn usage button (`Usage 12.4K tok`) and
 * the session pills (`1 turns 2 steps · 41 tok/s`, `52K tok · Cache hit 81%`, `12% of context used`). dsh
 * draws each as a button announcing a dialog; a static page has no script-owned dialog, so the button is the
 * `summary` of a native `details` (components/enhance gives it `role=button` and `aria-expanded`) and the panel
 * is a non-modal dialog named `title`, holding the breakdown as a description list (`items`) and whatever
 * `children` add before it.
 *
 * `parts`: the visible text, side by side with a gap (dsh's spans); `name`, when given, is the accessible name
 * (dsh names `1 turns 2 steps · 41 tok/s` a button whose text reads the two parts without the dot). Shared by
 * both kinds so they look and behave alike; their look is this file's stylesheet.
 */
import type { ReactNode } from 'react'
import { cx } from './cx'
import styles from './PillDisclosure.module.css'

export interface PillItem {
  label: string
  value: string
}

export interface PillDisclosureProps {
  parts: readonly string[]
  /** Accessible name when it is not the parts' text. */
  name?: string
  title: string
  items?: readonly PillItem[]
  children?: ReactNode
  className?: string
  /** `data-*` hooks on the `details` (the turn tail's `data-turn-usage`, `data-m`). */
  data?: Readonly<Record<`data-${string}`, string>>
}

export function PillDisclosure({ parts, name, title, items = [], children, className, data }: PillDisclosureProps) {
  return (
    <details className={cx(styles.pill, className)} {...data}>
      <summary aria-haspopup="dialog" aria-label={name} className={styles.button}>
        {parts.map((part, i) => (
          <span key={i}>{part}</span>
        ))}
      </summary>
      <div role="dialog" aria-label={title} className={styles.panel}>
        {children}
        {items.length > 0 && <PillItems items={items} />}
      </div>
    </details>
  )
}

/** A breakdown's label–value rows. */
export function PillItems({ items, className }: { items: readonly PillItem[]; className?: string }) {
  return (
    <dl className={cx(styles.list, className)}>
      {items.map((item) => (
        <div key={item.label} className={styles.item}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A pill that opens nothing: dsh's activity pill when no step has any timing (plain text, not a button). */
export function PlainPill({ parts }: { parts: readonly string[] }) {
  return (
    <span className={cx(styles.button, styles.plain)}>
      {parts.map((part, i) => (
        <span key={i}>{part}</span>
      ))}
    </span>
  )
}
