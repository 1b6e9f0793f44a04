/**
 * The read side of a shard part's manifest (src/site/plan/shard.ts): a JSON file's value when it is an
 * object, null when the file is missing, unreadable, not JSON or not an object. The caller then checks its
 * format; anything it cannot read is treated as absent. (The site manifest has its own reader, with a size
 * cap and a full shape check: ./manifest.ts.)
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
