/**
 * The price table the package ships (./prices/deepseek.json, dated, with its source), read once; `--prices
 * FILE` replaces it. A broken bundled table is a bug, so it throws.
 */
import deepseek from './prices/deepseek.json'
import { readPriceTable, type PriceTable } from './prices'

let table: PriceTable | null = null

export function defaultPrices(): PriceTable {
  if (table === null) {
    const read = readPriceTable(deepseek)
    if (typeof read === 'string') throw new Error(`the bundled price table is invalid: ${read}`)
    table = read
  }
  return table
}
