/**
 * The read side of a shard part's manifest (src/site/plan/shard.ts): a JSON file's value when it is an
 * object, null when the file is missing, unreadable, larger than the caller's cap, not JSON or not an
 * object. The caller then checks its format; anything it cannot read is treated as absent. (The site
 * manifest has its own reader, with the same cap and a full shape check: ./manifest.ts.)
 */
import { open } from 'node:fs/promises'

export async function readJsonObject(path: string, maxBytes: number): Promise<object | null> {
  let value: unknown
  try {
    const file = await open(path, 'r')
    try {
      // Sized before it is read: a folder's JSON is not trusted to be small.
      if ((await file.stat()).size > maxBytes) return null
      value = JSON.parse(await file.readFile('utf8'))
    } finally {
      await file.close()
    }
  } catch {
    return null
  }
  return typeof value === 'object' && value !== null ? value : null
}
