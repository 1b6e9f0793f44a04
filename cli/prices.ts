/**
 * `--prices FILE`: the price table a command costs requests with (src/stats/prices.ts), or the bundled
 * one without the flag. A file that cannot be read, is not JSON, or is not a price table is a user error
 * that says why (the path and the reason), never a silent fallback to other prices.
 */
import { readFile } from 'node:fs/promises'
import { defaultPrices } from '../src/stats/default-prices'
import { readPriceTable, type PriceTable } from '../src/stats/prices'
import { terminalField } from './terminal-text'
import { UserError } from './user-error'

export async function loadPrices(file: string | null): Promise<PriceTable> {
  if (file === null) return defaultPrices()
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new UserError(`--prices ${terminalField(file)}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (error) {
    throw new UserError(`--prices ${terminalField(file)}: not JSON (${terminalField((error as Error).message)})`)
  }
  const table = readPriceTable(raw)
  if (typeof table === 'string') throw new UserError(`--prices ${terminalField(file)}: ${table}`, 'See src/stats/prices/deepseek.json in the package for the shape.')
  return table
}
