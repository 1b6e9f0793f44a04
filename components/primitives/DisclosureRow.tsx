/**
 * The shared one-line row chrome of the Chat (cards.md §4.3 `ToolRow` / `DisclosureRow`, §3.4 Think, §3.5
 * context rows). Decisions already made by the model arrive as props; this file only lays them out.
 *
 * Structure, chosen to work with scripts off and to match the dsh ARIA goldens (§15):
 * - an expandable row is a native `<details>`; its `<summary>` is the header, so the header is a disclosure
 *   button whose accessible name is its text; `components/enhance` gives it `role=button` and mirrors its
 *   state into `aria-expanded` for ARIA-snapshot tools, as the goldens show it (not in the markup: ~2% of a
 *   long session's pages, issue 14);
 * - a non-expandable row's header is a plain `<div>` (not a button in ARIA);
 * - hidden status text sits *before* the header (ToolRow) or *inside* it, after the leading icons (BashRow,
 *   SkillRow), so it is a separate text or part of the button's name respectively (§4.3, §16.11);
 * - the state dot is an empty span, which no accessibility tree lists (upstream marks it aria-hidden, issue 14
 *   drops the attribute: the same tree, ~4,600 attributes less on a long session); the separator dot before a
 *   segment is no element but the segment's CSS
 *   `::before` with empty alternative text (`content: "·" / ""`), so no accessible name reads it either; the
 *   variant icon and the chevron are `img`s, and CSS hides the variant icon while the row is open (the golden
 *   lists only the chevron then).
 * Lean markup (issue 14, ~30,000 rows in a long session): the root is known by its `data-variant` (every row
 * has one), and the `<details>`, its `<summary>`, the leading slot, the lead icon, the
 * chevron and the segments carry no class of their own; DisclosureRow.module.css reaches them by position (a
 * row's details holds a summary and then the body itself, with no wrapper: the body's box is the details'
 * `::details-content`, which the stylesheet pads (~50,000 rows on a long session's pages, issue 14); the
 * header's first child is the leading slot, which
 * holds the lead icon or dot, then the chevron; the first unclassed span after it, or `.title`, is the title;
 * every later span but the suffixes and the `SegmentWrap`s, and every span in a `SegmentWrap`, is a segment
 * drawn behind a separator dot).
 * Literal spaces separate the header parts so accessible names read `Failed Bash Error: …`, not `FailedBash…`.
 */
import type { ReactNode } from 'react'
import type { RowState } from '../../src/cards/types'
import { Icon, PlacedChevron, type IconName } from './Icon'
import { VisuallyHidden } from './VisuallyHidden'
import { cx } from './cx'
import '../theme/tokens.module.css'
import styles from './DisclosureRow.module.css'

export interface DisclosureRowProps {
  /** Deep-link id of the row root (the row key). */
  id?: string
  /**
   * `data-variant` / `data-tool` / `data-state` on the root, for styling and tests; `data-variant` is the row's
   * hook (the stylesheet's, the print rules', the ARIA snapshot's), so every row has one. Defaults stay off the page
   * (issue 14): `data-tool` only where the wire name differs from the variant, `data-state` not for `ok` (the
   * stylesheet keys on `running` only).
   */
  variant: string
  tool?: string
  state?: RowState
  /** Leading slot: a dot replaces the icon for error / stopped rows. */
  icon: IconName
  dot?: 'red' | 'amber' | null
  hiddenStatus?: string | null
  hiddenStatusPlacement?: 'before-header' | 'in-header'
  title: string
  /**
   * The title may be long text from the log (a slash command, an event type, a parse error): it shrinks and
   * is ellipsised like the summary instead of widening the row (the full text is in the body).
   */
  titleShrinks?: boolean
  /** The collapsed one-liner; `''` drops the separator dot. */
  summary: string
  /** `failure` colours the summary as an error; `file-link` draws it as the openable path (`filePath`). */
  summaryStyle?: 'text' | 'file-link' | 'failure'
  filePath?: string | null
  /** Replaces the summary segment (a Think row's per-mode preview); `summary` is then ignored. */
  summaryNode?: ReactNode
  /** A further segment behind another separator dot (context notices, cards.md §3.5). */
  extra?: string | null
  /** Non-shrinking suffix (TodoRow `+k`). */
  suffix?: string | null
  /**
   * A receipt status read as ` · <status>` after the summary while the row is closed; CSS hides it while the
   * row is open, so the open row's name is the target alone (cards-current.md §9.0).
   */
  closedStatus?: string | null
  /** The expanded content; null makes the row non-expandable. */
  body: ReactNode | null
  /** Shown under the body when open (the `Inspect` pill). */
  footer?: ReactNode
  /** Shown after the header of a non-expandable row (an `Inspect` pill with nothing else to live in). */
  trailing?: ReactNode
  /** Open on first render (rows are collapsed by default, cards.md §4.3). */
  open?: boolean
  className?: string
}

