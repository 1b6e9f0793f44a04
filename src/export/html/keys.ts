/**
 * Unique ids in a file that holds several sessions. Every id a transcript carries (turn sections, rows, the
 * parts of a card, React's generated ids) derives from a view-model key, and a child session repeats its
 * parent's keys: a fork or subagent starts from a copy of the parent's history, with the same seqs and call
 * ids. So a child's keys get its stem as a prefix (`<stem>/tool:call_1`) before rendering; the root keeps
 * its keys, so `export.html#tool:call_1` finds the row `sessions/<stem>.html#tool:call_1` finds on the site.
 * Copies only: the view model is not mutated.
 */
import type { PageRow, PageSection, PageViewModel, ToolRowModel } from '../../cards/types'

function tool(row: ToolRowModel, prefix: string): ToolRowModel {
  return { ...row, key: prefix + row.key, children: row.children.map(c => tool(c, prefix)) }
}

function row(r: PageRow, prefix: string): PageRow {
  switch (r.kind) {
    case 'tool':
      return tool(r, prefix)
    case 'attempt':
      return { ...r, key: prefix + r.key, blocks: r.blocks.map(b => ({ ...b, key: prefix + b.key })) }
    default:
      return { ...r, key: prefix + r.key }
  }
}

export function prefixKeys(view: PageViewModel, prefix: string): PageViewModel {
  if (prefix === '') return view
  const section = (s: PageSection): PageSection => ({ ...s, key: prefix + s.key, ...(s.anchor == null ? {} : { anchor: prefix + s.anchor }), rows: s.rows.map(r => row(r, prefix)) })
  return { ...view, sections: view.sections.map(section) }
}
