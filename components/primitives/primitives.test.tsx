// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { DisclosureRow } from './DisclosureRow'
import { WindowedRows } from './WindowedRows'
import { CopyButton } from './CopyButton'
import { mount, nameOf, rowBody, textOf, withScript } from '../testing/render'
import copyStyles from './CopyButton.module.css'
import { copyControl, rowWindow } from '../testing/builders'

describe('DisclosureRow', () => {
  test('an expandable row is a details whose summary is a button named by its text', () => {
    const root = mount(<DisclosureRow variant="others" id="r1" icon="api" title="Pwsh" summary="Fail deliberately" body={<p>body</p>} />)
    const row = root.querySelector('#r1')
    const summary = row?.querySelector('details > summary')
    // The markup leaves the role to the page script (a summary is a disclosure button to the browser already).
    expect(summary?.hasAttribute('role')).toBe(false)
    withScript(root)
    expect(summary?.getAttribute('role')).toBe('button')
    expect(summary?.getAttribute('aria-expanded')).toBe('false')
    expect(nameOf(summary ?? null)).toBe('Pwsh Fail deliberately')
    expect(row?.querySelector('details')?.hasAttribute('open')).toBe(false)
    expect(textOf(rowBody(row ?? null))).toBe('body')
    // Variant icon and hover chevron are both images (unnamed svg icons, `- img` in ARIA snapshots).
    expect(summary?.querySelectorAll('svg')).toHaveLength(2)
    // The title is drawn by its place (right after the leading slot): no class unless it shrinks.
    const title = summary?.querySelector(':scope > :first-child + span')
    expect(title?.textContent).toBe('Pwsh')
    expect(title?.hasAttribute('class')).toBe(false)
    const shrinking = mount(<DisclosureRow variant="others" id="r2" icon="api" title="ls -la" titleShrinks summary="" body={<p>b</p>} />)
    expect(shrinking.querySelector('summary > :first-child + span')?.classList).toHaveLength(2)
  })

  test('a non-expandable row has a plain header: no details, no button, no chevron', () => {
    const root = mount(<DisclosureRow variant="others" icon="api" title="Bash" summary="Echo" body={null} />)
    expect(root.querySelector('details')).toBeNull()
    expect(root.querySelector('[role=button]')).toBeNull()
    expect(root.querySelectorAll('svg')).toHaveLength(1)
    expect(nameOf(root)).toBe('Bash Echo')
  })

  test('ToolRow status text is a sibling before the header; Bash/Skill status is inside the button name', () => {
    const before = mount(
      <DisclosureRow variant="others" icon="browse" dot="red" title="Read" summary="Error: not found" summaryStyle="failure" hiddenStatus="Failed" body={<p />} />,
    )
    const row = before.firstElementChild
    expect(row?.firstElementChild?.textContent).toBe('Failed')
    expect(row?.firstElementChild?.tagName).toBe('SPAN')
    expect(nameOf(before.querySelector('summary'))).toBe('Read Error: not found')

    const inside = mount(
      <DisclosureRow variant="others" icon="api" dot="red" title="Bash" summary="Error: tool call aborted" summaryStyle="failure" hiddenStatus="Failed" hiddenStatusPlacement="in-header" body={<p />} />,
    )
    expect(nameOf(inside.querySelector('summary'))).toBe('Failed Bash Error: tool call aborted')
  })

  test('error and stopped rows show an empty dot instead of the icon; only the chevron is an image', () => {
    const root = mount(<DisclosureRow variant="others" icon="api" dot="amber" title="Bash" summary="x" body={<p />} />)
    const dot = root.querySelector('[data-dot]')
    expect(dot?.getAttribute('data-dot')).toBe('amber')
    // Empty: no accessibility tree lists it (the golden shows only the chevron's `img`).
    expect(dot?.childNodes).toHaveLength(0)
    expect(root.querySelectorAll('summary svg')).toHaveLength(1)
  })

  // The separator dots are the segments' CSS `::before` (the browser test checks where they are drawn): no
  // element of their own, so the header's children are the leading slot, the title and the segments.
  test('an empty summary drops its segment; suffix and extra segments follow the summary, with no separator elements', () => {
    const children = (root: Element) => [...(root.querySelector('summary')?.children ?? [])].map((el) => el.textContent)
    const empty = mount(<DisclosureRow variant="others" icon="think" title="Think" summary="" body={<p />} />)
    expect(children(empty)).toEqual(['', 'Think'])
    const full = mount(
      <DisclosureRow variant="others" icon="checklist" title="Update to-do list" summary="1/4 completed · x" suffix="+1" extra="note" body={<p />} />,
    )
    expect(nameOf(full.querySelector('summary'))).toBe('Update to-do list 1/4 completed · x note +1')
    expect(children(full)).toEqual(['', 'Update to-do list', '1/4 completed · x', 'note', '+1'])
    expect(full.querySelectorAll('summary [aria-hidden="true"]')).toHaveLength(0)
  })

  test('a file link carries the openable path for the enhancement script, shown as the summary', () => {
    const root = mount(
      <DisclosureRow variant="others" icon="browse" title="Read" summary="a.txt" summaryStyle="file-link" filePath="/w/a.txt" body={<p />} />,
    )
    const link = root.querySelector('[data-copy-path]')
    expect(link?.getAttribute('data-copy-path')).toBe('/w/a.txt')
    expect(link?.textContent).toBe('a.txt')
    expect(link?.getAttribute('role')).toBeNull()
  })

  test('data attributes and the open flag reach the DOM; a trailing node follows a non-expandable header', () => {
    const root = mount(
      <DisclosureRow id="k" variant="others" tool="subagent" state="error" icon="api" title="Bash" summary="s" body={null} trailing={<em>pill</em>} />,
    )
    const row = root.querySelector('#k')
    expect(row?.getAttribute('data-variant')).toBe('others')
    expect(row?.getAttribute('data-tool')).toBe('subagent')
    expect(row?.getAttribute('data-state')).toBe('error')
    expect(row?.querySelector('em')?.textContent).toBe('pill')
    // Defaults stay off the page: the wire name equal to the variant, the `ok` state.
    const plain = mount(<DisclosureRow id="p" variant="bash" tool="bash" state="ok" icon="api" title="Bash" summary="s" body={null} />).querySelector('#p')
    expect(plain?.getAttribute('data-variant')).toBe('bash')
    expect(plain?.hasAttribute('data-tool')).toBe(false)
    expect(plain?.hasAttribute('data-state')).toBe(false)
    const running = mount(<DisclosureRow variant="others" id="r" state="running" icon="api" title="Bash" summary="s" body={null} />).querySelector('#r')
    expect(running?.getAttribute('data-state')).toBe('running')
    const open = mount(<DisclosureRow variant="others" icon="api" title="T" summary="" body={<p />} open />)
    expect(open.querySelector('details')?.hasAttribute('open')).toBe(true)
  })
})

