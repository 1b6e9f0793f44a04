// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { TerminalBlock } from './TerminalBlock'
import ansi from './AnsiText.module.css'
import { mount, nameOf, textOf, withScript } from '../testing/render'
import { copyText } from '../enhance/enhance'
import { plainLines, rowWindow, terminalCard } from '../testing/builders'

/** The module classes of an element (short names on the page: compare with the module's map). */
const classesOf = (el: Element | null | undefined): string[] => el?.className.split(' ') ?? []

describe('TerminalBlock', () => {
  test('prompt line reads state label, cwd label, command and pill; Copy targets the output', () => {
    const root = withScript(mount(<TerminalBlock model={terminalCard()} place="chat" />))
    const card = root.querySelector('[data-terminal]')
    expect(card?.getAttribute('data-state')).toBe('failed')
    const head = card?.firstElementChild ?? null
    expect(nameOf(head)).toBe('Failed ws Get-Item missing.txt exit code 1 Copy')
    const dot = head?.querySelector('span[data-state]')
    expect(dot?.getAttribute('data-state')).toBe('failed')
    expect(dot?.childNodes).toHaveLength(0)
    const copy = card?.querySelector('button[data-copy]')
    // It copies the output below the header by place (no id on either).
    expect(copy?.getAttribute('data-copy')).toBe('+')
    const out = root.querySelector('[data-terminal] > [data-place]')
    expect(out?.id).toBe('')
    expect(copy instanceof HTMLElement ? copyText(copy) : null).toBe(out?.textContent)
    // One text block, rows joined by newlines (the box is white-space: pre): no element per row.
    expect(out?.textContent).toBe("[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist.")
    expect(out?.children).toHaveLength(0)
    // The command is a span, not <code>, so it reads as plain text like the golden.
    expect(card?.querySelector('code')).toBeNull()
  })

  test('multi-line commands: one row per line, the state label and dot only on the first', () => {
    const model = terminalCard({
      state: 'done', stateLabel: 'Done', pill: null, exitCode: 0,
      prompts: [
        { label: 'project', text: 'cd src', first: true },
        { label: '$', text: 'ls', first: false },
      ],
    })
    const root = mount(<TerminalBlock model={model} place="chat" />)
    const rows = root.querySelectorAll('[data-terminal] > div:first-child > div > div')
    expect([...rows].map((r) => nameOf(r))).toEqual(['Done project cd src', '$ ls'])
    expect(root.querySelectorAll('span[data-state]:empty')).toHaveLength(1)
  })

  test('running: no output body and no Copy', () => {
    const model = terminalCard({ state: 'running', stateLabel: 'Running', pill: null, lines: null, copy: null })
    const root = mount(<TerminalBlock model={model} place="chat" />)
    expect(root.querySelector('[data-line]')).toBeNull()
    expect(root.querySelector('button')).toBeNull()
    expect(textOf(root)).toBe('Running ws Get-Item missing.txt')
  })

  test('settled with only blank lines shows the model placeholder', () => {
    const model = terminalCard({ lines: plainLines('', ''), placeholder: 'No output', copy: null, pill: null })
    const root = mount(<TerminalBlock model={model} place="chat" />)
    expect(root.querySelector('[data-line]')).toBeNull()
    expect(textOf(root)).toContain('No output')
  })

  test('ANSI segments become classed spans; rgb colours apply inline only in their exact shape', () => {
    const model = terminalCard({
      lines: [
        [
          { text: 'ok ', style: { fg: { kind: 'named', name: 'green' }, bold: true } },
          { text: 'warn', style: { fg: { kind: 'rgb', css: 'rgb(255, 136, 0)' }, underline: true } },
          { text: 'x', style: { fg: { kind: 'rgb', css: 'red; background:url(http://e/x)' } } },
        ],
        [],
        [{ text: 'plain' }],
      ],
    })
    const root = mount(<TerminalBlock model={model} place="chat" />)
    const out = root.querySelector('[data-place]')
    expect(out?.textContent).toBe('ok warnx\n\nplain')
    const spans = out?.querySelectorAll('span') ?? []
    expect(spans).toHaveLength(3)
    expect(classesOf(spans[0])).toContain(ansi['fg-green'])
    expect(classesOf(spans[0])).toContain(ansi['bold'])
    expect(spans[1]?.getAttribute('style')).toBe('color:rgb(255, 136, 0)')
    expect(classesOf(spans[1])).toContain(ansi['underline'])
    expect(spans[2]?.getAttribute('style')).toBeNull()
    // Unstyled text stays bare text; in Details (a window) every row is its own block again.
    expect(out?.innerHTML.endsWith('</span>\n\nplain')).toBe(true)
    const details = mount(<TerminalBlock model={{ ...model, detailsWindow: rowWindow([0], [2], 1) }} place="details" />)
    const lines = details.querySelectorAll('[data-line]')
    expect(lines).toHaveLength(3)
    expect(lines[0]?.querySelectorAll('span')).toHaveLength(3)
    expect(lines[1]?.textContent).toBe('')
    expect(lines[2]?.innerHTML).toBe('plain')
  })

  test('inverse swaps the two colours', () => {
    const model = terminalCard({
      lines: [[{ text: 'inv', style: { fg: { kind: 'named', name: 'red' }, inverse: true } }]],
    })
    const span = mount(<TerminalBlock model={model} place="chat" />).querySelector('[data-place] span')
    expect(classesOf(span)).toContain(ansi['bg-red'])
    expect(classesOf(span)).toContain(ansi['inverseFg'])
    expect(classesOf(span)).not.toContain(ansi['fg-red'])
  })

  test('Details uses the 16-line window; chat shows every line', () => {
    const lines = plainLines(...Array.from({ length: 20 }, (_, i) => `line ${i + 1}`))
    const window = rowWindow([0, 1, 2, 3, 4, 5, 6, 7], [12, 13, 14, 15, 16, 17, 18, 19], 4)
    const model = terminalCard({ lines, detailsWindow: window })
    const chat = mount(<TerminalBlock model={model} place="chat" />)
    expect(chat.querySelector('details')).toBeNull()
    expect(chat.querySelector('[data-place]')?.textContent?.split('\n')).toHaveLength(20)
    const details = mount(<TerminalBlock model={model} place="details" />)
    expect(details.querySelectorAll('[data-line]')).toHaveLength(20)
    expect(details.querySelectorAll('details [data-line]')).toHaveLength(4)
    expect(textOf(details.querySelector('details > summary'))).toContain('… 4 more lines')
  })
})
