/**
 * The transcript components in a real Chromium, checked against the dsh web ARIA goldens (cards.md §15):
 * rows built by the real card models from the goldens' own log lines, rendered by `renderToStaticMarkup`
 * with the real CSS-module stylesheet and the enhancement script, expanded as the upstream tests expand them,
 * then serialised with Playwright's `ariaSnapshot()` — the serialiser that wrote the goldens.
 *
 * One structural difference is normalised, on purpose: an expandable row is a native `<details>` (so it opens
 * with scripts off), which Playwright reports as an unnamed `group` around the row's button and body. Such
 * `- group:` lines are unwrapped before comparing; everything inside — roles, names, `[expanded]`, images and
 * texts — must match the golden exactly.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { cssModulesPlugin, scopedClassName } from '../../scripts/css-modules.mjs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { SessionView } from '../../components/session/SessionView'
import { toolRowModel } from '../../src/cards/tool-row'
import { call, fail, settle, withMeta } from '../../src/cards/testing'
import { trustHtml } from '../../src/cards/trusted'
import type { CardContext, PageRow } from '../../src/cards/types'
import type { ToolCallNode } from '../../src/conversation/tool-call'

const CHROMIUM = '/usr/bin/chromium'
const root = fileURLToPath(new URL('../..', import.meta.url))
const corpus = (p: string) => join(root, 'fixtures/corpus', p)
/** A unique workspace basename, replaced by `{{workspace}}` like the upstream normaliser does. */
const WORKSPACE = 'dsh-web-e2e-ws-q7zk'
const CWD = `/tmp/${WORKSPACE}`
const ctx: CardContext = { cwd: CWD, home: null, locale: 'en' }

// --- inputs: the goldens' own log lines -------------------------------------------------------------------

type Json = Record<string, unknown>
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The `data` of the first event of `type` in a JSONL fixture whose data mentions `callId`. */
function eventData(file: string, type: string, callId: string): Json {
  for (const line of readFileSync(corpus(file), 'utf8').split('\n')) {
    if (!line.includes(`"type":"${type}"`) || !line.includes(callId)) continue
    const parsed: unknown = JSON.parse(line)
    if (isJson(parsed) && isJson(parsed.data)) return parsed.data
  }
  throw new Error(`${file}: no ${type} for ${callId}`)
}

function callFrom(file: string, callId: string): ToolCallNode {
  const data = eventData(file, 'tool/call', callId)
  return call(String(data.name), String(data.arguments), { callId })
}

/** The result text and error of a `tool/result`, in either the legacy or the current shape. */
function resultFrom(file: string, callId: string): { text: string; isError: boolean; error: { name: string; code: string } | null } {
  const data = eventData(file, 'tool/result', callId)
  const message = isJson(data.message) ? data.message : null
  const envelope = message !== null && Array.isArray(message.content) && isJson(message.content[0]) ? message.content[0] : data
  const blocks = Array.isArray(envelope.content) ? envelope.content : []
  const text = blocks.filter(isJson).map((b) => String(b.text)).join('\n')
  const error = isJson(data.error) ? { name: String(data.error.name), code: String(data.error.code) } : null
  return { text, isError: envelope.isError === true, error }
}

function settled(file: string, callId: string): ToolCallNode {
  const node = callFrom(file, callId)
  const result = resultFrom(file, callId)
  return result.isError ? fail(node, result.text, result.error) : settle(node, result.text)
}

const PWSH = 'web-goldens/pwsh-terminal/seed.jsonl'
const ABORT = 'v0/acp-agent/cancel-tool-calls/session.jsonl'
const SKILL = 'v0/acp-agent/skill-load/session.jsonl'

function readRow(): PageRow {
  const path = `${CWD}/a.txt`
  const node = call('read', { file_path: path }, { callId: 'call_read_a' })
  const content = `<path>${path}</path>\n<type>file</type>\n<content>\n1: hello\n\n(End of file - total 1 lines)\n</content>`
  return toolRowModel(withMeta(node, content, { path, offset: 1, lines: [{ number: 1, text: 'hello' }], totalLines: 1 }), ctx)
}

/** A message time, replaced by `{{date}} {{clock}}` after serialising, as the upstream normaliser does. */
const TIME_LABEL = '2026-08-02 09:30:00 UTC'

