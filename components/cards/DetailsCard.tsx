/**
 * The details card (cards-current.md §11.1): one bordered box with an optional caption, a list of items (or
 * the empty text), an optional "more" note and, for the to-do diff, a trailing collapsible group. Each item
 * draws, in order: a heading line ([glyph] + title — a path that copies itself on a static page, like the
 * row's file links — + badge + status text) with its subtitle, a description paragraph, the fields as a
 * definition list, bullet lines, Markdown (the site's sanitized rendering when present, else text), a code
 * block (language label, Copy, code) and collapsible groups (open `<details>`: chevron + label, a nested
 * list). The markup is chosen so Chromium's ARIA tree reads like the dsh golden: the heading pieces merge
 * into one text line, fields become term/definition pairs, a group is `group` with `img` and its label.
 * Items nest only as deep as the model made them (the projection caps depth), so recursion here is bounded.
 */
import type { DetailCode, DetailGlyph, DetailGroup, DetailItem, DetailsBody } from '../../src/cards/types'
import { TrustedHtml } from '../TrustedHtml'
import markdown from '../messages/AssistantMarkdown.module.css'
import { CopyButton } from '../primitives/CopyButton'
import { Icon } from '../primitives/Icon'
import { cx } from '../primitives/cx'
import { CodeBlock } from './CodeBlock'
import styles from './DetailsCard.module.css'

export function DetailsCard({ body }: { body: DetailsBody }) {
  return (
    <div className={styles.card} data-detail-card="">
      {body.caption !== null && <div className={styles.caption}>{body.caption}</div>}
      {body.items.length > 0 ? (
        <ItemList items={body.items} />
      ) : (
        body.emptyText !== null && <p className={styles.empty}>{body.emptyText}</p>
      )}
      {body.more !== null && <p className={styles.more}>{body.more}</p>}
      {body.trailingGroup !== null && <Group group={body.trailingGroup} />}
    </div>
  )
}

function ItemList({ items }: { items: DetailItem[] }) {
  return (
    <ul className={styles.items}>
      {items.map((item, i) => (
        <Item key={i} item={item} />
      ))}
    </ul>
  )
}

const GLYPH_ICONS = { completed: 'check', in_progress: 'play', pending: 'square' } as const

function Glyph({ glyph }: { glyph: DetailGlyph }) {
  if (glyph.kind === 'added' || glyph.kind === 'removed')
    return <span className={cx(styles.mark, styles[glyph.kind])}>{glyph.kind === 'added' ? '+' : '−'}</span>
  return <Icon name={GLYPH_ICONS[glyph.kind]} className={styles.glyph} />
}

function Heading({ item }: { item: DetailItem }) {
  const parts = [
    item.glyph !== null && <Glyph key="g" glyph={item.glyph} />,
    item.title !== null &&
      (item.location !== null ? (
        <span key="t" className={cx(styles.title, styles.path)} data-copy-path={item.location.path} title={item.location.path}>
          {item.title}
        </span>
      ) : (
        <span key="t" className={styles.title}>
          {item.title}
        </span>
      )),
    item.badge !== null && (
      <span key="b" className={styles.badge} data-tone={item.badge.tone}>
        {item.badge.text}
      </span>
    ),
    item.statusText !== null && (
      <span key="s" className={styles.status}>
        {item.statusChange != null ? (
          <>
            {item.statusChange.from}
            <span aria-hidden="true"> → </span>
            {item.statusChange.to}
          </>
        ) : (
          item.statusText
        )}
      </span>
    ),
  ].filter((p) => p !== false)
  if (parts.length === 0 && item.subtitle === null) return null
  return (
    <div className={styles.heading}>
      {parts.length > 0 && (
        <div className={cx(styles.headline, item.struck && styles.struck)}>
          {parts.flatMap((p, i) => (i === 0 ? [p] : [' ', p]))}
        </div>
      )}
      {item.subtitle !== null && <div className={styles.subtitle}>{item.subtitle}</div>}
    </div>
  )
}

function Code({ code }: { code: DetailCode }) {
  return (
    <div className={styles.code}>
      <div className={styles.codeBar}>
        {code.label !== null && <span className={styles.codeLabel}>{code.label}</span>}
        <CopyButton control={code.copy} />
      </div>
      <CodeBlock block={code.block} />
    </div>
  )
}

function Item({ item }: { item: DetailItem }) {
  return (
    <li className={styles.item}>
      <Heading item={item} />
      {item.description !== null && <p className={styles.description}>{item.description}</p>}
      {item.fields.length > 0 && (
        <dl className={styles.fields}>
          {item.fields.map((f, i) => (
            <div key={i} className={styles.field}>
              <dt className={styles.term}>{f.term}</dt>
              <dd className={styles.definition}>
                {f.local === undefined ? f.definition : <span data-local-time={f.local.iso} data-time-style={f.local.style}>{f.definition}</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {item.bullets.length > 0 && (
        <ul className={styles.bullets}>
          {item.bullets.map((b, i) => (
            <li key={i}>{b}</li>
          ))}
        </ul>
      )}
      {item.markdownHtml != null ? (
        <TrustedHtml className={cx(markdown.markdown, styles.markdown)} html={item.markdownHtml} />
      ) : (
        item.markdown !== null && <div className={cx(styles.markdown, styles.plain)}>{item.markdown}</div>
      )}
      {item.code !== null && <Code code={item.code} />}
      {item.groups.map((g, i) => (
        <Group key={i} group={g} />
      ))}
    </li>
  )
}

function Group({ group }: { group: DetailGroup }) {
  return (
    <details className={styles.group} open>
      <summary className={styles.groupLabel} data-plain="">
        <Icon name="chevron" className={styles.chevron} /> <span>{group.label}</span>
      </summary>
      {group.text != null && <p className={styles.description}>{group.text}</p>}
      {group.items.length > 0 && <ItemList items={group.items} />}
    </details>
  )
}
