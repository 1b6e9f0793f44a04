/**
 * Snapshot file names (`DIR/<name>.txt`): one per session, derived from its id so a snapshot follows its
 * session whatever else is in the input. Readable first — ids are mostly UUIDs, kept as they are — and safe
 * on every file system: each run of characters outside `[A-Za-z0-9._-]` becomes one `_` (`{{session:1}}` →
 * `session_1`), leading dots and underscores are dropped, long names are cut and suffixed with a hash of the
 * id, and Windows device names get a `_` prefix. Two sessions that end up with the same name (the same id in
 * two inputs, or ids that differ only in what was replaced or in letter case) get `~2`, `~3`, … in input
 * order, so the mapping is deterministic for a given input.
 */

/** Names longer than this are cut (file systems refuse names over 255 bytes; leave room for the extension). */
const MAX_NAME = 100

/** FNV-1a, 32-bit: a short, dependency-free, stable hash (pure core: no node:crypto here). */
function fnv1a(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}

export function snapshotName(id: string): string {
  let name = id.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').replace(/_+$/, '')
  if (name === '') name = `session_${fnv1a(id)}`
  if (name.length > MAX_NAME) name = `${name.slice(0, MAX_NAME - 9)}-${fnv1a(id)}`
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`
  return name
}

/** Hands out distinct names one id at a time, in input order (a run never holds every session at once). */
export class SnapshotNamer {
  readonly #used = new Map<string, number>()

  next(id: string): string {
    const base = snapshotName(id)
    const seen = this.#used.get(base.toLowerCase()) ?? 0
    this.#used.set(base.toLowerCase(), seen + 1)
    return seen === 0 ? base : `${base}~${seen + 1}`
  }
}

/** Distinct names for `ids`, in input order. */
export function snapshotNames(ids: readonly string[]): string[] {
  const namer = new SnapshotNamer()
  return ids.map((id) => namer.next(id))
}
