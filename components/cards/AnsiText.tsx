/**
 * Draws ANSI-parsed output rows (cards.md §6.5). Parsing happens once in `src/cards/ansi.ts`; here a segment
 * becomes a span whose classes name its SGR flags and 16-colour theme tokens. 256-colour and true colour arrive
 * as literal `rgb(r, g, b)` strings and are applied inline only when they have exactly that shape, so a
 * malformed value can never smuggle other CSS (a `url()` would be a network request).
 */
import type { CSSProperties, ReactNode } from 'react'
import type { AnsiColor, AnsiLine, AnsiSegment } from '../../src/cards/types'
import styles from './AnsiText.module.css'
import { cx } from '../primitives/cx'

const RGB = /^rgb\(\d{1,3}, ?\d{1,3}, ?\d{1,3}\)$/

/** One output row as a block with `data-line` (the copy script joins these with newlines). */
export function AnsiLineView({ line }: { line: AnsiLine }) {
  return (
    <div className={styles.line} data-line="">
      {line.map((segment, i) => (
        <Segment key={i} segment={segment} />
      ))}
    </div>
  )
}

/**
 * Output rows as one text block (the terminal box is `white-space: pre`): rows joined with `\n`, unstyled runs
 * as plain text, a span only per styled segment. A chat terminal shows every row, and an element per row made
 * a 400-line output cost 400 of a page's 5,000 elements (and most of its render time); the text and the copy
 * (the box's text) are the same.
 */
export function AnsiLinesText({ lines }: { lines: readonly AnsiLine[] }) {
  const out: ReactNode[] = []
  let text = ''
  lines.forEach((line, i) => {
    if (i > 0) text += '\n'
    line.forEach((segment, j) => {
      if (segment.style === undefined) {
        text += segment.text
        return
      }
      if (text !== '') out.push(text)
      text = ''
      out.push(<Segment key={`${i}.${j}`} segment={segment} />)
    })
  })
  if (text !== '') out.push(text)
  return <>{out}</>
}

function Segment({ segment }: { segment: AnsiSegment }) {
  const s = segment.style
  if (s === undefined) return <>{segment.text}</>
  // Inverse swaps the two colours; without explicit ones it swaps the terminal's own.
  const fg = s.inverse ? s.bg : s.fg
  const bg = s.inverse ? s.fg : s.bg
  const style: CSSProperties = {}
  if (fg?.kind === 'rgb' && RGB.test(fg.css)) style.color = fg.css
  if (bg?.kind === 'rgb' && RGB.test(bg.css)) style.backgroundColor = bg.css
  return (
    <span
      className={cx(
        colorClass('fg', fg),
        colorClass('bg', bg),
        s.inverse && fg === undefined && styles.inverseFg,
        s.inverse && bg === undefined && styles.inverseBg,
        s.bold && styles.bold,
        s.dim && styles.dim,
        s.italic && styles.italic,
        s.underline && styles.underline,
        s.strikethrough && styles.strike,
        s.underline && s.strikethrough && styles.underStrike,
        s.hidden && styles.hidden,
      )}
      style={style.color === undefined && style.backgroundColor === undefined ? undefined : style}
    >
      {segment.text}
    </span>
  )
}

function colorClass(layer: 'fg' | 'bg', color: AnsiColor | undefined): string | undefined {
  return color?.kind === 'named' ? styles[`${layer}-${color.name}`] : undefined
}
