/**
 * File mentions in a closing reply (cards-current.md §8.3; issue 28), in Chromium: inline code naming a file the
 * turn wrote or delivered is `code: → button "<name>"` in the tree, as dsh draws it, and leads to that file's row
 * or card; a delivered file's card reads as one text (name and description); code naming no file stays code.
 * Waits on the page (URL, polls), never on time.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { session } from '../../src/log/testing/session'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, fileBrowser, NO_CHROMIUM } from './chromium'

const enabled = chromiumPath() !== null
const browser = fileBrowser()
const ID = 'mentions-1'
let page: string

beforeAll(async () => {
  if (!enabled) return
  const log = session({ id: ID, cwd: '/home/dev/project', version: 4 })
  log.turnStart(); log.user('write a script and deliver notes'); log.stepStart()
  log.call('write', { file_path: 'src/run.sh', content: 'echo hi\n' }, 'w1'); log.result('w1', 'ok', { meta: { path: '/home/dev/project/src/run.sh' } })
  log.call('present', { files: [{ path: 'notes.md', description: 'Reading notes (draft)' }] }, 'p1'); log.result('p1', 'Delivered')
  log.push('deliverables/presented', { turn: 1, callId: 'p1', files: [{ path: '/home/dev/project/notes.md', description: 'Reading notes (draft)' }] })
  log.stepEnd(); log.stepStart(); log.assistant('Wrote `run.sh` and delivered `notes.md`; `other.md` is untouched.'); log.stepEnd(); log.turnEnd()
  const root = tempDir('dv-mention-root-')
  mkdirSync(join(root, '--home-dev-project--', ID), { recursive: true })
  writeFileSync(join(root, '--home-dev-project--', ID, 'session.jsonl'), log.jsonl())
  const site = tempDir('dv-mention-site-')
  await buildInto([root], site)
  page = pathToFileURL(join(site, 'sessions', `${ID}.html`)).href
}, 120_000)

describe.skipIf(!enabled)(`file mentions in Chromium (${chromiumPath() ?? NO_CHROMIUM})`, () => {
  it('are buttons in the tree, lead to the file’s card or row, and the card reads as one text', async () => {
    const tab = await browser().newPage()
    await tab.goto(page)
    const reply = tab.locator('[data-transcript] p', { hasText: 'delivered' })
    const tree = await reply.ariaSnapshot()
    expect(tree).toContain('- code:\n    - button "run.sh"')
    expect(tree).toContain('- code:\n    - button "notes.md"')
    expect(tree).toContain('- code: other.md')
    const card = tab.locator('[data-delivered] li').first()
    expect(await card.ariaSnapshot()).toBe('- listitem: notes.md Reading notes')
    await reply.getByRole('button', { name: 'notes.md' }).click()
    await tab.waitForURL(/#.*file-1$/)
    expect(await card.evaluate(el => el.matches(':target'))).toBe(true)
    await reply.getByRole('button', { name: 'run.sh' }).focus()
    await tab.keyboard.press(' ')
    await tab.waitForURL(/#tool%3Aw1$/)
    await tab.close()
  })
})
