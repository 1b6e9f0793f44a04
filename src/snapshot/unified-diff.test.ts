import { describe, expect, it } from 'vitest'
import { unifiedDiff } from './unified-diff'

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a', 'b', 'x\ny\n', 'x\ny\n')).toBe('')
  })

  it('prints file headers and a hunk with context', () => {
    const before = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', ''].join('\n')
    const after = before.replace('five', 'FIVE')
    expect(unifiedDiff('snapshots/s.txt', 'current s.txt', before, after)).toBe(
      ['--- snapshots/s.txt', '+++ current s.txt', '@@ -2,7 +2,7 @@', ' two', ' three', ' four', '-five', '+FIVE', ' six', ' seven', ' eight', ''].join('\n'),
    )
  })

  it('marks a missing final newline', () => {
    expect(unifiedDiff('a', 'b', 'x', 'x\n')).toContain('\\ No newline at end of file')
  })
})
