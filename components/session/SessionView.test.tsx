// @vitest-environment happy-dom
import { expect, test } from 'vitest'
import { SessionView } from './SessionView'
import { mount } from '../testing/render'
import { abortedBashRow, section, toolRow, userRow } from '../testing/builders'
import type { PageRow } from '../../src/cards/types'

/** One row of every kind, so a new kind without a component fails the typecheck and this test. */
const everyKind: PageRow[] = [
  userRow(),
  { kind: 'context', key: 'ctx', label: 'Context injection', producer: 'skill-catalog', notice: null, text: 't' },
  { kind: 'system', key: 'sys', label: 'System prompt', text: 's' },
  { kind: 'think', key: 'th', title: 'Think', summary: 's', text: 's', running: false, hiddenStatus: null },
  { kind: 'markdown', key: 'md', text: 'DONE', html: null },
  { kind: 'images', key: 'img', images: [] },
  { kind: 'unknown-block', key: 'ub', label: 'Unknown content block', json: '{}' },
  { kind: 'stopped', key: 'st', label: 'Stopped' },
  { kind: 'attempt', key: 'at', label: 'Attempt failed', detail: null, blocks: [] },
  abortedBashRow(),
  { kind: 'command', key: 'cmd', text: '/help', status: 'success', output: null },
  { kind: 'compaction', key: 'cmp', label: 'Compacted', summary: null, status: 'done', detail: null },
  { kind: 'replacement', key: 'rep', label: 'Replaced' },
  { kind: 'retry', key: 'rt', label: 'Retry 1/3', detail: null },
  { kind: 'turn-tail', key: 'tail', turn: 1, timing: null, error: 'e', deliverables: null },
  { kind: 'raw-event', key: 'raw', type: 'x/y', seq: 1, line: 2, reason: 'unknown event type', json: '{}' },
  { kind: 'invalid-line', key: 'bad', line: 3, reason: 'bad json', text: '{' },
]

test('a named transcript landmark; every row of every kind has its key as id, in order', () => {
  const root = mount(<SessionView label="Transcript" sections={[section(everyKind)]} />)
  const transcript = root.querySelector('section[aria-label="Transcript"]')
  expect(transcript).not.toBeNull()
  const ids = everyKind.map((row) => row.key)
  const found = [...(transcript?.querySelectorAll('[id]') ?? [])].map((el) => el.id).filter((id) => ids.includes(id))
  expect(found).toEqual(ids)
})

test('sections carry their key and heading (the turn number is the heading id, no data-turn); inherited sections are marked; between-turn sections have no heading', () => {
  const root = mount(
    <SessionView
      label="Transcript"
      sections={[
        section([userRow({ key: 'user:a' })], { key: 'pre', turn: null, label: null }),
        section([toolRow()], { key: 'turn:1', turn: 1, label: 'Turn 1', inherited: true }),
      ]}
    />,
  )
  const sections = root.querySelectorAll('[data-transcript] > div')
  expect([...sections].map((s) => s.id)).toEqual(['pre', 'turn:1'])
  expect(sections[0]?.querySelector('h2')).toBeNull()
  expect(sections[1]?.querySelector('h2')?.textContent).toBe('Turn 1')
  expect(sections[1]?.hasAttribute('data-turn')).toBe(false)
  expect(sections[1]?.hasAttribute('data-inherited')).toBe(true)
})

test('element ids are unique across a page with two tool rows and Inspect full', () => {
  const root = mount(
    <SessionView label="Transcript" inspect="full" sections={[section([abortedBashRow(), abortedBashRow({ key: 'tool:call_2', callId: 'call_2' })])]} />,
  )
  const ids = [...root.querySelectorAll('[id]')].map((el) => el.id)
  expect(new Set(ids).size).toBe(ids.length)
})

test('afterRow draws its node right after that row and nowhere else; bare drops only the landmark', () => {
  const rows = [userRow(), abortedBashRow()]
  const after = (row: PageRow) => (row.kind === 'tool' ? <p data-after="">links of {row.key}</p> : null)
  const root = mount(<SessionView label="T" sections={[section(rows)]} afterRow={after} />)
  const added = root.querySelectorAll('[data-after]')
  expect(added).toHaveLength(1)
  const tool = rows[1]
  // A tool row without sub-calls is drawn bare (ToolCallTree), so the node follows the row itself.
  expect(added[0]?.previousElementSibling?.id).toBe(tool?.key)
  const bare = mount(<SessionView label="T" sections={[section(rows)]} afterRow={after} bare />)
  expect(bare.querySelector('section')).toBeNull()
  expect(bare.querySelectorAll('[data-after]')).toHaveLength(1)
})
