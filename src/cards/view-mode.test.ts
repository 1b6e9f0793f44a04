import { describe, expect, it } from 'vitest'
import { DEFAULT_VIEW_MODE, parseViewMode, viewCapabilities, VIEW_MODES } from './view-mode'

describe('view modes (cards-current.md §3)', () => {
  it.each([
    ['compact', true, 'collapsed', false],
    ['standard', true, 'collapsed', true],
    ['detailed', true, 'history', true],
    ['verbose', false, 'none', true],
    ['classic', false, 'none', true],
  ] as const)('%s: folds %s, grouping %s, think preview %s', (mode, fold, grouping, preview) => {
    const c = viewCapabilities(mode)
    expect([c.foldTurns, c.stepGrouping, c.thinkPreview]).toEqual([fold, grouping, preview])
    expect(c.current).toBe(mode !== 'classic')
  })
  it('defaults to detailed, the web default', () => expect(DEFAULT_VIEW_MODE).toBe('detailed'))
  it.each([
    ['verbose', 'verbose'], ['normal', 'detailed'], ['expanded', 'detailed'], ['Verbose', null], ['', null],
    [3, null], ['__proto__', null], ['toString', null],
  ] as const)('parseViewMode(%j) → %j', (input, expected) => expect(parseViewMode(input)).toBe(expected))
  it('lists five modes', () => expect(VIEW_MODES).toHaveLength(5))
})
