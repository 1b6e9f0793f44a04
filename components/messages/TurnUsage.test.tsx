// @vitest-environment happy-dom
/** The turn usage button (cards-current.md §8.1): a dialog-announcing button named by its label, only in the newer modes. */
import { describe, expect, it } from 'vitest'
import type { TurnTailRow, TurnUsageModel } from '../../src/cards/types'
import { mount, nameOf, textOf, withScript } from '../testing/render'
import { TurnTail } from './TurnTail'
import { TurnUsage } from './TurnUsage'

const model: TurnUsageModel = {
  label: 'Usage 12.4K tok', total: 12_400, title: 'Turn usage',
  attempts: [
    { label: 'Attempt 1', items: [{ label: 'Uncached input', value: '400' }, { label: 'Output', value: '100' }] },
    { label: 'Attempt 2', items: [{ label: 'Uncached input', value: '11,800' }, { label: 'Output', value: '100' }] },
  ],
  totalLabel: 'Total', totalValue: '12,400',
}

const tail = (usage: TurnUsageModel | null): TurnTailRow => ({
  kind: 'turn-tail', key: 'tail:1', turn: 1, error: null, deliverables: null, usage,
  timing: { time: null, ranFor: null, ttft: null, throughput: '42.1 tok/s' },
})

describe('TurnUsage', () => {
  it('is a collapsed button announcing a dialog, named by its label', () => {
    const root = withScript(mount(<TurnUsage model={model} />))
    const button = root.querySelector('summary')
    expect(button?.getAttribute('role')).toBe('button')
    expect(button?.getAttribute('aria-haspopup')).toBe('dialog')
    expect(nameOf(button)).toBe('Usage 12.4K tok')
    expect(root.querySelector('details')?.hasAttribute('open')).toBe(false)
  })

  it('holds the breakdown in a dialog named Turn usage', () => {
    const root = mount(<TurnUsage model={model} />)
    const dialog = root.querySelector('[role="dialog"]')
    expect(dialog?.getAttribute('aria-label')).toBe('Turn usage')
    expect([...root.querySelectorAll('[role="group"]')].map(g => g.getAttribute('aria-label'))).toEqual(['Attempt 1', 'Attempt 2'])
    expect(textOf(dialog)).toContain('Uncached input11,800')
    expect(textOf(dialog)).toMatch(/Total ?12,400$/)
  })

  it('sits in the turn tail after the timing, marked for the newer view modes only', () => {
    const root = mount(<TurnTail row={tail(model)} />)
    const usage = root.querySelector('[data-turn-usage]')
    expect(usage?.getAttribute('data-m')).toBe('n')
    expect(usage?.previousElementSibling?.textContent).toContain('42.1 tok/s')
  })

  it('is absent when the model has none', () => {
    expect(mount(<TurnTail row={tail(null)} />).querySelector('[data-turn-usage]')).toBeNull()
  })
})
