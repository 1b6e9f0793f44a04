// @vitest-environment happy-dom
/**
 * A shard in the page itself (the one-file export's JSON data block, src/export/html/search.ts): read as
 * data, checked like a pushed shard, and refused when it is anything else — another element, another
 * session, broken JSON. Nothing is loaded: no `<script src>` is ever added for a `#id`.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { loadShard } from './shards'

const shard = { v: 1, session: 'root', title: 'Root', complete: true, rows: [['user:1', 'user', '', '', 'You', 'hello']] }

afterEach(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

const block = (text: string, type = 'application/json', tag = 'script') => {
  const el = document.createElement(tag)
  el.id = 'dsh-search-data'
  if (tag === 'script') el.setAttribute('type', type)
  el.textContent = text
  document.body.append(el)
}

describe('loadShard from a data block (#id)', () => {
  it('reads the JSON block as a shard, without adding a script', async () => {
    block(JSON.stringify(shard))
    const got = await loadShard(document, '#dsh-search-data', 'root')
    expect(got?.rows).toEqual(shard.rows)
    expect(document.querySelectorAll('script[src]')).toHaveLength(0)
  })

  it.each([
    ['another session', () => block(JSON.stringify(shard)), 'other'],
    ['broken JSON', () => block('{"v":1,'), 'root'],
    ['not a JSON block', () => block(JSON.stringify(shard), 'text/javascript'), 'root'],
    ['not a script element', () => block(JSON.stringify(shard), '', 'div'), 'root'],
    ['no such element', () => undefined, 'root'],
  ])('is null for %s', async (_name, setup, session) => {
    setup()
    expect(await loadShard(document, '#dsh-search-data', session)).toBeNull()
    expect(document.querySelectorAll('script[src]')).toHaveLength(0)
  })
})
