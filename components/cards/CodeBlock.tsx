/**
 * A code block (architecture.md §2.5): the highlight pass's `html` through the one trusted-HTML component when
 * present, else the plain `text` as React text (escaped). `lang` is exposed as `data-lang` for styling.
 */
import type { CodeBlock as CodeBlockModel } from '../../src/cards/types'
import { TrustedHtml } from '../TrustedHtml'
import styles from './CodeBlock.module.css'
import { cx } from '../primitives/cx'

export function CodeBlock({ block, className }: { block: CodeBlockModel; className?: string }) {
  if (block.html !== null)
    return (
      <div className={cx(styles.code, styles.highlighted, className)} data-lang={block.lang ?? undefined}>
        <TrustedHtml html={block.html} />
      </div>
    )
  return (
    <pre className={cx(styles.code, className)} data-lang={block.lang ?? undefined}>
      <code>{block.text}</code>
    </pre>
  )
}
