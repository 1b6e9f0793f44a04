/**
 * The header facts that change while a session is written — Turns, Tool calls, Status — in one place: the
 * build's header (./chrome.ts `headerFacts`) and the live page's in-place update
 * (src/live/browser/header-facts.ts) both take them from here, so a live page and its rebuild never word or
 * count them differently. Free of React and node:*, as the live page's script imports it.
 */
import type { SessionStatus } from '../../conversation/model'
import type { Fact, SiteText } from '../types'

export interface GrowingCounts {
  turns: number
  toolCalls: number
  status: SessionStatus
}

export const growingFacts = (counts: GrowingCounts, text: SiteText): Fact[] => [
  { label: text.factTurns, value: String(counts.turns) },
  { label: text.factToolCalls, value: String(counts.toolCalls) },
  { label: text.factStatus, value: text.status[counts.status] },
]
