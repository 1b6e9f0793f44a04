import { describe, expect, it } from 'vitest'
import type { PageSection, RowBody, ToolRowModel } from '../../../cards/types'
import { viewModel } from '../../../cards/view-model'
import { assemble } from '../../../conversation/builder'
import { parseLogText } from '../../../log/json/parse-text'
import { session } from '../../../log/testing/session'
import { createHash } from 'node:crypto'
import { CAP_LEVELS, clip, Cutter, cutSections, hashText, SUMMARY_CHARS, type Caps } from './cut'
import { siteText } from '../../strings'

const text = siteText('en')
const caps: Caps = { chars: 2_000, lines: 10, lineChars: 50 }
const href = (hash: string) => `s.files/${hash}.txt`

/** The sections of a one-turn session whose tool calls are given as [name, args, result, meta]. */
function sections(calls: [string, unknown, string, unknown?][]): PageSection[] {
  const s = session({ id: 'cut', cwd: '/w' })
  s.turnStart()
  s.user('go')
  s.stepStart()
  calls.forEach(([name, args, result, meta], i) => {
    s.call(name, args, `c${i}`)
    s.result(`c${i}`, result, meta === undefined ? {} : { meta })
  })
  s.stepEnd()
  s.turnEnd()
  const conversation = assemble(parseLogText(s.jsonl()).lines)
  return viewModel(conversation, { cwd: '/w', home: null, locale: 'en' }).sections
}

const tools = (list: PageSection[]): ToolRowModel[] => list.flatMap(s => s.rows.flatMap(r => (r.kind === 'tool' ? [r] : [])))
const body = <K extends RowBody['kind']>(row: ToolRowModel | undefined, kind: K) => {
  const b = row?.body
  return b?.kind === kind ? (b as Extract<RowBody, { kind: K }>) : null
}
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n')

describe('Cutter.cutText', () => {
  it.each([
    ['short text stays', 'a\nb', false],
    ['too many lines are cut', numbered(30), true],
    ['too many characters are cut', 'x'.repeat(5_000), true],
  ])('%s', (_name, value, cut) => {
    const c = new Cutter(caps, text, href)
    const out = c.cutText('row', 'Output', value)
    expect(out !== value).toBe(cut)
    expect(c.sideTexts.map(t => t.text)).toEqual(cut ? [value] : [])
    expect(c.extras.get('row')?.length ?? 0).toBe(cut ? 1 : 0)
  })

  it('keeps head and tail lines around a marker that says how much is hidden', () => {
    const out = new Cutter(caps, text, href).cutText('row', 'Output', numbered(30)).split('\n')
    expect(out.slice(0, 6)).toEqual(numbered(6).split('\n'))
    expect(out[6]).toBe(`⋯ 20 lines · ${text.cutNote}`)
    expect(out.slice(7)).toEqual(['line 26', 'line 27', 'line 28', 'line 29'])
  })

  it('links the side file after the row, once per distinct text', () => {
    const c = new Cutter(caps, text, href)
    c.cutText('row', 'Output', numbered(30))
    c.cutText('row', 'Output', numbered(30))
    const [extra] = c.extras.get('row') ?? []
    expect(c.sideTexts).toHaveLength(1)
    expect(extra?.href).toBe(href(c.sideTexts[0]?.hash ?? ''))
    expect(extra?.label).toMatch(/^Full text: Output \(\d+ B\)$/)
  })
})

describe('cutSections', () => {
  it('cuts a long terminal output, keeps the exit pill and drops the copy text from the page', () => {
    const input = sections([['bash', { command: 'seq 40', description: 'count' }, `${numbered(40)}\n[exit code: 1]`]])
    const { sections: out, sideTexts, extras } = cutSections(input, caps, text, href)
    const terminal = body(tools(out)[0], 'terminal')
    expect(terminal?.lines).toHaveLength(11)
    expect(terminal?.lines?.[6]?.[0]?.text).toBe(`⋯ 30 lines · ${text.cutNote}`)
    expect(terminal?.pill).toBe(body(tools(input)[0], 'terminal')?.pill)
    expect(terminal?.copy).toBeNull()
    expect(sideTexts[0]?.text).toBe(numbered(40))
    expect([...extras.keys()]).toEqual([tools(input)[0]?.key])
  })

  it('remaps a card window onto the cut rows (no index points past the list)', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ number: i + 1, text: `row ${i}` }))
    const envelope = `<path>/w/a.ts</path>\n<type>file</type>\n<content>\n${lines.map(l => `${l.number}: ${l.text}`).join('\n')}\n</content>`
    const input = sections([['read', { file_path: 'a.ts' }, envelope, { path: '/w/a.ts', offset: 1, lines, totalLines: 40 }]])
    expect(body(tools(input)[0], 'read')).not.toBeNull()
    const read = body(tools(cutSections(input, caps, text, href).sections)[0], 'read')
    expect(read?.lines).toHaveLength(10)
    expect(read?.code.text.split('\n')).toHaveLength(10)
    for (const w of [read?.chatWindow, read?.detailsWindow]) {
      for (const i of [...(w?.head ?? []), ...(w?.tail ?? [])]) expect(i).toBeLessThan(10)
    }
  })

  it('shortens a single huge line inside a row list', () => {
    const input = sections([['bash', { command: 'x', description: 'one line' }, 'y'.repeat(500)]])
    const terminal = body(tools(cutSections(input, caps, text, href).sections)[0], 'terminal')
    expect(terminal?.lines?.[0]?.[0]?.text).toBe(`${'y'.repeat(50)}…`)
  })

  it('leaves small rows untouched (same content)', () => {
    const input = sections([['bash', { command: 'echo hi', description: 'hi' }, 'hi']])
    expect(cutSections(input, CAP_LEVELS[0] ?? caps, text, href).sections).toEqual(input)
  })

  it('harsher levels cut more', () => {
    const input = sections([['unknown_tool', { a: numbered(300) }, numbered(300)]])
    const sizes = CAP_LEVELS.map(level => JSON.stringify(cutSections(input, level, text, href).sections).length)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
    expect(new Set(sizes).size).toBe(CAP_LEVELS.length)
  })
})