export function DisclosureRow(props: DisclosureRowProps) {
  const { id, variant, tool, state, hiddenStatus = null, hiddenStatusPlacement = 'before-header', body } = props
  const expandable = body !== null
  const header = <HeaderContent {...props} expandable={expandable} />
  return (
    <div id={id} className={props.className} data-variant={variant} data-tool={tool === variant ? undefined : tool} data-state={state === 'ok' ? undefined : state}>
      {hiddenStatus !== null && hiddenStatusPlacement === 'before-header' && <VisuallyHidden>{hiddenStatus}</VisuallyHidden>}
      {expandable ? (
        <details open={props.open === true ? true : undefined}>
          <summary>{header}</summary>
          {body}
          {props.footer}
        </details>
      ) : (
        <>
          <div className={styles.header}>{header}</div>
          {props.trailing != null && <div className={styles.trailing}>{props.trailing}</div>}
        </>
      )}
    </div>
  )
}

function HeaderContent(props: DisclosureRowProps & { expandable: boolean }) {
  const { dot = null, hiddenStatus = null, hiddenStatusPlacement = 'before-header', summary, summaryStyle = 'text' } = props
  return (
    <>
      <span>
        {dot !== null ? (
          <span className={styles.dot} data-dot={dot} />
        ) : (
          <Icon name={props.icon} />
        )}
        {props.expandable && <PlacedChevron />}
      </span>
      {hiddenStatus !== null && hiddenStatusPlacement === 'in-header' && (
        <>
          <VisuallyHidden>{hiddenStatus}</VisuallyHidden>{' '}
        </>
      )}
      {/* The title: by place when it keeps its width (DisclosureRow.module.css), classed only when it shrinks. */}
      <span className={props.titleShrinks === true ? cx(styles.title, styles.titleShrinks) : undefined}>{props.title}</span>
      {props.summaryNode !== undefined ? props.summaryNode : summary !== '' && <SummarySegment text={summary} style={summaryStyle} filePath={props.filePath ?? null} />}
      {props.extra != null && props.extra !== '' && (
        <>
          {' '}
          <span>{props.extra}</span>
        </>
      )}
      {props.closedStatus != null && props.closedStatus !== '' && (
        <>
          {' '}
          <span className={cx(styles.suffix, styles.closedOnly)} data-closed-only="">
            · {props.closedStatus}
          </span>
        </>
      )}
      {props.suffix != null && props.suffix !== '' && (
        <>
          {' '}
          <span className={styles.suffix}>{props.suffix}</span>
        </>
      )}
    </>
  )
}

/**
 * A wrapper around header segments that leaves the header's flex layout alone (`display: contents`), for
 * the view mode's `data-m`, which a stylesheet keys on.
 */
export function SegmentWrap({ children, ...attrs }: { children: ReactNode; 'data-m': 'n' | 'c' }) {
  return <span className={styles.segment} {...attrs}>{children}</span>
}

/**
 * The summary segment as the header draws it (also for `summaryNode`); its separator dot is the segment's
 * CSS `::before` (DisclosureRow.module.css), not an element.
 */
export function SummarySegment({ text, style = 'text', filePath = null }: { text: string; style?: 'text' | 'file-link' | 'failure'; filePath?: string | null }) {
  return (
    <>
      {' '}
      <Summary text={text} style={style} filePath={filePath} />
    </>
  )
}

/**
 * The file link is a plain span until `components/enhance` turns it into a button that copies the path: a
 * static page cannot open files, and a dead control inside the row's button would only swallow clicks.
 */
function Summary({ text, style, filePath }: { text: string; style: 'text' | 'file-link' | 'failure'; filePath: string | null }) {
  if (style === 'file-link' && filePath !== null)
    return (
      <span className={styles.fileLink} data-copy-path={filePath} title={filePath}>
        {text}
      </span>
    )
  return <span className={style === 'failure' ? styles.failure : undefined}>{text}</span>
}
