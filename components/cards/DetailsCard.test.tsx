// @vitest-environment happy-dom
/**
 * DetailsCard (cards-current.md §11.1): the markup the ARIA golden reads — caption text, a list of items
 * (or the empty paragraph), the heading pieces in one line, fields as dt/dd, bullets, code with its label and
 * Copy, open `<details>` groups with a chevron, a path title that copies itself, and the receipt status that
 * the row header hides while open.
 */
import { describe, expect, test } from 'vitest'
import { DetailsCard } from './DetailsCard'
import { RowBodyView } from './RowBodyView'
import { DisclosureRow } from '../primitives/DisclosureRow'
import { mount, textOf } from '../testing/render'
import { EMPTY_ITEM, type DetailsBody } from '../../src/cards/details/types'
import { trustHtml } from '../../src/cards/trusted'

const copy = { label: 'Copy', copiedLabel: 'Copied', text: '{}' }

const BODY: DetailsBody = {
  kind: 'details',
  caption: 'Recorded result',
  items: [
    {
      ...EMPTY_ITEM,
      title: 'Service',
      badge: { text: 'Running', tone: 'info' },
      subtitle: 'agent-1',
      description: 'Inspect services.',
      fields: [{ term: 'Platform', definition: 'host' }],
      bullets: ['one', 'two'],
      groups: [{ label: 'Methods', items: [{ ...EMPTY_ITEM, code: { label: 'json', block: { text: '{}', lang: 'json', html: null }, copy } }] }],
    },
    { ...EMPTY_ITEM, title: 'src/a.ts', location: { path: 'src/a.ts', line: 3, column: 1 }, subtitle: 'Line 3, column 1' },
    { ...EMPTY_ITEM, title: 'hover', markdown: '**bold**', markdownHtml: trustHtml('<p><strong>bold</strong></p>') },
    { ...EMPTY_ITEM, glyph: { kind: 'removed', label: 'Removed' }, title: 'Old', struck: true, statusText: 'Pending' },
  ],
  emptyText: 'No results',
  more: '3 more items available in Inspect',
  trailingGroup: { label: '1 unchanged', items: [{ ...EMPTY_ITEM, glyph: { kind: 'completed', label: 'Completed' }, title: 'Kept' }] },
}

describe('DetailsCard', () => {
  test('anatomy: caption, list, heading line, subtitle, description, fields, bullets, code, groups, notes', () => {
    const root = mount(<DetailsCard body={BODY} />)
    const card = root.querySelector('[data-detail-card]')
    expect(card?.firstElementChild?.tagName).toBe('DIV')
    expect(textOf(card?.firstElementChild ?? null)).toBe('Recorded result')
    const items = card?.querySelectorAll(':scope > ul > li') ?? []
    expect(items).toHaveLength(4)
    const first = items[0]
    expect(first?.textContent?.startsWith('Service Runningagent-1')).toBe(true)
    expect(first?.querySelector(':scope > p')?.textContent).toBe('Inspect services.')
    expect([...(first?.querySelectorAll(':scope > dl dt, :scope > dl dd') ?? [])].map((e) => `${e.tagName}:${e.textContent}`)).toEqual(['DT:Platform', 'DD:host'])
    expect([...(first?.querySelectorAll(':scope > ul > li') ?? [])].map((e) => e.textContent)).toEqual(['one', 'two'])
    const group = first?.querySelector(':scope > details')
    expect(group?.hasAttribute('open')).toBe(true)
    expect(group?.querySelector('summary svg')).not.toBeNull()
    expect(group?.querySelector('summary')?.textContent?.trim()).toBe('Methods')
    const code = group?.querySelector('ul > li')
    expect(code?.textContent?.startsWith('json')).toBe(true)
    expect(code?.querySelector('button[data-copy]')?.getAttribute('data-copy-text')).toBe('{}')
    expect(code?.querySelector('pre code')?.textContent).toBe('{}')
    // A located title is a copy-path chip (a button once enhanced).
    expect(items[1]?.querySelector('[data-copy-path]')?.getAttribute('data-copy-path')).toBe('src/a.ts')
    expect(items[2]?.querySelector('strong')?.textContent).toBe('bold')
    expect(items[3]?.textContent).toBe('− Old Pending')
    expect(card?.querySelector(':scope > p')?.textContent).toBe('3 more items available in Inspect')
    const trailing = card?.querySelector(':scope > details')
    expect(trailing?.querySelector('summary')?.textContent?.trim()).toBe('1 unchanged')
    expect(trailing?.querySelector('li svg')).not.toBeNull()
  })

  test('an empty card is the empty paragraph, and RowBodyView draws the details kind', () => {
    const root = mount(<RowBodyView body={{ ...BODY, items: [], more: null, trailingGroup: null }} place="chat" />)
    expect(root.querySelector('[data-detail-card] ul')).toBeNull()
    expect(root.querySelector('[data-detail-card] > p')?.textContent).toBe('No results')
  })

  test('markdown without the site rendering is text', () => {
    const root = mount(<DetailsCard body={{ ...BODY, items: [{ ...EMPTY_ITEM, markdown: '**x**' }] }} />)
    expect(root.querySelector('li')?.textContent).toBe('**x**')
    expect(root.querySelector('strong')).toBeNull()
  })

  test('a receipt status sits in the header as a closed-only part', () => {
    const root = mount(<DisclosureRow variant="others" icon="sparkle" title="Send message" summary="agent-1" closedStatus="Message delivered" body={<p>b</p>} />)
    const status = root.querySelector('summary [data-closed-only]')
    expect(status?.textContent).toBe('· Message delivered')
    expect(textOf(root.querySelector('summary'))).toContain('agent-1 · Message delivered')
  })
})