/** Chat rows around the tools, as the view model states them for the skill-load log (cards.md §15.3 C). */
const chatRows: PageRow[] = [
  {
    kind: 'user', key: 'user:1', role: 'user', images: [],
    text: 'Load the editing-cordis-compositions skill with the skill tool, then reply DONE.',
    time: { iso: '2026-08-02T09:30:00.000Z', label: TIME_LABEL },
    copy: { label: 'Copy', copiedLabel: 'Copied', text: 'Load the editing-cordis-compositions skill with the skill tool, then reply DONE.' },
  },
  { kind: 'context', key: 'ctx:1', label: 'Context injection', producer: '@deepseek-ai/dsh-system-prompt', notice: null, text: 'runtime context' },
  { kind: 'context', key: 'ctx:2', label: 'Context injection', producer: 'skill-catalog', notice: null, text: 'skills' },
  { kind: 'think', key: 'step:1:1:0', title: 'Think', summary: 'Load the requested skill.', text: 'Load the requested skill.', running: false, hiddenStatus: null },
  { kind: 'think', key: 'step:1:2:0', title: 'Think', summary: 'The skill is loaded.', text: 'The skill is loaded.', running: false, hiddenStatus: null },
  { kind: 'markdown', key: 'step:1:2:1', text: 'DONE', html: trustHtml('<p>DONE</p>') },
]

const rows: PageRow[] = [
  ...chatRows,
  toolRowModel(settled(PWSH, 'call_pwsh_fail_0001'), ctx),
  toolRowModel(settled(ABORT, 'call_wait'), ctx),
  toolRowModel(settled(ABORT, 'call_skipped'), ctx),
  toolRowModel(settled(SKILL, 'call_skill_load'), ctx),
  readRow(),
]

// --- page assets: the real stylesheet and the enhancement script ------------------------------------------

async function stylesheet(): Promise<string> {
  const files = readdirSync(join(root, 'components'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.module.css'))
  const result = await build({
    stdin: { contents: files.map((p) => `import ${JSON.stringify(`./components/${p}`)}`).join('\n'), resolveDir: root, loader: 'js' },
    bundle: true, write: false, outdir: 'out', plugins: [cssModulesPlugin()], logLevel: 'silent',
  })
  return result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? ''
}

async function enhanceScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'components/enhance/enhance.ts')], bundle: true, write: false, format: 'iife',
    globalName: 'dshViewEnhance', target: 'es2022', logLevel: 'silent',
    // The script dresses Copy buttons with the components' class names (as scripts/site-assets.mjs bundles it).
    plugins: [cssModulesPlugin({ css: false })],
  })
  return result.outputFiles[0]?.text ?? ''
}

// --- snapshot helpers -----------------------------------------------------------------------------------

/** Removes unnamed `- group:` lines (native <details>) and lifts their children one level. */
function unwrapGroups(snapshot: string): string {
  const lines = snapshot.split('\n')
  const out: string[] = []
  const open: number[] = [] // indents of unwrapped groups still enclosing the current line
  for (const line of lines) {
    const indent = line.length - line.trimStart().length
    while (open.length > 0 && indent <= (open[open.length - 1] ?? -1)) open.pop()
    if (line.trim() === '- group:') {
      open.push(indent)
      continue
    }
    out.push(line.slice(Math.min(indent, 2 * open.length)))
  }
  return out.join('\n')
}

const golden = (p: string) => readFileSync(corpus(p), 'utf8')
/** The golden lines from the one starting with `first` up to (excluding) the one starting with `end`. */
function goldenSlice(p: string, first: string, end: string): string {
  const lines = golden(p).split('\n')
  const from = lines.findIndex((l) => l.startsWith(first))
  const to = lines.findIndex((l, i) => i > from && l.startsWith(end))
  expect(from, `${p}: ${first}`).toBeGreaterThanOrEqual(0)
  return lines.slice(from, to).join('\n')
}

// --- the test -------------------------------------------------------------------------------------------

