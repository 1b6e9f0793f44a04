/**
 * The "one assembler" property (architecture §2.3): for every corpus log, folding the lines in batches of
 * any size, with snapshots taken between batches (as live mode does), gives the same model as one batch.
 * Snapshots must also be plain JSON (a JSON round trip changes nothing), and the consuming `finish()` a
 * static build takes gives the same model.
 */
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../snapshots/corpus'
import type { ParsedLine } from '../log/parsed-line'
import { parseLogText } from '../log/json/parse-text'
import { assemble, ConversationBuilder } from './index'
import { batches } from './testing'

const logs = corpusLogs().filter((log) => !log.zstd)
const linesOf = (url: URL): ParsedLine[] => parseLogText(readFileSync(url, 'utf8')).lines

function foldInBatches(lines: readonly ParsedLine[], cuts: readonly number[], live: boolean): string {
  const builder = new ConversationBuilder({ live })
  let start = 0
  for (const cut of [...cuts, lines.length]) {
    builder.append(lines.slice(start, cut))
    builder.snapshot() // caches must not go stale across appends
    start = cut
  }
  return JSON.stringify(builder.snapshot())
}

describe.each(logs)('$scenario', ({ url }) => {
  const lines = linesOf(url)

  it.each([1, 2, 7, 100])('folds batches of %i into the same model (static and live)', (size) => {
    for (const live of [false, true]) {
      const builder = new ConversationBuilder({ live })
      let seen = 0
      for (const batch of batches(lines, size)) {
        builder.append(batch)
        seen += batch.length
        // Every intermediate snapshot equals a fresh fold of the same prefix: no stale cache survives.
        expect(JSON.stringify(builder.snapshot())).toBe(JSON.stringify(assemble(lines.slice(0, seen), { live })))
      }
    }
  })

  it('finish() gives what snapshot() gives, and then takes no more lines', () => {
    for (const live of [false, true]) {
      for (const cut of [lines.length, Math.floor(lines.length / 2)]) {
        const builder = new ConversationBuilder({ live })
        builder.append(lines.slice(0, cut))
        if (cut < lines.length) builder.snapshot() // a cached section snapshot is handed out as it is
        builder.append(lines.slice(cut))
        const expected = JSON.stringify(assemble(lines, { live }))
        expect(JSON.stringify(builder.finish())).toBe(expected)
        expect(() => builder.append(lines.slice(0, 1))).toThrow(/finished/)
      }
    }
  })

  it('is plain JSON', () => {
    const model = assemble(lines)
    expect(JSON.parse(JSON.stringify(model))).toStrictEqual(model)
  })

  it('any split gives the same model (fast-check)', () => {
    const whole = JSON.stringify(assemble(lines))
    const cuts = fc.uniqueArray(fc.integer({ min: 0, max: lines.length }), { maxLength: 8 }).map((xs) => xs.sort((a, b) => a - b))
    fc.assert(fc.property(cuts, (sorted) => foldInBatches(lines, sorted, false) === whole), { numRuns: 15, seed: 7 })
  })
})
