/** A descendant's ids never collide with its parent's: every key of its view model gets its stem. */
import { describe, expect, it } from 'vitest'
import { viewModel } from '../../cards/view-model'
import { assemble } from '../../conversation/builder'
import { parseLogText } from '../../log/json/parse-text'
import { session, toolCallBlock } from '../../log/testing/session'
import type { PageRow, PageViewModel } from '../../cards/types'
import { prefixKeys } from './keys'

function keysOf(view: PageViewModel): string[] {
  const out: string[] = []
  const row = (r: PageRow) => {
    out.push(r.key)
    if (r.kind === 'tool') r.children.forEach(row)
    if (r.kind === 'attempt') r.blocks.forEach(row)
  }
  for (const s of view.sections) {
    out.push(s.key)
    s.rows.forEach(row)
  }
  return out
}

describe('prefixKeys', () => {
  const s = session({ id: 'k', cwd: '/w' })
  s.turnStart()
  s.user('go')
  s.stepStart()
  s.assistant([toolCallBlock('c1', 'run_code', { code: 'x', description: 'd' })])
  s.call('run_code', { code: 'x', description: 'd' }, 'c1')
  s.dispatchStart('c1', 'read', { file_path: 'a' })
  s.dispatchEnd('c1', 'read', { file_path: 'a' }, 'text')
  s.result('c1', 'done')
  s.stepEnd()
  s.turnEnd()
  const view = viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' })

  it('prefixes every section, row, nested call and block key, the turn anchors, and nothing else', () => {
    const prefixed = prefixKeys(view, 'child/')
    const before = keysOf(view)
    expect(before.some(k => k.includes(':code:'))).toBe(true)
    expect(keysOf(prefixed)).toEqual(before.map(k => `child/${k}`))
    expect(prefixed.sections.map(s => s.anchor)).toEqual(view.sections.map(s => (s.anchor == null ? s.anchor : `child/${s.anchor}`)))
    expect(JSON.stringify(prefixed).replace(/"(key|anchor)":"child\//g, '"$1":"')).toBe(JSON.stringify(view))
  })

  it('leaves the root alone and does not mutate', () => {
    const copy = JSON.stringify(view)
    expect(prefixKeys(view, '')).toBe(view)
    prefixKeys(view, 'x/')
    expect(JSON.stringify(view)).toBe(copy)
  })
})
