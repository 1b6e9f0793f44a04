/**
 * The open state each view mode gives the turn folds in the markup (cards-current.md §3.1, §5.3, §6.3): the
 * server renders it, and the page script (src/site/client/view-mode.ts) resets every fold to it when the
 * reader switches modes. Derived from the mode's capabilities, never its name: a whole-turn fold starts open
 * only where completed turns do not fold (verbose, classic); an activity group starts open where there are no
 * group headers (verbose, classic) or, for a turn still running, where headers wait for the turn to close
 * (detailed), so the running turn's steps read flat.
 */
import { viewCapabilities, type ViewMode } from './view-mode'

export type FoldKind = 'turn' | 'activity'

/** Whether a fold of `kind` starts open in `mode`; `live`: its turn is still open (activity groups only). */
export function foldOpen(mode: ViewMode, kind: FoldKind, live = false): boolean {
  const caps = viewCapabilities(mode)
  if (kind === 'turn') return !caps.foldTurns
  return caps.stepGrouping === 'none' || (caps.stepGrouping === 'history' && live)
}
