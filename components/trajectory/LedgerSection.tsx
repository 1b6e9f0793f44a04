/**
 * One section of the ledger (trajectory.md §3): a turn, a standalone compaction, or part of either, as a
 * `<tbody>` of the page's one ledger table — the site renders sections one by one and cuts pages between
 * them, as the Chat does with turns. A row is two cells, no column headers (§2):
 * - the event cell (`id="req-N"` on a request's marker row: what the Chat links to) holds the request marker
 *   (a button the page script reveals: without script it could do nothing), the turn label (`Turn 3`; its
 *   compact `#3` in `data-n` for narrow layouts) and the kind tag;
 * - the content cell is a fold: its summary is what the row says (a tool: its name in monospace, its
 *   arguments, then `→` and the result, red when it failed), its body the details of the record and, on a
 *   marker row, of its request (./InspectorBody), and the way back to the record's Chat row.
 * The row's `id` is `rec-N`; `data-k` its kind, `data-r` its request (the page script counts a folded turn's
 * steps by it). A row's accessible name is set by the page script from its parts (`Request 1, ASSISTANT,
 * …`, §9) — written here it would repeat every row's text on the page; a request-only row, which has no
 * parts to read, carries its name.
 */
import type { LedgerRow, LedgerSection as Section } from '../../src/trajectory-view/types'
import { InspectorBody, LinkView } from './InspectorBody'
import styles from './Trajectory.module.css'

function Content({ row }: { row: LedgerRow }) {
  const c = row.content
  const head =
    c.kind === 'tool' ? (
      <span data-p={c.program ? '' : undefined}>
        <code>{c.name}</code>
        {/* A call's arguments (or its program's description) are the log's text: code, in the row's font. */}
        {c.text !== '' && ' '}
        {c.text !== '' && <code data-a="">{c.text}</code>}
      </span>
    ) : c.kind === 'empty' ? null : (
      <span data-t={c.kind === 'muted' ? 'm' : undefined}>{c.text}</span>
    )
  const result = row.result
  return (
    <>
      {head}
      {result !== null && (
        <span data-t={result.tone === 'error' ? 'e' : result.tone === 'muted' ? 'm' : undefined}>
          {result.verbatim ? <code data-a="">{result.text}</code> : result.text}
        </span>
      )}
    </>
  )
}

export function Row({ row }: { row: LedgerRow }) {
  const marker = row.marker
  const label = row.turnLabel
  return (
    <tr
      id={row.id}
      data-k={row.kind}
      data-r={row.request ?? undefined}
      data-s={row.status === 'complete' ? undefined : row.status}
      tabIndex={row.inert ? -1 : 0}
      aria-label={row.requestOnly ? row.aria : undefined}
      data-ro={row.requestOnly ? '' : undefined}
    >
      <td id={marker?.id}>
        {marker !== null && <button type="button" hidden aria-label={marker.label} aria-pressed="false" data-q={marker.status} />}
        {label !== null && <b data-n={label.turn === null ? undefined : label.compact}>{label.text}</b>}
        {row.tag !== '' && <span>{row.tag}</span>}
      </td>
      <td>
        <details>
          <summary>
            <Content row={row} />
          </summary>
          {row.inspectors.map((inspector) => (
            <InspectorBody key={inspector.of} inspector={inspector} />
          ))}
          {row.chat !== null && (
            <p className={styles.chat}>
              <LinkView link={row.chat} />
            </p>
          )}
        </details>
      </td>
    </tr>
  )
}

export function LedgerSection({ section }: { section: Section }) {
  return (
    <tbody id={section.anchor ?? undefined} data-turn={section.turn ?? undefined}>
      {section.rows.map((row) => (
        <Row key={row.id} row={row} />
      ))}
    </tbody>
  )
}
