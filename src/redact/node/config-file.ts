/**
 * Reads `--redact-config FILE` from disk into a checked config (src/redact/config.ts); a missing or
 * unreadable file is a `RedactConfigError` that names it, like a bad field is.
 */
import { readFile } from 'node:fs/promises'
import { describeFsError } from '../../log/node/discover'
import { parseRedactConfig, RedactConfigError } from '../config'
import { DEFAULT_CONFIG, type RedactConfig } from '../scan'

/** The config for `--redact` (built-in rules) or `--redact-config FILE` (built-ins plus the file's). */
export async function loadRedactConfig(file: string | null): Promise<RedactConfig> {
  if (file === null) return DEFAULT_CONFIG
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    throw new RedactConfigError(`cannot read the redaction config ${file}: ${describeFsError(err)}`)
  }
  return parseRedactConfig(text, file)
}
