/**
 * `dsh-view export` end to end without a browser: the real pipeline on the demo subagent family and a long
 * generated session — one file referencing no other, byte-identical on a re-run, every session of the tree
 * in it, long sessions in parts, cut outputs embedded; the summary beside it; the CLI's output and exit codes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runExport } from '../../cli/export'
import { parseInvocation } from '../../cli/args'
import type { Io } from '../../cli/io'
import { UserError } from '../../cli/user-error'
import { exportSession, transcriptLink, type ExportOptions } from '../../src/export/export'
import { renderHtmlExport } from '../../src/export/html/render-export'
import { loadFamily } from '../../src/export/load'
import { resolveFamily } from '../../src/export/resolve'
import { linksOf } from '../support/files'
import { tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'
import { DEMO_PARENT, writeLongSession } from './sessions'

const base = { linkBase: null, locale: 'en' as const, env: {}, homedir: '/nonexistent-home' }
const run = async (options: Partial<ExportOptions> & { session: string }) =>
  exportSession({ html: null, markdown: null, ...base, assets: await testSiteAssets(), ...options })

describe('the one-file export', () => {
  it('holds the demo family, links nothing outside itself, and is byte-identical on a re-run', async () => {
    const dir = tempDir('dv-export-')
    const a = await run({ session: DEMO_PARENT, html: join(dir, 'a.html') })
    const b = await run({ session: DEMO_PARENT, html: join(dir, 'b.html') })
    const html = readFileSync(join(dir, 'a.html'), 'utf8')
    expect(readFileSync(join(dir, 'b.html'))).toEqual(readFileSync(join(dir, 'a.html')))
    expect(a.sessions).toBe(3)
    expect(b.html?.bytes).toBe(Buffer.byteLength(html))
    for (const href of linksOf(html)) expect(href, href).toMatch(/^(#|https?:)/)
    expect(html).not.toMatch(/<(link|img|iframe|object|embed)\b/)
    expect(html.match(/data-export-session=""/g)).toHaveLength(2)
    expect(html.match(/<h1\b/g)).toHaveLength(1)
  })

  it('--view sets the file’s default mode; one Work details control, in the file’s header only', async () => {
    const dir = tempDir('dv-export-view-')
    await run({ session: DEMO_PARENT, html: join(dir, 'v.html'), view: 'verbose' })
    const html = readFileSync(join(dir, 'v.html'), 'utf8')
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en" data-view="verbose">/i)
    expect(html.match(/data-view-switch[ >]/g)).toHaveLength(1)
    expect(html).toContain('<option value="verbose" selected>Verbose</option>')
    expect(html.indexOf(' data-view-switch')).toBeLessThan(html.indexOf(' data-export-session'))
    await run({ session: DEMO_PARENT, html: join(dir, 'd.html') })
    expect(readFileSync(join(dir, 'd.html'), 'utf8')).toMatch(/^<!DOCTYPE html>\n<html lang="en" data-view="detailed">/i)
  })

  it('renders a long session in parts with in-file navigation and embeds the cut output', async () => {
    const out = await renderHtmlExport({ sessions: (await loadFamily(await resolveFamily(writeLongSession(), base))).sessions, assets: await testSiteAssets(), locale: 'en', highlight: false })
    expect(out.parts).toBeGreaterThan(2)
    expect(out.omittedParts).toBe(0)
    expect(out.fullTexts).toBe(1)
    expect(out.notEmbedded).toBe(0)
    const navTargets = [...out.html.matchAll(/href="#(part-long-export-\d+)"/g)].map(m => m[1])
    expect(new Set(navTargets).size).toBe(out.parts)
    for (const id of navTargets) expect(out.html).toContain(`id="${id}"`)
    const full = /href="#(full-[0-9a-f]+)"/.exec(out.html)?.[1]
    expect(out.html).toContain(`id="${full}"`)
    expect(out.html).toMatch(/<script type="application\/octet-stream" data-export-blob="">[A-Za-z0-9+/=]+<\/script>/)
  })

  it('leaves parts out from the middle, with a note, when the tree is over the budget', async () => {
    const sessions = (await loadFamily(await resolveFamily(writeLongSession(), base))).sessions
    const out = await renderHtmlExport({ sessions, assets: await testSiteAssets(), locale: 'en', highlight: false, budget: { bytes: 10_000, nodes: 100_000 } })
    expect(out.parts).toBeGreaterThan(2)
    expect(out.omittedParts).toBe(out.parts - 1)
    expect(out.overBudget).toBe(true)
    expect(out.html).toMatch(/Parts? 2(–\d+)? of \d+ \([\d.]+ [KM]B\) (is|are) not in this file/)
    expect(out.html).toContain('id="part-long-export-1"')
    // The nav links every part to something in the file.
    for (const m of out.html.matchAll(/href="#(part-long-export-\d+)"/g)) expect(out.html).toContain(`id="${m[1]}"`)
  })
})

describe('the summary beside it', () => {
  it('names the HTML file it was written with, relative to itself', async () => {
    const dir = tempDir('dv-export-')
    const report = await run({ session: DEMO_PARENT, html: join(dir, 'out', 'session.html'), markdown: join(dir, 'summary.md') })
    expect(report.markdown?.level).toBe(0)
    const md = readFileSync(join(dir, 'summary.md'), 'utf8')
    // One link, relative to the summary (issue 15 item 8: no local path, no second "Full transcript").
    expect(md).toContain('**[Full transcript](<out/session.html>)**')
    expect(md.split('Full transcript')).toHaveLength(2)
    expect(md).not.toContain(dir)
    expect(md).toContain('Use the subagent tool TWICE')
  })

  it.each([
    ['HTML and a link base', { html: 'x/export.html', markdown: 'x/s.md', linkBase: 'https://ci.example/a/' }, 'https://ci.example/a/export.html', 'https://ci.example/a/export.html#session-kid'],
    ['only a summary, with a link base (the site)', { html: null, markdown: 's.md', linkBase: 'https://h.example/site/' }, 'https://h.example/site/sessions/root.html', 'https://h.example/site/sessions/kid.html'],
    ['only a summary, no link base: relative to the site root', { html: null, markdown: 's.md', linkBase: null }, 'sessions/root.html', 'sessions/kid.html'],
    ['HTML beside a summary on stdout, no link base', { html: 'transcript.html', markdown: '-', linkBase: null }, 'transcript.html', 'transcript.html#session-kid'],
  ])('transcript link: %s', (_name, options, href, child) => {
    const link = transcriptLink('root', options)
    expect(link.href).toBe(href)
    expect(link.session('kid')).toBe(child)
  })
})

describe('dsh-view export (CLI)', () => {
  function io() {
    const out: string[] = []
    const err: string[] = []
    const value: Io = { stdout: t => void out.push(t), stderr: t => void err.push(t), stderrIsTty: false, env: {}, open: async () => {} }
    return { value, out, err }
  }

  it('prints the files written on stdout, a line per file on stderr, exit 0', async () => {
    const dir = tempDir('dv-export-cli-')
    const inv = parseInvocation(['export', DEMO_PARENT, '-o', join(dir, 'e.html'), '--markdown', join(dir, 'e.md')])
    if (inv.mode !== 'export') throw new Error('not an export invocation')
    const { value, out, err } = io()
    expect(await runExport(inv, value)).toBe(0)
    expect(out.join('')).toBe(`${join(dir, 'e.html')}\n${join(dir, 'e.md')}\n`)
    expect(err.join('')).toMatch(/e\.html: 3 sessions, [\d.]+ KB\n.*e\.md: summary of 3 sessions/s)
  })

  it('a session that cannot be found is exit 1 with a hint', async () => {
    const inv = parseInvocation(['export', 'no-such-session', '--markdown', 'x.md'])
    if (inv.mode !== 'export') throw new Error('not an export invocation')
    await expect(runExport(inv, io().value)).rejects.toMatchObject({ exitCode: 1 })
  })

  it.each([
    [['export'], /needs the session/],
    [['export', 's'], /needs -o FILE.html, --markdown FILE.md, or both/],
    [['export', 'a', 'b', '-o', 'x.html'], /one session/],
    [['export', 's', '-o', 'same', '--markdown', 'same'], /same file/],
    [['export', 's', '--markdown', 'x.md', '--link-base', 'ftp://x'], /--link-base must be an http\(s\) URL/],
    [['export', 's', '--markdown', 'x.md', '--nope'], /Unknown option/],
  ])('usage error: %j', (argv, message) => {
    expect(() => parseInvocation(argv)).toThrow(UserError)
    expect(() => parseInvocation(argv)).toThrow(message)
  })

  it('parses every option', () => {
    expect(parseInvocation(['export', 'id', '-o', 'a.html', '--markdown', 'a.md', '--link-base', 'https://x.example/p', '--locale', 'zh', '--redact'])).toEqual({
      mode: 'export', session: 'id', inputs: [], latest: null, html: 'a.html', markdown: 'a.md', linkBase: 'https://x.example/p/', locale: 'zh', redact: { configFile: null }, view: 'detailed', quiet: false, verbose: false,
    })
  })
})
