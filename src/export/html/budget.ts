/**
 * The size budget of a one-file export (src/export/README.md states it). A session renders into the parts
 * the site would write as pages (each within the site's page budget: 1 MB, 5,000 elements), and the file
 * holds every part of every session in the tree while they fit together within `MAX_EXPORT_MARKUP`.
 * Past that, parts are left out from the middle of the session holding the most, one at a time, so every
 * session keeps its start and its end (where the outcome and the errors are) and each omitted run is
 * replaced by a visible note. Pure: sizes in, decisions out; the renderer measures.
 */
import type { Size } from '../../site/render/pages/measure'

/**
 * Transcript markup of the whole file: sixteen full site pages of bytes, thirty-two of elements (parts
 * past the first screen skip layout, `content-visibility`, so parsing is what the element count costs).
 */
export const MAX_EXPORT_MARKUP: Size = { bytes: 16_000_000, nodes: 160_000 }

export interface PartPlan {
  /** Per session, per part: kept or not. */
  kept: boolean[][]
  /** True when even the first part of every session does not fit (the file is written over budget). */
  overBudget: boolean
}

const over = (used: Size, limit: Size) => used.bytes > limit.bytes || used.nodes > limit.nodes

export function planParts(sessions: readonly (readonly Size[])[], limit: Size = MAX_EXPORT_MARKUP): PartPlan {
  const kept = sessions.map(parts => parts.map(() => true))
  const used: Size = { bytes: 0, nodes: 0 }
  for (const parts of sessions) {
    for (const p of parts) {
      used.bytes += p.bytes
      used.nodes += p.nodes
    }
  }
  const keptBytes = sessions.map(parts => parts.reduce((sum, p) => sum + p.bytes, 0))
  while (over(used, limit)) {
    // The session holding the most markup that still has a part it can lose (never its first).
    let pick = -1
    sessions.forEach((parts, s) => {
      const left = kept[s]?.filter(Boolean).length ?? 0
      if (left >= 2 && (pick === -1 || (keptBytes[s] ?? 0) > (keptBytes[pick] ?? 0))) pick = s
    })
    const flags = kept[pick]
    const parts = sessions[pick]
    if (flags === undefined || parts === undefined) return { kept, overBudget: true }
    const remaining = flags.flatMap((k, i) => (k ? [i] : []))
    // Keep the first and (while possible) the last; drop the middle-most of the rest.
    const inner = remaining.length > 2 ? remaining.slice(1, -1) : remaining.slice(1)
    const drop = inner[Math.floor((inner.length - 1) / 2)] ?? -1
    const size = parts[drop]
    if (size === undefined) return { kept, overBudget: true }
    flags[drop] = false
    used.bytes -= size.bytes
    used.nodes -= size.nodes
    keptBytes[pick] = (keptBytes[pick] ?? 0) - size.bytes
  }
  return { kept, overBudget: false }
}

/** Consecutive runs of left-out parts of one session: `[first, last]`, 0-based, inclusive. */
export function omittedRuns(kept: readonly boolean[]): [number, number][] {
  const runs: [number, number][] = []
  kept.forEach((k, i) => {
    if (k) return
    const last = runs[runs.length - 1]
    if (last !== undefined && last[1] === i - 1) last[1] = i
    else runs.push([i, i])
  })
  return runs
}