const skip = !existsSync(CHROMIUM)
describe.skipIf(skip)(`components in Chromium (${skip ? `skipped: ${CHROMIUM} not found` : CHROMIUM})`, () => {
  let browser: Browser
  let page: Page
  let css = ''
  let script = ''
  const html = renderToStaticMarkup(
    createElement(SessionView, { label: 'Transcript', sections: [{ key: 'turn:1', turn: 1, label: 'Turn 1', inherited: false, rows }] }),
  )
  const id = (key: string) => `[id="${key}"]`

  beforeAll(async () => {
    ;[css, script] = await Promise.all([stylesheet(), enhanceScript()])
    const { chromium } = await import('playwright-core')
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    page = await open(true)
  })
  afterAll(async () => {
    await browser?.close()
  })

  /** One page per scripting mode; the enhanced page is shared by the tests, each expanding its own rows. */
  async function open(enhanced: boolean): Promise<Page> {
    const page = await browser.newPage({ javaScriptEnabled: enhanced })
    await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body><main>${html}</main></body></html>`)
    if (enhanced) {
      await page.addScriptTag({ content: script })
      await page.evaluate('dshViewEnhance.enhance(document)')
    }
    return page
  }
  // The snapshot is taken once the row reads as open. With scripts on, that is when the enhancement's
  // `toggle` listener has set the summary's aria-expanded (Playwright's `[expanded]` comes from it): the
  // `toggle` event is dispatched in a task of its own after the click, so `details[open]` alone can be seen
  // first, and under load the row was then snapshotted as collapsed. With scripts off, the open attribute is all.
  const expand = async (key: string, on = page) => {
    await on.locator(`${id(key)} > details > summary`).click()
    await on.locator(on === page ? `${id(key)} > details[open] > summary[aria-expanded="true"]` : `${id(key)} > details[open]`).waitFor()
  }

  test('the stylesheet and script were built (the checks below are not vacuous)', () => {
    expect(css).toMatch(new RegExp(`\\.${scopedClassName('header', 'DisclosureRow.module.css')}\\b`))
    expect(script).toContain('dshViewEnhance')
    expect(rows.map((r) => (r.kind === 'tool' ? `${r.tool}:${r.state}` : r.kind))).toEqual([
      'user', 'context', 'context', 'think', 'think', 'markdown', 'pwsh:error', 'bash:error', 'bash:error', 'skill:ok', 'read:ok',
    ])
  })

  test('pwsh terminal card equals web-goldens/pwsh-terminal/terminal-card.expected.md', async () => {
    await expand('tool:call_pwsh_fail_0001')
    const snapshot = await page.locator(`${id('tool:call_pwsh_fail_0001')} [data-terminal]`).ariaSnapshot()
    expect(`${snapshot.split(WORKSPACE).join('{{workspace}}')}\n`).toBe(golden('web-goldens/pwsh-terminal/terminal-card.expected.md'))
    // The enclosing row (outside the golden's region): Pwsh, summary = description, hidden Failed before it.
    const row = await page.locator(id('tool:call_pwsh_fail_0001')).ariaSnapshot()
    expect(unwrapGroups(row).split('\n').slice(0, 2)).toEqual(['- text: Failed', '- button "Pwsh Fail deliberately" [expanded]:'])
  })

  test('aborted Bash rows equal web-goldens/bash-abort-row/ui.expected.md (first row expanded)', async () => {
    await expand('tool:call_wait')
    const snapshot = [
      await page.locator(id('tool:call_wait')).ariaSnapshot(),
      await page.locator(id('tool:call_skipped')).ariaSnapshot(),
    ].join('\n')
    const expected = goldenSlice('web-goldens/bash-abort-row/ui.expected.md', `- 'button "Failed Bash Error: tool call aborted" [expanded]'`, '- textbox')
    expect(unwrapGroups(snapshot)).toBe(expected)
  })

  test('Skill row equals web-goldens/skill-tool-row/ui.expected.md (expanded)', async () => {
    await expand('tool:call_skill_load')
    const snapshot = await page.locator(id('tool:call_skill_load')).ariaSnapshot()
    const expected = goldenSlice('web-goldens/skill-tool-row/ui.expected.md', '- button "Skill editing-cordis-compositions" [expanded]', '- button "Think The skill is loaded."')
    expect(unwrapGroups(snapshot)).toBe(expected)
  })

  test('user message, context injections, Think rows and the answer equal the skill-tool-row golden', async () => {
    const parts = await Promise.all(['user:1', 'ctx:1', 'ctx:2', 'step:1:1:0'].map((key) => page.locator(id(key)).ariaSnapshot()))
    const expected = goldenSlice('web-goldens/skill-tool-row/ui.expected.md', '- text: Load the editing', '- button "Skill editing')
    expect(unwrapGroups(parts.join('\n')).replace(TIME_LABEL, '{{date}} {{clock}}')).toBe(expected)
    const answer = await Promise.all(['step:1:2:0', 'step:1:2:1'].map((key) => page.locator(id(key)).ariaSnapshot()))
    const expectedAnswer = goldenSlice('web-goldens/skill-tool-row/ui.expected.md', '- button "Think The skill is loaded."', '- button "Copy"')
    expect(unwrapGroups(answer.join('\n'))).toBe(expectedAnswer)
  })

  // The path is text inside the header button, not a button of its own: a control inside a button is invalid
  // (axe nested-interactive, issue 15), and dsh's own header reads as one text too.
  test('Read row: a button named "Read a.txt" holding the title and the path button; expanded, the read card', async () => {
    const collapsed = unwrapGroups(await page.locator(id('tool:call_read_a')).ariaSnapshot())
    expect(collapsed).toBe(['- button "Read a.txt":', '  - img', '  - img', '  - text: Read', '  - button "a.txt"'].join('\n'))
    await expand('tool:call_read_a')
    const open_ = unwrapGroups(await page.locator(id('tool:call_read_a')).ariaSnapshot())
    expect(open_.split('\n').slice(0, 4)).toEqual(['- button "Read a.txt" [expanded]:', '  - img', '  - text: Read', '  - button "a.txt"'])
    expect(open_).toContain('- text: a.txt')
    expect(open_).toContain('- button "Copy"')
    // Clicking the path copies it; it does not toggle the row.
    await page.locator(`${id('tool:call_read_a')} [data-copy-path]`).click()
    expect(await page.locator(`${id('tool:call_read_a')} > details`).getAttribute('open')).toBe('')
  })

  // The separator dot is the segment's `::before` with empty alternative text (issue 14): drawn before every
  // segment and nothing else, in the muted colour whatever the segment's own (the file link's accent), and
  // read by no name (the goldens above and the Read row's `button "Read a.txt"`).
  test('separator dots are drawn by CSS before each segment only, muted, out of the names', async () => {
    const dots = await page.evaluate(`[...document.querySelectorAll('[data-variant] > details > summary')].map((s) => ({
      row: s.closest('[id]').id,
      dots: [...s.querySelectorAll('span')].map((el) => [el.textContent, getComputedStyle(el, '::before').content])
        .filter(([, content]) => content !== 'none' && content !== 'normal').map(([text, content]) => text + ' ' + content),
    }))`)
    expect(dots).toEqual([
      { row: 'ctx:1', dots: ['@deepseek-ai/dsh-system-prompt "·" / ""'] },
      { row: 'ctx:2', dots: ['skill-catalog "·" / ""'] },
      { row: 'step:1:1:0', dots: ['Load the requested skill. "·" / ""'] },
      { row: 'step:1:2:0', dots: ['The skill is loaded. "·" / ""'] },
      { row: 'tool:call_pwsh_fail_0001', dots: ['Fail deliberately "·" / ""'] },
      { row: 'tool:call_wait', dots: ['Error: tool call aborted "·" / ""'] },
      { row: 'tool:call_skipped', dots: ['Error: tool call aborted before dispatch "·" / ""'] },
      { row: 'tool:call_skill_load', dots: ['editing-cordis-compositions "·" / ""'] },
      { row: 'tool:call_read_a', dots: ['a.txt "·" / ""'] },
    ])
    const colours = await page.locator(`${id('tool:call_read_a')} [data-copy-path]`).evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el, '::before').color, getComputedStyle(el.closest('summary')!.children[1]!, '::before').content])
    expect(colours[1]).not.toBe(colours[0])
    expect(colours[2]).toBe('none')
  })

  test('at 360 px nothing widens the page; dark and light schemes both apply', async () => {
    await page.setViewportSize({ width: 360, height: 800 })
    for (const key of ['tool:call_skipped', 'ctx:1', 'step:1:1:0']) await expand(key)
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360)
    const background = () => page.locator('[data-transcript]').evaluate((el) => getComputedStyle(el).backgroundColor)
    await page.emulateMedia({ colorScheme: 'light' })
    const light = await background()
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await background()).not.toBe(light)
    expect(light).toBe('rgb(255, 255, 255)')
  })

  test('with JavaScript off every row still opens and reads; Copy controls stay out of the way', async () => {
    const plain = await open(false)
    await expand('tool:call_pwsh_fail_0001', plain)
    const snapshot = await plain.locator(`${id('tool:call_pwsh_fail_0001')} [data-terminal]`).ariaSnapshot()
    // Without the (hidden) Copy button between them, the prompt line and the output read as one text.
    expect(snapshot.split(WORKSPACE).join('{{workspace}}')).toBe(
      `- text: "Failed {{workspace}} Get-Item missing.txt exit code 1 [stderr] Get-Item : Cannot find path 'missing.txt' because it does not exist."`,
    )
    // The header is the browser's own disclosure button, open, named by its text: the markup leaves `role` and
    // `aria-expanded` to the page script (for Playwright's serialiser and the goldens), Chromium needs neither.
    const cdp = await plain.context().newCDPSession(plain)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ role?: { value?: string }; name?: { value?: string }; properties?: Array<{ name: string; value: { value?: unknown } }> }> }
    const header = nodes.find((n) => n.name?.value === 'Pwsh Fail deliberately')
    expect(header?.role?.value).toBe('DisclosureTriangle')
    expect(header?.properties?.find((p) => p.name === 'expanded')?.value.value).toBe(true)
    await plain.close()
  })
})
