/**
 * Issue 17, class "page names": a session whose id looks like one of the build's own names (`x.p2` beside
 * a two-page `x`, `x.files`, `x.search`) used to overwrite the other session's page. Stems now escape every
 * dot (src/site/plan/slug.ts), so `<stem>.<suffix>` names of two sessions never meet.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { longBashSession } from '../support/long-session'
import { collidingSessions, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, run, temp } from './support/harness'

afterAll(cleanTemps)

describe('session ids shaped like page names', () => {
  it('never take another session’s page', async () => {
    const long = longBashSession({ id: 'x', turns: 40, output: t => Array.from({ length: 200 }, (_, i) => `\u001b[32mx-${t}-${i}\u001b[0m ${'y'.repeat(40)}`).join('\n') })
    const root = writeRoot(temp(), [{ name: 'x', text: long.jsonl() }, ...collidingSessions().filter(s => s.id !== 'x').map(s => ({ name: s.id, text: s.text }))])
    const out = join(temp(), 'site')
    const r = await run(['build', root, '-o', out])
    expect(r.code).toBe(0)
    // x has several pages; every page of x is x's, and every other session has its own first page.
    const files = filesUnder(out)
    const xPages = files.filter(f => /^sessions\/x(\.p\d+)?\.html$/.test(f))
    expect(xPages.length).toBeGreaterThan(1)
    for (const page of xPages) expect(readFileSync(join(out, page), 'utf8'), page).not.toContain('I am session')
    for (const s of collidingSessions().filter(s => s.id !== 'x')) {
      const pages = files.filter(f => f.startsWith('sessions/') && f.endsWith('.html') && !f.includes('.trajectory.') && readFileSync(join(out, f), 'utf8').includes(`I am session ${s.id}<`))
      expect(pages, s.id).toHaveLength(1)
    }
  })
})
