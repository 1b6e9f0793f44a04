/**
 * The id of a session whose log has no header to name it (an empty file, a first line that is not a
 * header, a zstd stream that does not decode): dsh names a session's folder after its id
 * (`--<cwd>--/<id>/session.jsonl`), and a legacy log its file (`<id>.jsonl`), so the path says it. Such a
 * log still gets a page — the damaged-session page saying why it cannot be read — and this names it.
 */

/** A log file name dsh writes inside a session folder: `session.jsonl`, `session.1.jsonl`, `session.v4.jsonl.zstd`… */
const IN_FOLDER = /^session(?:\.\d+)?(?:\.v\d+)?(?:\.expected)?\.jsonl(?:\.zstd?)?$/i
const EXTENSION = /(?:\.v\d+)?\.jsonl(?:\.zstd?)?$/i

/** The session id a log's path implies: its folder for `session*.jsonl`, else its file name without extensions. */
export function idFromLogPath(path: string): string {
  const parts = path.split(/[\\/!]/).filter(p => p !== '' && p !== '.')
  const name = parts[parts.length - 1] ?? ''
  const folder = parts[parts.length - 2]
  if (IN_FOLDER.test(name) && folder !== undefined) return folder
  const stem = name.replace(EXTENSION, '')
  return stem === '' ? name || path : stem
}
