/**
 * Which header `version`s dsh-view knows (log-format.md §3; the generations `session.vN.jsonl` of the
 * corpus): 0 through 4. A newer one is still read — the parser is lenient and keeps unknown events raw —
 * but whatever shows it (inspect, the export's summary and stderr) says the log may be read incompletely.
 */

export const NEWEST_KNOWN_VERSION = 4

/** True for a version newer than dsh-view knows (absent and 0…4 are known). */
export function isUnknownVersion(version: number | null | undefined): version is number {
  return typeof version === 'number' && version > NEWEST_KNOWN_VERSION
}
