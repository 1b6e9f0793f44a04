/**
 * The visible text of a details card (cards-current.md §11.1) as a flat list, in reading order: caption,
 * then per item its heading pieces, subtitle, description, fields, bullets, Markdown source and code, then its
 * groups' labels and items; the empty text and notes. Iterative (an explicit stack), so even a deep tree
 * costs no call depth. The site search indexes this; the snapshot and page cut walk the same tree.
 */
import type { DetailGroup, DetailItem, DetailsBody } from './types'

export function detailsText(body: DetailsBody): string[] {
  const out: string[] = []
  if (body.caption !== null) out.push(body.caption)
  if (body.items.length === 0 && body.emptyText !== null) out.push(body.emptyText)
  const stack: (DetailItem | DetailGroup)[] = []
  const pushItems = (items: readonly DetailItem[]) => {
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i]
      if (item !== undefined) stack.push(item)
    }
  }
  if (body.trailingGroup !== null) stack.push(body.trailingGroup)
  pushItems(body.items)
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if ('label' in next) {
      out.push(next.label)
      if (next.text != null) out.push(next.text)
      pushItems(next.items)
      continue
    }
    const item = next
    for (const part of [item.glyph?.label ?? null, item.title, item.badge?.text ?? null, item.statusText, item.subtitle, item.description])
      if (part !== null) out.push(part)
    for (const f of item.fields) out.push(f.term, f.definition)
    out.push(...item.bullets)
    if (item.markdown !== null) out.push(item.markdown)
    if (item.code !== null) out.push(item.code.block.text)
    for (let i = item.groups.length - 1; i >= 0; i--) {
      const g = item.groups[i]
      if (g !== undefined) stack.push(g)
    }
  }
  if (body.more !== null) out.push(body.more)
  return out
}
