// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { UserMessage } from './UserMessage'
import { ContextInjectionRow } from './ContextInjectionRow'
import { ThinkRow } from './ThinkRow'
import { AssistantMarkdown } from './AssistantMarkdown'
import { ImageGroup } from './ImageGroup'
import { UnknownBlock } from './UnknownBlock'
import { StoppedMarker } from './StoppedMarker'
import { AttemptRow } from './AttemptRow'
import { CommandRow } from './CommandRow'
import { CompactionMarker } from './CompactionMarker'
import { ReplacementMarker } from './ReplacementMarker'
import { RetryRow } from './RetryRow'
import { TurnTail } from './TurnTail'
import { RawEventRow } from './RawEventRow'
import { InvalidLineRow } from './InvalidLineRow'
import { SystemPromptRow } from './SystemPromptRow'
import { mount, nameOf, rowBody, textOf, withScript } from '../testing/render'
import { userRow } from '../testing/builders'
import { trustHtml } from '../../src/cards/trusted'
import rowStyles from '../primitives/DisclosureRow.module.css'
import type { DeliverableChip } from '../../src/cards/types'

const chip = (path: string): DeliverableChip => ({ label: path.split('/').pop() ?? path, path, aria: `Open ${path}` })

describe('UserMessage', () => {
  test('text and time read as one text, then an icon Copy button targeting the text', () => {
    const root = withScript(mount(<UserMessage row={userRow()} />))
    const row = root.querySelector('[id="user:m1"]')
    // Only a steering message is marked (issue 14: the plain user message is nearly every one).
    expect(row?.hasAttribute('data-role')).toBe(false)
    expect(textOf(row)).toBe('Run two shell commands. 2026-08-23 01:38:00 UTC')
    expect(row?.querySelector('time')).toBeNull()
    const copy = row?.querySelector('button[data-copy]')
    expect(copy?.getAttribute('aria-label')).toBe('Copy')
    // It copies the text above its meta line by place (no id on the text).
    expect(copy?.getAttribute('data-copy')).toBe('-')
    expect(row?.querySelectorAll('[id]')).toHaveLength(0)
    expect(copy?.querySelectorAll('svg')).toHaveLength(1)
  })

  test('keeps line breaks as text, steering role, images, no time', () => {
    const root = mount(
      <UserMessage row={userRow({ text: 'a\nb', role: 'steering', time: null, images: [{ attachmentId: 'att1', mediaType: 'image/png', width: 10, height: 20, name: 'shot.png', alt: 'shot.png' }] })} />,
    )
    expect(root.querySelector('[data-role] > :first-child > :first-child')?.textContent).toBe('a\nb')
    expect(root.querySelector('[data-role="steering"]')).not.toBeNull()
    expect(textOf(root)).not.toContain('UTC')
    expect(root.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('shot.png')
  })
})

describe('assistant blocks', () => {
  test('Think row: button named Think + summary, full text inside; Running hidden inside while streaming', () => {
    const root = mount(<ThinkRow row={{ kind: 'think', key: 's:1:0', title: 'Think', summary: 'Load the requested skill.', text: 'Load the requested skill.\nThen reply.', running: false, hiddenStatus: null }} />)
    expect(nameOf(root.querySelector('summary'))).toBe('Think Load the requested skill.')
    expect(root.querySelectorAll('summary svg')).toHaveLength(2)
    expect(rowBody(root)?.textContent).toBe('Load the requested skill.\nThen reply.')
    const running = mount(<ThinkRow row={{ kind: 'think', key: 'k', title: 'Think', summary: 'x', text: 'x', running: true, hiddenStatus: 'Running' }} />)
    expect(nameOf(running.querySelector('summary'))).toBe('Running Think x')
  })

  test('Markdown: sanitized html when present, else the source as text', () => {
    const html = mount(<AssistantMarkdown row={{ kind: 'markdown', key: 'm', text: 'DONE', html: trustHtml('<p>DONE</p>') }} />)
    expect(html.querySelector('[id="m"] p')?.textContent).toBe('DONE')
    const plain = mount(<AssistantMarkdown row={{ kind: 'markdown', key: 'm', text: '**<b>hi</b>**', html: null }} />)
    expect(plain.querySelector('b')).toBeNull()
    expect(textOf(plain)).toBe('**<b>hi</b>**')
  })

  test('image placeholders name each image and show its size', () => {
    const root = mount(<ImageGroup id="g" images={[{ attachmentId: null, mediaType: 'image/png', width: 640, height: 480, name: null, alt: 'image/png' }]} />)
    const img = root.querySelector('[role="img"]')
    expect(img?.getAttribute('aria-label')).toBe('image/png')
    expect(textOf(img)).toBe('image/png 640×480')
    expect(root.querySelector('img')).toBeNull()
  })

  test('unknown block: label and JSON; stopped marker; attempt row holds the streamed blocks', () => {
    expect(textOf(mount(<UnknownBlock row={{ kind: 'unknown-block', key: 'u', label: 'Unknown content block', json: '{\n  "type": "x"\n}' }} />))).toBe('Unknown content block { "type": "x" }')
    expect(textOf(mount(<StoppedMarker row={{ kind: 'stopped', key: 's', label: 'Stopped' }} />))).toBe('Stopped')
    const attempt = mount(
      <AttemptRow row={{ kind: 'attempt', key: 'a', label: 'Attempt failed', detail: 'overloaded: try later', blocks: [{ kind: 'markdown', key: 'a:0', text: 'partial', html: null }] }} />,
    )
    expect(nameOf(attempt.querySelector('summary'))).toBe('Attempt failed overloaded: try later')
    expect(attempt.querySelector('[id="a:0"]')?.textContent).toBe('partial')
  })
})

describe('context, system and status rows', () => {
  test('context injection: label and producer name the button; notice is a third segment; text inside', () => {
    const root = mount(<ContextInjectionRow row={{ kind: 'context', key: 'c', label: 'Context injection', producer: '@deepseek-ai/dsh-system-prompt', notice: null, text: 'You are…' }} />)
    expect(nameOf(root.querySelector('summary'))).toBe('Context injection @deepseek-ai/dsh-system-prompt')
    expect(root.querySelectorAll('summary svg')).toHaveLength(2)
    expect(root.querySelector('details pre')?.textContent).toBe('You are…')
    const notice = mount(<ContextInjectionRow row={{ kind: 'context', key: 'c', label: 'Context injection', producer: 'subagent-settled', notice: 'Background subagent finished', text: '' }} />)
    expect(nameOf(notice.querySelector('summary'))).toBe('Context injection subagent-settled Background subagent finished')
  })

  test('system prompt, command, compaction, replacement, retry', () => {
    expect(nameOf(mount(<SystemPromptRow row={{ kind: 'system', key: 'y', label: 'System prompt', text: 'sys' }} />).querySelector('summary'))).toBe('System prompt')
    const command = mount(<CommandRow row={{ kind: 'command', key: 'cmd', text: '/compact now', status: 'error', output: 'failed' }} />)
    expect(command.querySelector('[data-state="error"]')).not.toBeNull()
    expect(nameOf(command.querySelector('summary'))).toBe('/compact now')
    expect(command.querySelector('details pre')?.textContent).toBe('failed')
    expect(mount(<CommandRow row={{ kind: 'command', key: 'c', text: '/help', status: 'success', output: null }} />).querySelector('details')).toBeNull()
    const compaction = mount(<CompactionMarker row={{ kind: 'compaction', key: 'k', label: 'Compaction failed', summary: null, status: 'failed', detail: 'too long' }} />)
    expect(textOf(compaction)).toBe('Compaction failed too long')
    expect(compaction.querySelector('[data-state="error"]')).not.toBeNull()
    const done = mount(<CompactionMarker row={{ kind: 'compaction', key: 'k', label: 'Compacted', summary: 'We did X.', status: 'done', detail: null }} />)
    expect(rowBody(done)?.textContent).toBe('We did X.')
    expect(textOf(mount(<ReplacementMarker row={{ kind: 'replacement', key: 'r', label: 'Context replaced' }} />))).toBe('Context replaced')
    expect(textOf(mount(<RetryRow row={{ kind: 'retry', key: 'r', label: 'Retry 1/3', detail: 'overloaded · in 2.0s' }} />))).toBe('Retry 1/3 overloaded · in 2.0s')
  })

  test('turn tail: chips with full paths, overflow opens the rest, error, timing in golden order', () => {
    const root = mount(
      <TurnTail
        row={{
          kind: 'turn-tail', key: 't', turn: 1, error: 'max_tokens: cut off',
          timing: { time: { iso: '2026-08-23T01:38:00.000Z', label: '2026-08-23 01:38:00 UTC' }, ranFor: 'Ran for 12.3s', ttft: 'TTFT 850ms', throughput: '42.1 tok/s' },
          deliverables: { label: 'Produced', chips: [chip('/w/src/a.ts'), chip('/w/b.md')], overflow: '+ 1 file', hidden: [chip('/w/c.txt')] },
        }}
      />,
    )
    const chips = root.querySelectorAll('[data-copy-path]')
    expect([...chips].map((c) => `${c.textContent}=${c.getAttribute('title')}`)).toEqual(['a.ts=/w/src/a.ts', 'b.md=/w/b.md', 'c.txt=/w/c.txt'])
    expect(root.querySelector('details [data-copy-path]')?.textContent).toBe('c.txt')
    expect(textOf(root.querySelector('details > summary'))).toBe('+ 1 file')
    expect(textOf(root)).toBe('Produced a.ts b.md + 1 file c.txt max_tokens: cut off 2026-08-23 01:38:00 UTC Ran for 12.3s TTFT 850ms 42.1 tok/s')
    const bare = mount(<TurnTail row={{ kind: 'turn-tail', key: 't', turn: 2, error: null, timing: { time: null, ranFor: 'Ran for 1s', ttft: null, throughput: null }, deliverables: null }} />)
    expect(textOf(bare)).toBe('Ran for 1s')
  })

  test('raw event and invalid line keep the payload and the line number', () => {
    const raw = mount(<RawEventRow row={{ kind: 'raw-event', key: 'raw:7', type: 'goal/updated', seq: 12, line: 7, reason: 'unknown event type', json: '{\n  "a": 1\n}' }} />)
    expect(nameOf(raw.querySelector('summary'))).toBe('goal/updated unknown event type')
    expect(raw.querySelector('[data-line-number="7"]')?.getAttribute('data-seq')).toBe('12')
    expect(textOf(rowBody(raw))).toBe('7 { "a": 1 }')
    const untyped = mount(<RawEventRow row={{ kind: 'raw-event', key: 'raw:8', type: null, seq: null, line: 8, reason: 'event could not be placed', json: '{}' }} />)
    expect(nameOf(untyped.querySelector('summary'))).toBe('event could not be placed')
    const invalid = mount(<InvalidLineRow row={{ kind: 'invalid-line', key: 'bad:3', line: 3, reason: 'JSON parse error: Unexpected token', text: '{"type":' }} />)
    expect(invalid.querySelector('[data-state="error"] [data-dot="red"]')).not.toBeNull()
    expect(nameOf(invalid.querySelector('summary'))).toBe('JSON parse error: Unexpected token')
    expect(textOf(rowBody(invalid))).toBe('3 {"type":')
  })

  test('labelled rows: Unknown event / Unreadable line name the row, reason and type follow; commands say their status', () => {
    // Log text in the title shrinks with an ellipsis instead of widening the row.
    const shrinking = (root: Element) => [...root.querySelectorAll('summary span')].find((el) => el.classList.contains(rowStyles.titleShrinks ?? ''))?.textContent
    const raw = mount(<RawEventRow row={{ kind: 'raw-event', key: 'raw:7', type: 'goal/updated', seq: 12, line: 7, reason: 'unknown event type', json: '{}', label: 'Unknown event', lineLabel: 'line 7' }} />)
    expect(nameOf(raw.querySelector('summary'))).toBe('Unknown event goal/updated unknown event type')
    expect(textOf(rowBody(raw))).toBe('line 7 {}')
    expect(shrinking(raw)).toBe('Unknown event')
    const untyped = mount(<RawEventRow row={{ kind: 'raw-event', key: 'raw:8', type: null, seq: null, line: 8, reason: 'could not be placed', json: '{}', label: 'Unknown event' }} />)
    expect(nameOf(untyped.querySelector('summary'))).toBe('Unknown event could not be placed')
    const invalid = mount(<InvalidLineRow row={{ kind: 'invalid-line', key: 'bad:3', line: 3, reason: 'bad JSON', text: '{', label: 'Unreadable line', lineLabel: 'line 3' }} />)
    expect(nameOf(invalid.querySelector('summary'))).toBe('Unreadable line bad JSON')
    expect(shrinking(invalid)).toBe('Unreadable line')
    const failed = mount(<CommandRow row={{ kind: 'command', key: 'c', text: '/deploy', status: 'error', statusLabel: 'Failed', output: 'no' }} />)
    expect(nameOf(failed.querySelector('summary'))).toBe('/deploy Failed')
    expect(shrinking(failed)).toBe('/deploy')
    const running = mount(<CommandRow row={{ kind: 'command', key: 'r', text: '/compact', status: 'running', statusLabel: 'Running', output: null }} />)
    expect(textOf(running)).toBe('/compact Running')
  })
})
