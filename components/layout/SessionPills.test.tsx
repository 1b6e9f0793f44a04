// @vitest-environment happy-dom
/**
 * The session pills (cards-current.md §8.2; issue 28): buttons named as dsh names them, whose visible text is
 * the parts side by side, each opening its breakdown as a dialog; plain text when dsh draws no button; a click
 * elsewhere or Escape closes an open breakdown (components/enhance).
 */
import { describe, expect, it } from 'vitest'
import type { SessionPill } from '../../src/cards/pills'
import { enhance } from '../enhance/enhance'
import { mount, withScript } from '../testing/render'
import { SessionPills } from './SessionPills'

const pill = (name: string, parts: string[], button = true): SessionPill =>
  ({ name, parts, button, title: `${parts[0]} breakdown`, items: [{ label: 'Total', value: '17,490' }] })

const PILLS = [
  pill('1 turns 2 steps · 41 tok/s', ['1 turns 2 steps', '41 tok/s']),
  pill('17.5K tok · Cache hit 52%', ['17.5K tok', 'Cache hit 52%']),
  pill('7% of context used', ['7%']),
]

describe('SessionPills', () => {
  it('draws each pill as a dialog button named as dsh names it, its parts as separate spans', () => {
    const root = withScript(mount(<SessionPills pills={PILLS} />))
    const summaries = [...root.querySelectorAll('[data-session-pills] > details > summary')]
    expect(summaries.map(s => s.getAttribute('role'))).toEqual(['button', 'button', 'button'])
    expect(summaries.map(s => s.getAttribute('aria-haspopup'))).toEqual(['dialog', 'dialog', 'dialog'])
    expect(summaries.map(s => s.getAttribute('aria-label'))).toEqual(PILLS.map(p => p.name))
    expect(summaries.map(s => [...s.querySelectorAll('span')].map(x => x.textContent))).toEqual(PILLS.map(p => p.parts))
    const dialog = root.querySelector('[role="dialog"]')
    expect(dialog?.getAttribute('aria-label')).toBe('1 turns 2 steps breakdown')
    expect(dialog?.textContent).toBe('Total17,490')
  })

  it('a pill whose name is its text carries no aria-label; a plain pill is text, not a button', () => {
    const root = withScript(mount(<SessionPills pills={[pill('1 turns 2 steps', ['1 turns 2 steps'], false), pill('980 tok', ['980 tok'])]} />))
    expect(root.querySelectorAll('summary')).toHaveLength(1)
    expect(root.querySelector('summary')?.hasAttribute('aria-label')).toBe(false)
    expect(root.querySelector('[data-session-pills] > span')?.textContent).toBe('1 turns 2 steps')
  })

  it('draws nothing without pills', () => {
    expect(mount(<SessionPills pills={[]} />).querySelector('[data-session-pills]')).toBeNull()
  })

  it('a click elsewhere or Escape closes an open breakdown', () => {
    const root = mount(<><SessionPills pills={PILLS} /><p id="elsewhere">text</p></>)
    enhance(document)
    const [first, second] = [...root.querySelectorAll<HTMLDetailsElement>('details')]
    if (first === undefined || second === undefined) throw new Error('two pills expected')
    first.open = true
    first.querySelector('summary')?.click()
    second.querySelector('summary')?.click()
    expect(second.open).toBe(true)
    expect(first.open).toBe(false)
    root.querySelector<HTMLElement>('#elsewhere')?.click()
    expect(second.open).toBe(false)
    second.open = true
    const inside = second.querySelector('[role="dialog"]') as HTMLElement
    inside.tabIndex = -1
    inside.focus()
    inside.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(second.open).toBe(false)
    expect(document.activeElement).toBe(second.querySelector('summary'))
  })
})
