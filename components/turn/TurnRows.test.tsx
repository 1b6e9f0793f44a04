// @vitest-environment happy-dom
/**
 * The turn markup every view mode shares (components/turn/TurnRows.tsx): per page default, which folds are
 * server-rendered open; classic-only rows wrapped in `data-m="c"`; the tail drawn last; the disabled control of
 * a turn without content; and a section whose placements went stale drawn flat.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { assemble } from '../../src/conversation'
import { viewModel } from '../../src/cards/view-model'
import { VIEW_MODES } from '../../src/cards/view-mode'
import type { PageSection } from '../../src/cards/types'
import { parseLogText } from '../../src/log/json/parse-text'
import { SessionView } from '../session/SessionView'
import { mount, nameOf } from '../testing/render'

// Paths, not URLs: happy-dom replaces the global URL class, which node:fs does not accept.
const LOGS = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/corpus/v4/logs')

function sections(name: string): PageSection[] {
  const model = assemble(parseLogText(readFileSync(join(LOGS, name), 'utf8')).lines)
  return viewModel(model, { cwd: null, home: null, locale: 'en' }).sections.filter(s => s.turn !== null)
}
const ptc = sections('zq0929__snapshots_web_ptc-round_session.v4.jsonl')
const bundle = sections('zq0929__snapshots_web_official-subagent-bundle_session.v4.jsonl')

describe('server-rendered open state per page default (cards-current.md §3.1)', () => {
  it.each(VIEW_MODES.map(view => ({ view, folds: view === 'verbose' || view === 'classic' })))('$view: turn fold and groups open = $folds', ({ view, folds }) => {
    const root = mount(<SessionView label="Transcript" sections={ptc} view={view} />)
    const turn = root.querySelector('details[data-turn-process]')
    const group = root.querySelector('details[data-process-activity]')
    expect(turn?.hasAttribute('open')).toBe(folds)
    expect(group?.hasAttribute('open')).toBe(folds)
    expect(nameOf(turn?.querySelector('summary') ?? null)).toBe('Completed')
    expect(nameOf(group?.querySelector('summary') ?? null)).toBe('Ran code, ran commands, read files')
  })
})

describe('structure', () => {
  const root = () => mount(<SessionView label="Transcript" sections={ptc} />)
  it('user message, status, fold (with the group inside), answer, tail — in that order', () => {
    const section = root().querySelector('[data-transcript] > :has(> h2[id^="turn-"])')
    const kinds = [...(section?.children ?? [])].map(el => el.getAttribute('role') ?? el.getAttribute('data-m') ?? el.tagName.toLowerCase())
    expect(kinds.slice(-4)).toEqual(['status', 'details', 'div', 'div'])
    const fold = section?.querySelector(':scope > details[data-turn-process]')
    expect(fold?.querySelector('details[data-process-activity] [data-tool="run_code"]')).not.toBeNull()
    expect(section?.lastElementChild?.id).toMatch(/^tail:/)
  })
  it('the system prompt and injected context are in the page, for classic only', () => {
    const hidden = [...root().querySelectorAll('[data-m="c"]')]
    expect(hidden.some(el => el.querySelector('[data-variant="system"], [data-variant="context"]') !== null)).toBe(true)
  })
  it('a turn with only its answer: a disabled control without aria-expanded, and the trigger row for the new modes', () => {
    const page = mount(<SessionView label="Transcript" sections={bundle} />)
    const turn2 = page.querySelectorAll('[data-transcript] > :has(> h2[id^="turn-"])')[1]
    const control = turn2?.querySelector('button[data-turn-process]')
    expect(control?.hasAttribute('disabled')).toBe(true)
    expect(control?.hasAttribute('aria-expanded')).toBe(false)
    const trigger = turn2?.querySelector('details[data-m="n"] > summary')
    expect(nameOf(trigger ?? null)).toMatch(/^Subtask status updated$/)
    expect(turn2?.querySelector('[data-m="c"] [data-variant="context"]')).not.toBeNull()
  })
  it('stale placements (a measuring copy of one row) draw the rows flat', () => {
    const s = ptc[0] as PageSection
    const page = mount(<SessionView label="Transcript" sections={[{ ...s, rows: s.rows.slice(0, 1) }]} />)
    expect(page.querySelector('[data-turn-process]')).toBeNull()
    expect(page.querySelector('[data-transcript] > :has(> h2[id^="turn-"])')?.children).toHaveLength(2)
  })
})
