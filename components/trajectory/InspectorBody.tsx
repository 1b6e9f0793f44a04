/**
 * A record's or request's details as the fold under its ledger row shows them (trajectory.md §5), flat so a
 * page holds as few elements as the content allows: an `<h3>` per inspector (`data-of` says whose: `req`,
 * `rec`) naming it and where it sits (`Request #1 · Turn 1`; `data-at` is the name's length, so the panel
 * can set the two apart without a second element), then each tab as an `<h4 data-tab>` followed by its content, up to the
 * next heading. Without script the tabs read one after another; the page script
 * (src/site/client/trajectory) moves a selected row's fold into the Event details panel and turns the
 * headings into the client's tab list. Links to other records are written `data-x` with an id
 * (`#rec-41`): the site points each at the page that holds it (src/site/render/links.ts).
 * Started times carry their epoch (`data-ms`), for a script to show the reader's local time and the Unix
 * form, as the client does; the toggle's titles are the ledger table's (`data-unix`, `data-local`), once a page.
 */
import { Fragment, type ReactNode } from 'react'
import type { Block, InspectorModel, LinkValue, Term, TextBlock, Value } from '../../src/trajectory-view/types'
import styles from './Trajectory.module.css'

export function LinkView({ link }: { link: LinkValue }) {
  const to = link.to
  // The log's own words are code (a call and its arguments), the page's words plain.
  const label = link.verbatim === true ? <code>{link.label}</code> : link.label
  if ('tab' in to) return <span data-open={to.tab}>{label}</span>
  if ('href' in to) return <a href={to.href}>{label}</a>
  return (
    <a data-x="" href={`#${to.target}`}>
      {label}
    </a>
  )
}

function ValueView({ value }: { value: Value }): ReactNode {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    return value.map((link, i) => (
      <Fragment key={i}>
        {i > 0 && ' '}
        <LinkView link={link} />
      </Fragment>
    ))
  }
  if (value.kind === 'link') return <LinkView link={value} />
  return (
    <time data-ms={value.ms}>
      {value.text}
    </time>
  )
}

function TermsView({ terms }: { terms: Term[] }) {
  return (
    <dl>
      {terms.map((term, i) => (
        <Fragment key={i}>
          <dt data-i={term.indent === true ? '' : undefined}>{term.term}</dt>
          <dd data-t={term.tone === 'error' ? 'e' : term.tone === 'muted' ? 'm' : undefined}>
            <ValueView value={term.value} />
          </dd>
        </Fragment>
      ))}
    </dl>
  )
}

function Cut({ cut }: { cut: NonNullable<TextBlock['cut']> }) {
  return (
    <p className={styles.cut}>
      {cut.note} <a href={cut.href}>{cut.label}</a>
    </p>
  )
}

function TextView({ block }: { block: TextBlock }) {
  const tone = block.tone === 'error' ? 'e' : block.tone === 'muted' ? 'm' : undefined
  return (
    <>
      {block.pre === true ? <pre data-t={tone}>{block.text}</pre> : <p data-t={tone}>{block.text}</p>}
      {block.cut !== undefined && <Cut cut={block.cut} />}
    </>
  )
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'terms':
      return <TermsView terms={block.terms} />
    case 'text':
      return <TextView block={block} />
    case 'section':
      return (
        <>
          <h5>{block.heading}</h5>
          <Blocks blocks={block.blocks} />
        </>
      )
    case 'fold':
      return (
        <details open={block.open}>
          <summary>{block.summary}</summary>
          <Blocks blocks={block.blocks} />
        </details>
      )
    case 'links':
      // One link a line: a link's text is a log's text (a call's name and arguments), long and untrusted;
      // run together they wrap into each other, and an unclosed bidi control reads into the next.
      return (
        <ul>
          {block.links.map((link, i) => (
            <li key={i}>
              <LinkView link={link} />
            </li>
          ))}
        </ul>
      )
    case 'catalog':
      return (
        <ul>
          {block.items.map((item, i) => (
            <li key={i}>
              <a href={item.href}>{item.name}</a>
              {item.description !== '' && ` ${item.description}`}
            </li>
          ))}
        </ul>
      )
    case 'diff':
      return (
        <>
          <h5>{block.heading}</h5>
          <pre className={styles.diff}>
            {block.runs.map((run, i) => (run.sign === '+' ? <ins key={i}>{run.text}</ins> : run.sign === '-' ? <del key={i}>{run.text}</del> : run.text))}
          </pre>
          {block.cut !== undefined && <Cut cut={block.cut} />}
        </>
      )
  }
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} />
      ))}
    </>
  )
}

export function InspectorBody({ inspector }: { inspector: InspectorModel }) {
  return (
    <>
      <h3 data-of={inspector.of} data-at={inspector.title.length}>
        {`${inspector.title} · ${inspector.where}`}
      </h3>
      {inspector.tabs.map((tab) => (
        <Fragment key={tab.id}>
          <h4 data-tab={tab.id}>{tab.label}</h4>
          <Blocks blocks={tab.blocks} />
        </Fragment>
      ))}
    </>
  )
}
