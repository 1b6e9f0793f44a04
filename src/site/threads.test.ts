import { expect, test } from 'vitest'
import { highlightWorkerPays } from './threads'

test('the highlight worker is used whenever there is a second core, never on one', () => {
  expect(highlightWorkerPays(2)).toBe(true)
  expect(highlightWorkerPays(8)).toBe(true)
  expect(highlightWorkerPays(1)).toBe(false)
})
