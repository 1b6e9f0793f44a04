// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { ToolCallTree, ToolRow } from './ToolRow'
import { mount, nameOf, rowBody, textOf, withScript } from '../testing/render'
import { abortedBashRow, readCard, skillBody, terminalCard, toolDetails, toolRow } from '../testing/builders'

/** The Inspect panel: its `<details>`' children after the pill (its only hook on the page is the details' module class). */
const panelOf = (root: Element) => rowBody(root.querySelector('[data-variant] > details > details, [data-variant] > div > details'))

describe('ToolRow', () => {
  test('aborted BashRow: status inside the button name, IN/OUT body, Inspect pill inside the body', () => {
    const root = withScript(mount(<ToolRow row={abortedBashRow()} />))
    const row = root.querySelector('[id="tool:call_wait"]')
    expect(row?.getAttribute('data-variant')).toBe('bash')
    expect(row?.getAttribute('data-state')).toBe('error')
    const header = row?.querySelector(':scope > details > summary') ?? null
    expect(header?.getAttribute('role')).toBe('button')
    expect(nameOf(header)).toBe('Failed Bash Error: tool call aborted')
    const body = rowBody(row?.querySelector(':scope > details') ?? null)
    expect(textOf(body?.querySelector('[data-io]') ?? null)).toMatch(/^IN \{ .* \} OUT Error: tool call aborted$/)
    const pill = body?.querySelector(':scope > details > summary')
    expect(pill?.getAttribute('role')).toBe('button')
    expect(textOf(pill ?? null)).toBe('Inspect')
  })

  test('ToolRow status (Generic, Read…) is a separate text before the header', () => {
    const row = toolRow({
      tool: 'read', variant: 'read', icon: 'browse', title: 'Read', state: 'error', modelState: 'error', dot: 'red',
      summary: 'Error: cannot read "/w/missing.txt": not found', summaryStyle: 'failure', hiddenStatus: 'Failed',
      expandable: true, body: { kind: 'io', program: null, input: null, output: 'Error: cannot read', outputIsError: true, inLabel: 'IN', outLabel: 'OUT' },
    })
    const root = mount(<ToolRow row={row} />)
    const rowEl = root.querySelector('[data-variant="read"]')
    expect(rowEl?.firstElementChild?.textContent).toBe('Failed')
    expect(nameOf(rowEl?.querySelector('summary') ?? null)).toBe('Read Error: cannot read "/w/missing.txt": not found')
  })

  test('ReadRow with a file link and a read card', () => {
    const row = toolRow({
      tool: 'read', variant: 'read', icon: 'browse', title: 'Read', summary: 'a.txt', summaryStyle: 'file-link',
      filePath: '/home/dev/project/a.txt', expandable: true, body: readCard(), details: toolDetails({ header: 'read', output: { kind: 'card' } }),
    })
    const root = mount(<ToolRow row={row} />)
    const summary = root.querySelector('summary')
    expect(nameOf(summary)).toBe('Read a.txt')
    expect(summary?.querySelector('[data-copy-path]')?.getAttribute('data-copy-path')).toBe('/home/dev/project/a.txt')
    expect(root.querySelectorAll('[data-read]')).toHaveLength(1)
  })

  test('Inspect modes: compact omits a card already in the body, full repeats it with the Details window, none drops it', () => {
    const row = toolRow({
      tool: 'pwsh', variant: 'bash', icon: 'api', title: 'Pwsh', summary: 'Fail deliberately', state: 'error', dot: 'red',
      hiddenStatus: 'Failed', expandable: true, body: terminalCard(),
      details: toolDetails({ header: 'pwsh', output: { kind: 'card' } }),
    })
    const compact = mount(<ToolRow row={row} />)
    expect(compact.querySelectorAll('[data-terminal]')).toHaveLength(1)
    expect(textOf(panelOf(compact))).toBe('pwsh Input { "command": "ls" }')
    const full = mount(<ToolRow row={row} inspect="full" />)
    expect(full.querySelectorAll('[data-terminal]')).toHaveLength(2)
    // Two renderings of one card never share an element id.
    const ids = [...full.querySelectorAll('[id]')].map((el) => el.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(textOf(panelOf(full))).toContain('Output Fail deliberately Failed ws')
    const none = mount(<ToolRow row={row} inspect="none" />)
    expect(panelOf(none)).toBeNull()
  })

  test('Details output: running text, raw error pre', () => {
    const running = toolRow({ state: 'running', hiddenStatus: 'Running', expandable: true, body: { kind: 'io', program: null, input: '{}', output: null, outputIsError: false, inLabel: 'IN', outLabel: 'OUT' }, details: toolDetails({ output: { kind: 'running', text: 'Running…' } }) })
    expect(textOf(panelOf(mount(<ToolRow row={running} />)))).toBe('bash Input { "command": "ls" } Output Running…')
    // A raw result that is exactly the body's OUT text: compact leaves the repeat out, full shows it.
    const aborted = abortedBashRow()
    expect(aborted.body?.kind === 'io' && aborted.body.output).toBe('Error: tool call aborted')
    expect(textOf(panelOf(mount(<ToolRow row={aborted} />)))).toBe('bash Input { "command": "ls" }')
    expect(textOf(panelOf(mount(<ToolRow row={aborted} inspect="full" />)))).toBe('bash Input { "command": "ls" } Output Error: tool call aborted')
    // A raw result the body does not show word for word stays in compact Details.
    const other = { ...aborted, details: toolDetails({ output: { kind: 'raw', text: 'Error: tool call aborted (full)', isError: true } }) }
    expect(textOf(panelOf(mount(<ToolRow row={other} />)))).toBe('bash Input { "command": "ls" } Output Error: tool call aborted (full)')
  })

  test('Details input: compact leaves out arguments the IN card already shows word for word, full repeats them', () => {
    const input = '{\n  "command": "ls"\n}'
    const io = { kind: 'io' as const, program: null, input, output: 'a.txt', outputIsError: false, inLabel: 'IN', outLabel: 'OUT' }
    const row = toolRow({ tool: 'pwsh', title: 'Pwsh', summary: 'ls', expandable: true, body: io, details: toolDetails({ header: 'pwsh', input, output: { kind: 'raw', text: 'a.txt', isError: false } }) })
    expect(textOf(panelOf(mount(<ToolRow row={row} />)))).toBe('pwsh')
    expect(textOf(panelOf(mount(<ToolRow row={row} inspect="full" />)))).toBe('pwsh Input { "command": "ls" } Output a.txt')
    // Other IN text (raw arguments, a program), or no IN: Details keeps its Input.
    const other = { ...row, body: { ...io, input: '{"command":"ls"}' } }
    expect(textOf(panelOf(mount(<ToolRow row={other} />)))).toBe('pwsh Input { "command": "ls" }')
    const noIn = { ...row, body: { ...io, input: null } }
    expect(textOf(panelOf(mount(<ToolRow row={noIn} />)))).toBe('pwsh Input { "command": "ls" }')
  })

  test('a non-expandable row with a raw result keeps it reachable through a trailing Inspect pill', () => {
    const row = toolRow({ tool: 'bash', layout: 'bash', title: 'Bash', summary: 'Start server', hiddenStatusPlacement: 'in-header' })
    const root = mount(<ToolRow row={row} />)
    expect(root.querySelector('[data-tool="bash"] > div')?.getAttribute('role')).toBeNull()
    expect(root.querySelectorAll('summary')).toHaveLength(1)
    expect(textOf(root.querySelector('summary'))).toBe('Inspect')
    const stopped = toolRow({ state: 'stopped', dot: 'amber', hiddenStatus: 'Stopped', details: toolDetails({ output: null }) })
    expect(mount(<ToolRow row={stopped} />).querySelector('summary')).toBeNull()
  })

  test('Skill row: region body and status inside the header', () => {
    const row = toolRow({
      tool: 'skill', layout: 'skill', icon: 'skill', title: 'Skill', summary: 'editing-cordis-compositions',
      hiddenStatusPlacement: 'in-header', expandable: true, body: skillBody(),
    })
    const root = mount(<ToolRow row={row} />)
    expect(nameOf(root.querySelector('summary'))).toBe('Skill editing-cordis-compositions')
    expect(root.querySelector('section[aria-label="Instructions"]')).not.toBeNull()
  })

  test('Todo row: the +k suffix follows the summary', () => {
    const row = toolRow({ tool: 'todo_write', icon: 'checklist', title: 'Update to-do list', summary: '1/4 completed · 实现 fixture 样本', summarySuffix: '+1' })
    expect(nameOf(mount(<ToolRow row={row} />).querySelector('[data-tool="todo_write"] > div'))).toBe('Update to-do list 1/4 completed · 实现 fixture 样本 +1')
  })
})

describe('ToolCallTree', () => {
  test('sub-calls render under the root in an always-visible container, recursively; a row without sub-calls is bare', () => {
    const grandchild = toolRow({ key: 'tool:c:1:1', callId: 'c:1:1', title: 'Read', summary: 'x.txt', depth: 2, details: toolDetails({ output: null }) })
    const child1 = toolRow({ key: 'tool:c:1', callId: 'c:1', title: 'Bash', summary: 'Echo CODE_ROUND_OK', depth: 1, children: [grandchild], details: toolDetails({ output: null }) })
    const child2 = toolRow({ key: 'tool:c:2', callId: 'c:2', title: 'Read', summary: 'Error', state: 'error', dot: 'red', hiddenStatus: 'Failed', depth: 1, details: toolDetails({ output: null }) })
    const root = toolRow({ key: 'tool:c', callId: 'c', title: 'Code', summary: 'Run bash echo', children: [child1, child2], details: toolDetails({ output: null }) })
    const dom = mount(<ToolCallTree row={root} />)
    const sub = dom.querySelector('[data-depth="0"] > [data-subcalls]')
    expect(sub?.closest('details')).toBeNull()
    expect([...(sub?.children ?? [])].map((el) => el.getAttribute('data-depth') ?? el.id)).toEqual(['1', 'tool:c:2'])
    expect(dom.querySelector('[id="tool:c:1:1"]')?.parentElement?.hasAttribute('data-subcalls')).toBe(true)
    expect(dom.querySelector('[id="tool:c:1:1"]')?.closest('[data-subcalls]')?.parentElement?.querySelector('[id="tool:c:1"]')).not.toBeNull()
    expect(textOf(dom)).toBe('Code Run bash echo Bash Echo CODE_ROUND_OK Read x.txt Failed Read Error')
  })
})
