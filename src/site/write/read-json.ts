/**
 * The read side of the build's state files (the manifest, a shard part's manifest): a JSON file's value when
 * it is an object, null when the file is missing, unreadable, not JSON or not an object. Each caller then
 * checks its own format; anything it cannot read is treated as absent.
 */
import { readFile } from 'node:fs/promises'

export async function readJsonObject(path: string): Promise<object | null> {
  let value: unknown
  try {
    value = JSON.parse(await readFile(path, 'utf8'))
  } catch {
    return null
  }
  return typeof value === 'object' && value !== null ? value : null
}
