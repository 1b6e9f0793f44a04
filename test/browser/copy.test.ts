/**
 * What the Copy controls put on the clipboard, read back from Chromium's real clipboard (issue 28), on a real
 * dsh session (the demo's weather-cli run: an answer with a `### What changed` heading, `**bold**` paths, a
 * fenced ```sh block and inline code). Checked: the answer's Copy gives its Markdown as written (not the
 * rendered text, which ran paragraphs together and took in the code block's `sh` label and its button's
 * `Copy`); a code block's Copy gives the code; a terminal card's Copy gives the command's output; a row
 * header copies its path from the keyboard (`c`) and from a click on the path; every copy shows `Copied` on
 * the control and says it in a live region. Waits on the page (polls), never on time.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { assemble, chatNodes } from '../../src/conversation'
import { loadSession } from '../../src/log/node'
import { buildInto, tempDir } from '../support/build'
import { chromiumPath, fileBrowser, NO_CHROMIUM } from './chromium'

const DEMO = fileURLToPath(new URL('../../demo/sessions/--home-dev-weather-cli--/', import.meta.url))
const enabled = chromiumPath() !== null
const browser = fileBrowser()

let site: string
let stem: string
/** The closing reply's Markdown blocks as the log holds them, joined as dsh joins them. */
let answer: string
let context: BrowserContext

beforeAll(async () => {
  if (!enabled) return
  const dir = readdirSync(DEMO)[0] ?? ''
  stem = dir
  const loaded = await loadSession(join(DEMO, dir, 'session.jsonl.zstd'))
  if (!loaded.ok) throw new Error(loaded.error)
  const nodes = chatNodes(assemble(loaded.session.lines))
  const last = nodes.filter(n => n.kind === 'assistant').at(-1)
  if (last?.kind !== 'assistant') throw new Error('the demo session has no answer')
  answer = last.blocks.flatMap(b => (b.type === 'markdown' ? [b.text] : [])).join('\n\n')
  site = tempDir('dv-copy-site-')
  await buildInto([DEMO], site)
  context = await browser().newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
}, 120_000)

async function open(): Promise<Page> {
  const page = await context.newPage()
  await page.goto(pathToFileURL(join(site, 'sessions', `${stem}.html`)).href)
  await page.evaluate(() => navigator.clipboard.writeText(''))
  return page
}

/** Every fold open (the rows sit in the whole-turn fold), Inspect panels aside. */
const expandAll = (page: Page) => page.getByRole('button', { name: 'Expand all' }).click()
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const announced = (page: Page) => page.locator('body > [role=status][data-copy-status]').textContent()

describe.skipIf(!enabled)(`Copy controls in Chromium (${chromiumPath() ?? NO_CHROMIUM})`, () => {
  it('the answer’s Copy gives its Markdown as written, shows Copied and announces it', async () => {
    expect(answer).toContain('### What changed')
    expect(answer).toContain('```sh')
    const page = await open()
    const copy = page.locator('[data-m="n"] > button[data-copy]').last()
    await copy.click()
    await expect.poll(() => clipboard(page)).toBe(answer)
    expect(await copy.textContent()).toBe('Copied')
    await expect.poll(() => announced(page)).toBe('Copied')
    await expect.poll(() => copy.textContent()).toBe('Copy')
    await page.close()
  })

  it('a code block’s Copy gives the code alone', async () => {
    const page = await open()
    await page.locator('[data-md-code] button[data-copy-code]').first().click()
    const code = await clipboard(page)
    expect(code).toContain('weather Oslo -3 --units imperial')
    expect(answer).toContain(code.trimEnd())
    expect(code).not.toContain('Copy')
    expect(code.startsWith('sh')).toBe(false)
    await page.close()
  })

  it('a terminal card’s Copy gives the output, and sits over the output rather than on the command row', async () => {
    const page = await open()
    await expandAll(page)
    const row = page.locator('[data-variant="bash"]').first()
    const terminal = row.locator('[data-terminal]')
    const button = terminal.locator('button[data-copy]')
    await button.click()
    const output = await terminal.locator('> div').last().textContent()
    await expect.poll(() => clipboard(page)).toBe(output)
    const [command, copy] = await Promise.all([terminal.locator('[class] > div > div').first().boundingBox(), button.boundingBox()])
    expect(copy !== null && command !== null && copy.y >= command.y + command.height).toBe(true)
    await page.close()
  })

  it('a row header copies its path from the keyboard and from a click on the path, which does not toggle the row', async () => {
    const page = await open()
    await expandAll(page)
    const row = page.locator('[data-variant="read"]').first()
    const summary = row.locator('summary').first()
    const path = summary.locator('[data-copy-path]')
    const full = await path.getAttribute('data-copy-path')
    expect(full).toMatch(/^\/home\/dev\/weather-cli\//)
    await summary.focus()
    await page.keyboard.press('c')
    await expect.poll(() => clipboard(page)).toBe(full)
    await expect.poll(() => announced(page)).toBe('Copied')
    await page.evaluate(() => navigator.clipboard.writeText(''))
    await path.click()
    await expect.poll(() => clipboard(page)).toBe(full)
    expect(await row.locator('> details').getAttribute('open')).toBe('')
    await page.close()
  })
})