describe('row summaries', () => {
  it('a Think summary is cut to one line’s worth; the full text stays in the body', () => {
    const s = session({ id: 'sum', cwd: '/w' })
    s.turnStart()
    s.user('go')
    s.stepStart()
    const long = `${'word '.repeat(2_000)}end`
    s.assistant([{ type: 'reasoning', text: long }, { type: 'text', text: 'ok' }])
    s.stepEnd()
    s.turnEnd()
    const list = viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
    const think = cutSections(list, CAP_LEVELS[0] ?? caps, text, href).sections.flatMap(x => x.rows).find(r => r.kind === 'think')
    if (think?.kind !== 'think') throw new Error('no think row')
    expect(think.summary).toHaveLength(SUMMARY_CHARS + 1)
    expect(think.summary.endsWith('…')).toBe(true)
    expect(think.text).toBe(long)
  })

  it.each([
    ['fits', 'abc', 5, 'abc'],
    ['cut', 'abcdef', 3, 'abc…'],
    ['never half a surrogate pair', 'ab😀cd', 3, 'ab…'],
  ])('clip: %s', (_name, value, max, expected) => expect(clip(value, max)).toBe(expected))
})

describe('details cards (cards-current.md §11.1)', () => {
  it('a huge projected result keeps at most `lines` entries over the whole tree, with the marker as its note', () => {
    const data = { data: Array.from({ length: 40 }, (_, i) => ({ id: `item-${i}`, a: 'x'.repeat(200), b: i, nested: { c: 1, d: [1, 2, 3] } })), provider: 'P', method: 'm' }
    const [row] = tools(cutSections(sections([['cordis_inspect_query', { provider: 'P', method: 'm' }, JSON.stringify(data)]]), caps, text, href).sections)
    const card = body(row, 'details')
    if (card === null) throw new Error('no details card')
    let entries = 0
    const walk = (items: typeof card.items): void => {
      for (const item of items) {
        entries += 1 + item.fields.length + item.bullets.length
        expect(item.title?.length ?? 0).toBeLessThanOrEqual(caps.lineChars + 1)
        for (const f of item.fields) expect(f.definition.length).toBeLessThanOrEqual(caps.chars + 100)
        for (const g of item.groups) walk(g.items)
      }
    }
    walk(card.items)
    expect(entries).toBeLessThanOrEqual(caps.lines)
    expect(card.more).toMatch(/^⋯ [\d,]+ lines · /)
  })

  it('a small details card is left as it is', () => {
    const goal = '{"goal":{"id":"g","revision":1,"objective":"Ship","phase":"active","roundsStarted":0,"maxGoalRounds":8},"activation":"armed"}'
    const raw = sections([['create_goal', { objective: 'Ship' }, goal]])
    const [before] = tools(raw)
    const [after] = tools(cutSections(raw, caps, text, href).sections)
    expect(after?.body).toEqual(before?.body)
  })
})

describe('hashText', () => {
  it('hashes a long text in slices to the digest of the whole text, surrogate pairs and lone halves included', () => {
    const slice = 1 << 20
    const whole = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20)
    for (const text of ['', 'short', `${'a'.repeat(slice - 1)}😀${'b'.repeat(10)}`, `${'a'.repeat(slice - 1)}\ud800${'c'.repeat(slice)}\udc00`, 'é中'.repeat(slice)]) {
      expect(hashText(text)).toBe(whole(text))
    }
  })
})
