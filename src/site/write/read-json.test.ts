import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readJsonObject } from './read-json'

const dir = mkdtempSync(join(tmpdir(), 'read-json-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('readJsonObject', () => {
  it.each([
    ['an object within the cap', '{"a":1}', 100, { a: 1 }],
    ['an object exactly at the cap', '{"a":12}', 8, { a: 12 }],
    ['an object one byte over the cap', '{"a":123}', 8, null],
    ['an array (an object to JSON; the caller checks the shape)', '[1]', 100, [1]],
    ['not JSON', '{"a"', 100, null],
    ['null', 'null', 100, null],
  ])('%s', async (name, text, cap, expected) => {
    const path = join(dir, `${name.replace(/\W+/g, '-')}.json`)
    writeFileSync(path, text)
    expect(await readJsonObject(path, cap)).toEqual(expected)
  })

  it('is null for a missing file', async () => {
    expect(await readJsonObject(join(dir, 'nothing.json'), 100)).toBeNull()
  })
})
