import { describe, expect, it } from 'vitest'
import { flatten, isBareGroup, parseAria, prune, unwrap, type AriaNode } from './aria-tree'

const shape = (nodes: AriaNode[]): unknown => nodes.map((n) => ({ role: n.role, name: n.name, states: n.states, value: n.value, ...(n.children.length > 0 ? { children: shape(n.children) } : {}) }))

describe('parseAria', () => {
  it.each([
    ['- button "Copy"', { role: 'button', name: 'Copy', states: [], value: null }],
    ['- button "Think The skill is loaded.":', { role: 'button', name: 'Think The skill is loaded.', states: [], value: null }],
    ['- heading "Turn 1" [level=2]', { role: 'heading', name: 'Turn 1', states: ['level=2'], value: null }],
    [`- 'button "Failed Bash Error: tool call aborted" [expanded]':`, { role: 'button', name: 'Failed Bash Error: tool call aborted', states: ['expanded'], value: null }],
    [`- 'button "Access mode, current: Workspace Write"': Workspace Write`, { role: 'button', name: 'Access mode, current: Workspace Write', states: [], value: 'Workspace Write' }],
    ['- text: Failed {{workspace}} Get-Item missing.txt exit code 1', { role: 'text', name: null, states: [], value: 'Failed {{workspace}} Get-Item missing.txt exit code 1' }],
    [`- text: "IN { \\"command\\": \\"a\\\\\\"b\\" } OUT Error: x"`, { role: 'text', name: null, states: [], value: 'IN { "command": "a\\"b" } OUT Error: x' }],
    ['- region "Instructions": "Instructions <skill name=\\"x\\">"', { role: 'region', name: 'Instructions', states: [], value: 'Instructions <skill name="x">' }],
    ['- button "Name with: colon and \\"quotes\\"" [expanded] [pressed]', { role: 'button', name: 'Name with: colon and "quotes"', states: ['expanded', 'pressed'], value: null }],
    ['- /url: https://example.com/a', { role: '/url', name: null, states: [], value: 'https://example.com/a' }],
    ['- paragraph: DONE', { role: 'paragraph', name: null, states: [], value: 'DONE' }],
    ['- img', { role: 'img', name: null, states: [], value: null }],
  ])('%s', (line, expected) => {
    expect(shape(parseAria(line))).toEqual([expected])
  })

  it('nests by indentation and keeps source lines', () => {
    const nodes = parseAria(['- group:', '  - button "A" [expanded]:', '    - img', '  - text: body', '- button "B"'].join('\n'))
    expect(shape(nodes)).toEqual([
      { role: 'group', name: null, states: [], value: null, children: [
        { role: 'button', name: 'A', states: ['expanded'], value: null, children: [{ role: 'img', name: null, states: [], value: null }] },
        { role: 'text', name: null, states: [], value: 'body' },
      ] },
      { role: 'button', name: 'B', states: [], value: null },
    ])
    expect(flatten(nodes).map((n) => `${n.line} ${n.source}`)).toEqual(['1 - group:', '2 - button "A" [expanded]:', '3 - img', '4 - text: body', '5 - button "B"'])
  })
})

describe('unwrap and prune', () => {
  const nodes = parseAria(['- region "Transcript":', '  - heading "Turn 1" [level=2]', '  - group:', '    - button "A"', '    - group:', '      - button "Inspect"', '  - group "Named":', '    - text: kept'].join('\n'))

  it('lifts bare groups and the named landmark, drops headings, keeps named groups', () => {
    const flat = prune(unwrap(nodes, (n) => isBareGroup(n) || n.role === 'region'), (n) => n.role === 'heading')
    expect(flat.map((n) => n.source)).toEqual(['- button "A"', '- button "Inspect"', '- group "Named":'])
    expect(flat[2]?.children.map((n) => n.source)).toEqual(['- text: kept'])
  })
})
