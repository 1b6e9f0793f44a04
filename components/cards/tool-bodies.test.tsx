// @vitest-environment happy-dom
/** Markup of the newer tool-row bodies and the delivered-file block (cards-current.md §8.3, §10, §11.8, §11.9). */
import { describe, expect, test } from 'vitest'
import { ToolRow } from '../rows/ToolRow'
import { TurnTail } from '../messages/TurnTail'
import { mount, nameOf, rowBody, textOf, withScript } from '../testing/render'
import { toolRowModel } from '../../src/cards/tool-row'
import { deliveredModel } from '../../src/cards/delivered'
import { CTX, call, settle, text } from '../../src/cards/testing'
import type { TurnTailRow } from '../../src/cards/types'

describe('to-do diff body', () => {
  const before = [{ content: 'Render', status: 'in_progress' }, { content: 'Review', status: 'pending' }, { content: 'Keep', status: 'completed' }]
  const after = [{ content: 'Render', status: 'completed' }, { content: 'Publish', status: 'pending' }, { content: 'Keep', status: 'completed' }]
  const row = toolRowModel(settle({ ...call('todo_write', { todos: after }), seq: 20 }, 'ok'), { ...CTX, todoWrites: [{ seq: 5, todos: before }] })
  test('header name with the diff suffix; caption, items, struck removal, the arrow hidden, the unchanged group', () => {
    const root = mount(<ToolRow row={row} />)
    expect(nameOf(root.querySelector('summary'))).toBe('Update to-do list 2/3 completed 1 added · 1 updated · 1 removed')
    const body = rowBody(root)
    expect(textOf(body)).toContain('Changes since the previous list')
    const items = [...(body?.querySelectorAll(':scope ul > li') ?? [])].map((li) => nameOf(li))
    expect(items.slice(0, 3)).toEqual(['Render In progressCompleted', '+ Publish Pending', '− Review Pending'])
    expect(textOf(body)).toContain('In progress → Completed')
    expect(textOf(body)).toContain('1 unchanged')
  })
})

describe('present row', () => {
  const args = { files: [{ path: 'out/a.txt' }] }
  test('detail text in a pre, then an `Inspect call` text button; no hidden state text', () => {
    const root = mount(<ToolRow row={toolRowModel(settle(call('present', args), 'Delivered 1 file'), CTX)} />)
    expect(nameOf(root.querySelector('summary'))).toBe('Present files Delivered out/a.txt')
    const body = rowBody(root)
    expect(body?.querySelector('pre')?.textContent).toBe('Delivered 1 file')
    const control = body?.querySelector(':scope > details > summary')
    expect(textOf(control ?? null)).toBe('Inspect call')
    expect(textOf(root)).not.toContain('Inspect Delivered')
  })
  test('failed: no `Failed` text before the row', () => {
    const failed = toolRowModel(settle(call('present', args), { content: [text('Error: nope')], isError: true }), CTX)
    const root = mount(<ToolRow row={failed} />)
    expect(nameOf(root).startsWith('Present files Delivery failed out/a.txt')).toBe(true)
  })
  test('no detail text: a plain header, no Inspect control at all', () => {
    const root = mount(<ToolRow row={toolRowModel(settle(call('present', args), { content: [] }), CTX)} />)
    expect(root.querySelector('summary')).toBeNull()
    expect(nameOf(root)).toBe('Present files Delivered out/a.txt')
  })
})

describe('image and question cards', () => {
  test('read_image: label, the image placeholder, the envelope', () => {
    const node = settle(call('read_image', { file_path: '/home/dev/project/red.png' }), {
      content: [text('<path>red.png</path>'), { type: 'image', attachment: { attachmentId: 'sha256:1', mediaType: 'image/png', name: 'red.png', width: 1, height: 1 } }],
    })
    const root = mount(<ToolRow row={toolRowModel(node, CTX)} />)
    const card = root.querySelector('[data-image-card]')
    expect(card?.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('red.png')
    expect(textOf(card)).toBe('red.png red.png 1×1 <path>red.png</path>')
  })
  test('ask: questions with answers or Not answered', () => {
    const node = settle(call('ask_user_question', { questions: [{ id: 'a', header: 'Deploy', question: 'CUDA?' }, { id: 'b', question: 'Region?' }] }),
      JSON.stringify({ answers: [{ id: 'a', selected: ['Yes'] }, { id: 'b' }] }))
    const root = mount(<ToolRow row={toolRowModel(node, CTX)} />)
    expect(textOf(root.querySelector('[data-question-card]'))).toBe('Deploy CUDA? Yes Region? Not answered')
  })
})

describe('delivered-file block in the turn tail', () => {
  const files = ['a.txt', 'b.md', 'c.svg', 'd', 'e.txt'].map((n) => ({ path: `/ws/out/${n}`, description: n === 'b.md' ? 'Notes (draft)' : null }))
  const row: TurnTailRow = {
    kind: 'turn-tail', key: 't', turn: 1, error: null, timing: null,
    deliverables: { label: 'Produced', chips: [{ label: 'p.ts', path: '/ws/p.ts', aria: 'Open /ws/p.ts' }], overflow: null, hidden: [] },
    delivered: deliveredModel('t', files, 'en'),
  }
  test('cards for the new modes (data-m="n"), chips for classic (data-m="c")', () => {
    const root = mount(<TurnTail row={row} />)
    const block = root.querySelector('[data-delivered]')
    expect(block?.getAttribute('data-m')).toBe('n')
    expect(root.querySelector('[data-deliverables]')?.getAttribute('data-m')).toBe('c')
    const visible = [...(block?.querySelectorAll(':scope > ul > li') ?? [])].map((li) => textOf(li))
    expect(visible).toEqual(['a.txt TXT', 'b.md Notes', 'c.svg SVG', 'd File'])
    // One text per card, as dsh writes it (no control inside); the full path as its title, an id a mention leads to.
    const first = block?.querySelector(':scope > ul > li')
    expect([first?.id, first?.querySelector('[title]')?.getAttribute('title'), first?.querySelector('[data-copy-path], [role]')]).toEqual(['t:file-1', '/ws/out/a.txt', null])
  })
  test('the fifth card sits behind a toggle named `Show all 5 delivered files`', () => {
    const root = withScript(mount(<TurnTail row={row} />))
    const toggle = root.querySelector('[data-delivered] details > summary')
    expect(toggle?.getAttribute('role')).toBe('button')
    expect(nameOf(toggle?.querySelector('span') ?? null)).toBe('Show all 5 delivered files')
    expect(textOf(toggle?.querySelector('[aria-hidden="true"]') ?? null)).toBe('All 5 files')
    expect(textOf(root.querySelector('[data-delivered] details > ul'))).toBe('e.txt TXT')
  })
  test('no card claims a sidebar preview (a static page has none)', () => {
    const root = mount(<TurnTail row={row} />)
    expect(textOf(root)).not.toContain('sidebar')
    expect(root.querySelector('[aria-label*="sidebar"]')).toBeNull()
  })
})