describe('WindowedRows', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`)
  const draw = (names: string[]) => (i: number, duplicate: boolean) => (
    <div key={duplicate ? `d${i}` : i} data-row={names[i]} data-dup={duplicate ? '' : undefined}>
      {names[i]}
    </div>
  )
  const order = (root: Element) => [...root.querySelectorAll('[data-row]')].map((el) => el.getAttribute('data-row'))

  test.each([
    ['no window', 5, null, ['r0', 'r1', 'r2', 'r3', 'r4'], 0],
    ['head 2 / tail 2 of 6', 6, rowWindow([0, 1], [4, 5], 2), ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'], 2],
    ['head not a prefix draws every row', 6, rowWindow([1, 2], [4, 5], 2), ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'], 0],
    ['overlapping head and tail draws every row', 4, rowWindow([0, 1, 2], [2, 3], 0), ['r0', 'r1', 'r2', 'r3'], 0],
  ] as const)('%s', (_name, count, window, expected, hidden) => {
    const names = rows(count)
    const root = mount(<WindowedRows count={count} window={window} renderRow={draw(names)} />)
    expect(order(root)).toEqual(expected)
    expect(root.querySelectorAll('details [data-row]')).toHaveLength(hidden)
  })

  test('the toggle shows the model labels, with the aria text as hidden words', () => {
    const names = rows(6)
    const root = withScript(mount(<WindowedRows count={6} window={rowWindow([0, 1], [4, 5], 2)} renderRow={draw(names)} />))
    const summary = root.querySelector('details > summary')
    expect(summary?.getAttribute('role')).toBe('button')
    expect(nameOf(summary)).toBe('Expand the remaining 2 output lines Collapse output')
    expect(textOf(summary)).toContain('… 2 more lines')
    // Head rows come before the details, tail rows after it.
    expect(root.querySelector('details')?.previousElementSibling?.getAttribute('data-row')).toBe('r1')
    expect(root.querySelector('details')?.nextElementSibling?.getAttribute('data-row')).toBe('r4')
  })

  test('a re-inserted index that lies inside the head draws every row', () => {
    const names = rows(9)
    const root = mount(<WindowedRows count={9} window={rowWindow([0, 1, 2, 3], [3, 6, 7, 8], 2)} renderRow={draw(names)} />)
    expect(root.querySelector('details')).toBeNull()
    expect(order(root)).toEqual(names)
  })

  test('search window: head [0..3], tail [4(header), 6, 7] over 8 rows', () => {
    const names = rows(8)
    const root = mount(<WindowedRows count={8} window={rowWindow([0, 1, 2, 3], [4, 6, 7], 2)} renderRow={draw(names)} />)
    expect([...root.querySelectorAll('details [data-row]')].map((el) => el.getAttribute('data-row'))).toEqual(['r4', 'r5'])
    const dup = root.querySelector('[data-copy-skip] [data-row]')
    expect(dup?.getAttribute('data-row')).toBe('r4')
    expect(dup?.hasAttribute('data-dup')).toBe(true)
    expect(order(root)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r4', 'r6', 'r7'])
  })
})

describe('CopyButton', () => {
  test('is rendered hidden and bare (progressive enhancement) with its target, and no default attributes', () => {
    const root = mount(<CopyButton control={copyControl('x')} target="out" />)
    const button = root.querySelector('button')
    expect(button?.hidden).toBe(true)
    // Not in a form, so the default `submit` type does nothing; the script's table gives `Copied` for `Copy`.
    expect(button?.hasAttribute('type')).toBe(false)
    expect(button?.getAttribute('data-copy')).toBe('out')
    expect(button?.hasAttribute('data-copy-text')).toBe(false)
    expect(button?.hasAttribute('data-copied-label')).toBe(false)
    // Class, label and icon are the script's (components/enhance `dressCopyButton`): none in the markup.
    expect(root.innerHTML).toBe('<button hidden="" data-copy="out"></button>')
  })

  test.each([['en', 'Copy'], ['zh', '复制'], ['zh-CN', '复制']])('dressed by the script in a page of lang %s it reads %s, in one span with the module class', (lang, word) => {
    const button = withScript(mount(<CopyButton control={copyControl('x')} target="out" />), lang).querySelector('button')
    expect(button?.className).toBe(copyStyles.copy)
    expect(button?.innerHTML).toBe(`<span>${word}</span>`)
    expect(button?.hasAttribute('aria-label')).toBe(false)
  })

  test.each([
    ['Copy', 'Copied', null],
    ['复制', '复制成功', null],
    ['Copy', 'Done', 'Done'],
    ['Kopieren', 'Kopiert', 'Kopiert'],
  ])('labels %s / %s carry data-copied-label %s', (label, copied, attribute) => {
    const root = mount(<CopyButton control={copyControl('x', label, copied)} />)
    expect(root.querySelector('button')?.getAttribute('data-copied-label') ?? null).toBe(attribute)
  })

  test.each([['en', 'Copy'], ['zh', '复制']])('an icon-only button that copies the text above it carries no title (%s): the script names it with the page word', (lang, word) => {
    const root = mount(<CopyButton control={copyControl('hello', word, word === 'Copy' ? 'Copied' : '复制成功')} near="previous" iconOnly />)
    const button = root.querySelector('button')
    expect(button?.outerHTML).toBe('<button hidden="" data-copy="-"></button>')
    withScript(root, lang)
    expect([button?.getAttribute('title'), button?.getAttribute('aria-label'), button?.className]).toEqual([word, word, `${copyStyles.copy} ${copyStyles.iconOnly}`])
    // A label the words table does not know keeps its title (the script could not tell it).
    const odd = mount(<CopyButton control={copyControl('hello', 'Copy prompt', 'Copied')} near="previous" iconOnly />)
    expect(odd.querySelector('button')?.getAttribute('title')).toBe('Copy prompt')
  })

  test('without a target it carries the text; icon-only buttons carry their label as title and are named by it once dressed', async () => {
    const { default: iconStyles } = await import('./Icon.module.css')
    const root = mount(<CopyButton control={copyControl('hello', '复制', '复制成功')} iconOnly />)
    const button = root.querySelector('button')
    expect(button?.getAttribute('data-copy')).toBe('')
    expect(button?.getAttribute('data-copy-text')).toBe('hello')
    expect(button?.getAttribute('title')).toBe('复制')
    expect(button?.hasAttribute('aria-label')).toBe(false)
    withScript(root, 'zh')
    expect(button?.className).toBe(`${copyStyles.copy} ${copyStyles.iconOnly}`)
    expect(button?.getAttribute('aria-label')).toBe('复制')
    expect(button?.getAttribute('title')).toBe('复制')
    const icon = button?.querySelector('svg')
    expect(icon?.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(icon?.getAttribute('class')).toBe(iconStyles.copy)
    expect(button?.children).toHaveLength(1)
    // Dressing twice (the live page runs the script on every draw) changes nothing.
    const once = button?.outerHTML
    withScript(root, 'zh')
    expect(button?.outerHTML).toBe(once)
  })
})

describe('Icon', () => {
  test('is one empty svg element with no role and no name per icon (decorative; axe role-img-alt), drawn by the stylesheet rule of its name', async () => {
    const { readFileSync } = await import('node:fs')
    const { ICON_PATHS, iconRule, iconSelector } = await import('./icon-paths')
    const { Icon } = await import('./Icon')
    const { default: iconStyles } = await import('./Icon.module.css')
    // From the checkout root (vitest's root): under happy-dom, import.meta.url is not a file URL.
    const css = readFileSync('components/primitives/Icon.module.css', 'utf8')
    const names = Object.keys(ICON_PATHS) as (keyof typeof ICON_PATHS)[]
    // The shared rules (size, mask and print colours; forced colours) list every name's class.
    expect(css).toContain(`${iconSelector()} {`)
    expect(css.split(`${iconSelector('  ')} {`)).toHaveLength(2)
    for (const name of names) {
      expect(css, name).toContain(iconRule(name))
      const root = mount(<Icon name={name} />)
      const icon = root.firstElementChild
      expect(icon?.tagName.toLowerCase()).toBe('svg')
      expect(icon?.hasAttribute('role')).toBe(false)
      expect(icon?.hasAttribute('aria-label')).toBe(false)
      expect(icon?.className.split(' ')).toContain(iconStyles[name])
      expect(icon?.childNodes).toHaveLength(0)
    }
    // No rule for a name that is not drawn (a stale rule would only cost bytes).
    expect(css.match(/--dv-icon: url/g)).toHaveLength(names.length)
  })
})
