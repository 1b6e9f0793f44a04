/**
 * "Did you mean": the nearest candidate to a mistyped word by edit distance (Levenshtein, with a swap of two
 * neighbours counting as one edit, as in `--jsno`). Only close matches are offered — at most a third of the
 * word's length (rounded), at least one edit — or the one candidate an abbreviation starts or a longer
 * spelling starts with (`--output` → `--out`); words under three letters get no guess — so `--foo` suggests nothing rather than something random. Pure.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: number[] = new Array<number>(rows * cols).fill(0)
  const at = (i: number, j: number) => d[i * cols + j] ?? 0
  for (let i = 0; i < rows; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1)
      d[i * cols + j] = best
    }
  }
  return at(a.length, b.length)
}

/** The closest of `candidates` to `word` (ties: the first listed), or null when none is close enough. */
export function nearest(word: string, candidates: readonly string[]): string | null {
  const bare = word.replace(/^-+/, '')
  // One letter (`-x`) is too short to guess from.
  if (bare.length < 3) return null
  // An abbreviation (`--verb`) names the one flag it starts; a longer spelling (`--output`) the flag it starts with.
  const starts = candidates.filter(c => c.startsWith(word) || (c.replace(/^-+/, '').length >= 3 && word.startsWith(c)))
  if (starts.length === 1) return starts[0] ?? null
  const limit = Math.max(1, Math.round(bare.length / 3))
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return bestDistance <= limit ? best : null
}
