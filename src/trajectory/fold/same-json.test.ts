import { describe, expect, it } from 'vitest'
import { sameJson } from './same-json'

const parsed = (text: string): unknown => JSON.parse(text)

describe('sameJson', () => {
  // [a, b, expected]: true must imply equal JSON.stringify; false is allowed for equal JSON only where noted.
  const cases: [string, unknown, unknown, boolean][] = [
    ['equal catalogs parsed twice', parsed('[{"name":"read","schema":{"type":"object","properties":{"p":{"type":"string"}}}}]'), parsed('[{"name":"read","schema":{"type":"object","properties":{"p":{"type":"string"}}}}]'), true],
    ['a changed leaf', parsed('[{"name":"read","n":1}]'), parsed('[{"name":"read","n":2}]'), false],
    ['key order differs (JSON differs)', parsed('{"a":1,"b":2}'), parsed('{"b":2,"a":1}'), false],
    ['an extra key', parsed('{"a":1}'), parsed('{"a":1,"b":null}'), false],
    ['an array against an object', parsed('[]'), parsed('{}'), false],
    ['array lengths differ', parsed('[1,2]'), parsed('[1,2,3]'), false],
    ['null against an object', null, parsed('{}'), false],
    ['a number against its string', parsed('[1]'), parsed('["1"]'), false],
    ['0 and -0 (both "0" in JSON)', parsed('[0]'), parsed('[-0]'), true],
    ['primitives', 'x', 'x', true],
    ['an empty catalog', [], [], true],
    ['a non-plain object falls back (false)', [new Date(0)], [new Date(0)], false],
    ['deep nesting is walked, not recursed', nest(100_000), nest(100_000), true],
  ]
  it.each(cases)('%s', (_name, a, b, expected) => {
    expect(sameJson(a, b)).toBe(expected)
    if (expected && _name !== 'deep nesting is walked, not recursed') expect(JSON.stringify(a)).toBe(JSON.stringify(b))
  })
})

function nest(depth: number): unknown {
  let value: unknown = 'leaf'
  for (let i = 0; i < depth; i++) value = { child: [value] }
  return value
}
