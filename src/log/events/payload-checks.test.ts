/**
 * The hand checks must answer exactly as zod does. Oracle: every sample payload from the corpus, and
 * every single-point mutation of a few per type (each key path, depth ≤ 5, set to each odd value or
 * deleted), compared with `payloadSchemas[type].safeParse`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ZodUnknown } from 'zod'
import { payloadProblem } from './classify'
import { payloadChecks } from './payload-checks'
import { parseLogText } from '../json/parse-text'
import { payloadSchemas, type KnownType } from './schema'
import { session, toolCallBlock } from '../testing/session'

const ROOT = new URL('../../../fixtures/corpus/', import.meta.url)
const SAMPLES_PER_TYPE = 6
const ODD_VALUES: unknown[] = [null, 1.5, -1, 2 ** 53, Infinity, '', 'x', [], {}, true, [{}], [{ type: 1 }]]
const DELETE = Symbol('delete')

function corpusSamples(): Map<string, unknown[]> {
  const byType = new Map<string, unknown[]>()
  const files = readdirSync(ROOT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl') && !f.startsWith('real-host'))
  for (const file of files) {
    for (const line of parseLogText(readFileSync(new URL(file, ROOT), 'utf8')).lines) {
      if (line.kind !== 'event') continue
      const list = byType.get(line.event.type) ?? []
      if (list.length < SAMPLES_PER_TYPE * 4) list.push(line.event.data)
      byType.set(line.event.type, list)
    }
  }
  return byType
}

function paths(value: unknown, depth = 0, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth >= 5 || typeof value !== 'object' || value === null) return []
  const keys: (string | number)[] = Array.isArray(value) ? [0, 1].filter((i) => i < value.length) : Object.keys(value)
  return keys.flatMap((key) => [[...prefix, key], ...paths((value as Record<string | number, unknown>)[key], depth + 1, [...prefix, key])])
}

function mutate(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value)
  let node = copy as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = path[path.length - 1] ?? ''
  if (replacement === DELETE) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1)
    else delete node[last]
  } else node[last] = replacement
  return copy
}

const agree = (type: KnownType, data: unknown) => {
  const zodOk = payloadSchemas[type].safeParse(data).success
  const fastOk = payloadProblem(type, data) === null
  if (zodOk !== fastOk) throw new Error(`${type}: zod ${zodOk}, fast ${fastOk} for ${JSON.stringify(data).slice(0, 300)}`)
}

describe('hand payload checks agree with zod', () => {
  const samples = corpusSamples()
  // Types the corpus lacks get builder-made samples, so every hand check is exercised.
  const s = session()
  s.turnStart()
  s.stepStart()
  s.dispatchStart('c', 'read', { path: 'x' })
  s.dispatchEnd('c', 'read', { path: 'x' }, 'ok', { isError: true })
  s.assistant([toolCallBlock('c', 'read', '{}')], { usage: { inputTokens: 1 }, interrupted: true })
  for (const e of s.events) if (!samples.has(e.type)) samples.set(e.type, [e.data])
  if (!samples.has('deliverables/presented')) samples.set('deliverables/presented', [{ turn: 1, callId: 'c', files: [{ path: '/ws/a.txt', description: 'A' }] }])
  const checked = Object.keys(payloadChecks) as KnownType[]

  it('every hand-checked type has samples', () => {
    expect(checked.filter((t) => (samples.get(t) ?? []).length === 0)).toEqual([])
  })

  it.each(checked)('%s: corpus payloads and their single-point mutations', (type) => {
    const list = samples.get(type) ?? []
    for (const data of list) agree(type, data)
    for (const data of list.slice(0, SAMPLES_PER_TYPE)) {
      for (const path of paths(data)) for (const odd of [DELETE, ...ODD_VALUES]) agree(type, mutate(data, path, odd))
    }
    for (const odd of ODD_VALUES) agree(type, odd)
  })
})

describe('coverage', () => {
  it('every known type is judged without zod on the happy path (hand check or z.unknown)', () => {
    const slow = Object.entries(payloadSchemas).filter(([type, schema]) => !(schema instanceof ZodUnknown) && !Object.hasOwn(payloadChecks, type))
    expect(slow.map(([type]) => type)).toEqual([])
  })
})
