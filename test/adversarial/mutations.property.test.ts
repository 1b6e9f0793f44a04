/**
 * Issue 17, property: random mutations of corpus logs — cut anywhere, lines dropped, doubled or swapped,
 * values replaced by prototype names or by JSON nested thousands of levels, bytes of garbage — go through
 * build, export, snapshot and live: nothing throws (an unhandled rejection fails the run too), nothing is left
 * as a temporary file, and every log is either a session of the site or a reported problem.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { buildInto } from '../support/build'
import { startTestLive } from '../live-e2e/harness'
import { deepJson, PROTO_NAMES, writeRoot } from './generators'
import { cleanTemps, run, temp, tmpFilesUnder } from './harness'

afterAll(cleanTemps)

const corpusDir = new URL('../../fixtures/corpus/v4/logs/', import.meta.url)
const corpus = readdirSync(corpusDir).sort().map(name => readFileSync(new URL(name, corpusDir), 'utf8'))

type Mutation =
  | { kind: 'cut'; at: number }
  | { kind: 'drop' | 'double'; line: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'proto'; line: number; name: number }
  | { kind: 'deep'; line: number; depth: number }
  | { kind: 'garbage'; at: number; bytes: string }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constantFrom('drop' as const, 'double' as const), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('proto' as const), line: fc.nat(), name: fc.nat() }),
  fc.record({ kind: fc.constant('deep' as const), line: fc.nat(), depth: fc.integer({ min: 50, max: 4000 }) }),
  fc.record({ kind: fc.constant('garbage' as const), at: fc.nat(), bytes: fc.string({ maxLength: 8 }) }),
)

function mutate(text: string, m: Mutation): string {
  const lines = text.split('\n')
  const at = (n: number) => n % Math.max(1, lines.length)
  switch (m.kind) {
    case 'cut':
      return text.slice(0, m.at % (text.length + 1))
    case 'drop':
      return lines.filter((_, i) => i !== at(m.line)).join('\n')
    case 'double':
      return lines.flatMap((l, i) => (i === at(m.line) ? [l, l] : [l])).join('\n')
    case 'swap': {
      const [a, b] = [at(m.a), at(m.b)]
      const out = [...lines]
      ;[out[a], out[b]] = [lines[b] ?? '', lines[a] ?? '']
      return out.join('\n')
    }
    case 'proto': {
      // Every string value of one line becomes a prototype member name (tool names, ids, keys' values).
      const name = JSON.stringify(PROTO_NAMES[m.name % PROTO_NAMES.length])
      return lines.map((l, i) => (i === at(m.line) ? l.replace(/"(?:[^"\\]|\\.)*"(?=\s*[,}\]])/g, name) : l)).join('\n')
    }
    case 'deep': {
      // The first object value of one line is wrapped thousands of levels deep.
      const deep = deepJson(m.depth)
      return lines.map((l, i) => (i === at(m.line) ? l.replace(/:\{/, `:${deep.slice(0, deep.indexOf('"leaf"'))}{`).replace(/\}$/, `}${deep.slice(deep.indexOf('"leaf"') + 6)}`) : l)).join('\n')
    }
    case 'garbage':
      return text.slice(0, m.at % (text.length + 1)) + m.bytes + text.slice(m.at % (text.length + 1))
  }
}

const picksArb = fc.array(fc.record({ log: fc.nat(), mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 })
const mutatedLogs = (picks: { log: number; mutations: Mutation[] }[]) =>
  picks.map((p, i) => ({ name: `m${i}`, text: p.mutations.reduce(mutate, corpus[p.log % corpus.length] ?? '') }))

describe('mutated corpus logs', () => {
  it('never crash live: it serves a page for every session the static build has', async () => {
    for (const picks of fc.sample(picksArb, { numRuns: 3, seed: 4242 })) {
      const root = writeRoot(temp(), mutatedLogs(picks))
      const report = await buildInto([root], join(temp(), 'site'), { highlight: false, highlightWorker: null })
      const { live } = await startTestLive([root])
      try {
        const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
        expect(state.pages).toHaveLength(report.sessions)
        for (const page of state.pages) {
          const res = await fetch(new URL(page.href, live.url))
          expect(res.status, page.href).toBe(200)
          await res.text()
        }
      } finally {
        await live.close()
      }
    }
  }, 120_000)

  it('never crash build, export or snapshot; every log is a session or a problem', async () => {
    await fc.assert(
      fc.asyncProperty(
        picksArb,
        async picks => {
          const logs = mutatedLogs(picks)
          const root = writeRoot(temp(), logs)
          const out = join(temp(), 'site')
          const report = await buildInto([root], out, { highlight: false, highlightWorker: null })
          expect(report.sessions + report.problems.filter(p => !p.message.startsWith('dsh-view failed')).length).toBe(logs.length)
          expect(tmpFilesUnder(out)).toEqual([])
          const first = join(root, '--home-dev-proj--', 's000-m0', 'session.jsonl')
          const exported = await run(['export', first, '-o', join(temp(), 'x.html'), '--markdown', join(temp(), 'x.md')])
          expect([0, 1]).toContain(exported.code)
          const snap = await run(['snapshot', root])
          expect([0, 1]).toContain(snap.code)
          cleanTemps()
        },
      ),
      { numRuns: 12, seed: 1717, endOnFailure: true },
    )
  }, 120_000)
})
