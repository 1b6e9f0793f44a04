import { expect, test } from 'vitest'
import { highlightWorkerPays } from './threads'

test('the highlight worker is used when a core beside the build thread is mostly idle, not when the cores are busy', () => {
  expect(highlightWorkerPays(2, 0.3)).toBe(true)
  expect(highlightWorkerPays(2, 1.5)).toBe(false)
  expect(highlightWorkerPays(2, 4)).toBe(false)
  expect(highlightWorkerPays(8, 3)).toBe(true)
  expect(highlightWorkerPays(1, 0)).toBe(false)
})
