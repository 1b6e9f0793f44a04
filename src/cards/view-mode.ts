/**
 * Transcript view modes (cards-current.md §3): the newer dsh client's four "work details" modes plus `classic`,
 * the older client of cards.md that dsh 0.1.0 users still see. A mode is presentation only: the conversation
 * model and card props are the same in every mode, and one page holds everything; the mode picks what the
 * components show and how rows fold (the page's default is rendered into the markup, a header control switches it
 * in the browser). Renderers read the capabilities below, never the mode name (§3.1).
 */

export type ViewMode = 'compact' | 'standard' | 'detailed' | 'verbose' | 'classic'

export const VIEW_MODES: readonly ViewMode[] = ['compact', 'standard', 'detailed', 'verbose', 'classic']

/** The web client's default (§3.2). */
export const DEFAULT_VIEW_MODE: ViewMode = 'detailed'

export interface ViewCapabilities {
  /** The newer client's presentation (folds, groups, trigger rows, hidden context rows); false for `classic`. */
  current: boolean
  /** Completed turns fold behind the whole-turn control (§5). */
  foldTurns: boolean
  /** Activity-group headers: on every turn (`collapsed`), once a turn is closed (`history`), never (`none`). */
  stepGrouping: 'collapsed' | 'history' | 'none'
  /** A settled Think row shows its first-line preview (§7). */
  thinkPreview: boolean
}

const CAPABILITIES: Readonly<Record<ViewMode, ViewCapabilities>> = {
  compact: { current: true, foldTurns: true, stepGrouping: 'collapsed', thinkPreview: false },
  standard: { current: true, foldTurns: true, stepGrouping: 'collapsed', thinkPreview: true },
  detailed: { current: true, foldTurns: true, stepGrouping: 'history', thinkPreview: true },
  verbose: { current: true, foldTurns: false, stepGrouping: 'none', thinkPreview: true },
  classic: { current: false, foldTurns: false, stepGrouping: 'none', thinkPreview: true },
}

export function viewCapabilities(mode: ViewMode): ViewCapabilities {
  return CAPABILITIES[mode]
}

/** A value from the command line, a saved preference or a page attribute; anything else → null. */
export function parseViewMode(value: unknown): ViewMode | null {
  if (typeof value !== 'string') return null
  // Saved legacy values of the web client read as `detailed` (§3.2).
  if (value === 'normal' || value === 'expanded') return 'detailed'
  return (VIEW_MODES as readonly string[]).includes(value) ? (value as ViewMode) : null
}
