import { describe, expect, it } from 'vitest'
import { foldOpen } from './view-folds'
import type { ViewMode } from './view-mode'

// The markup contract (src/site/README.md "View modes in the markup"): server-rendered `open` per mode.
const TABLE: [ViewMode, { turn: boolean; activity: boolean; liveActivity: boolean }][] = [
  ['compact', { turn: false, activity: false, liveActivity: false }],
  ['standard', { turn: false, activity: false, liveActivity: false }],
  ['detailed', { turn: false, activity: false, liveActivity: true }],
  ['verbose', { turn: true, activity: true, liveActivity: true }],
  ['classic', { turn: true, activity: true, liveActivity: true }],
]

describe('foldOpen', () => {
  it.each(TABLE)('%s', (mode, expected) => {
    expect({ turn: foldOpen(mode, 'turn'), activity: foldOpen(mode, 'activity'), liveActivity: foldOpen(mode, 'activity', true) }).toEqual(expected)
  })
})
