/**
 * `dsh-view export SESSION --replay -o FILE.html` (issue 30 point 6) through the CLI: one file and nothing
 * beside it, which loads nothing (no file or URL referenced, one executable script — the file's own), with
 * the root session's replay as an inert JSON data block its `<meta name="dsh-replay">` names; the same bytes
 * on a re-run; an untimed log plays paced; without `--replay` the file carries no replay at all; `--replay`
 * without `-o` is a usage error. The browser side (the embed API) is test/browser/replay-embed.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInvocation } from '../../cli/args'
import { runExport } from '../../cli/export'
import type { Io } from '../../cli/io'
import { UserError } from '../../cli/user-error'
import { decodeIndex, type ReplayIndex } from '../../src/replay/data'
import { linksOf } from '../support/files'
import { tempDir } from '../support/build'

const corpus = (rel: string) => fileURLToPath(new URL(`../../fixtures/corpus/${rel}`, import.meta.url))
const RETRY = corpus('v0/acp-agent/empty-response-retry/session.jsonl')
const UNTIMED = corpus('v4/logs/zq0929__snapshots_session_empty-response-retry-current_session.v4.jsonl')

async function exportCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const inv = parseInvocation(['export', ...argv])
  if (inv.mode !== 'export') throw new Error('not an export invocation')
  const out: string[] = []
  const err: string[] = []
  const io: Io = { stdout: t => void out.push(t), stderr: t => void err.push(t), stderrIsTty: false, env: {}, open: async () => {} }
  const code = await runExport(inv, io)
  return { code, out: out.join(''), err: err.join('') }
}

const BLOCK = /<script type="application\/json" id="dsh-replay-data">(.*?)<\/script>/gs

function replayOf(html: string): ReplayIndex | null {
  const blocks = [...html.matchAll(BLOCK)]
  if (blocks.length !== 1) return null
  return decodeIndex(JSON.parse(blocks[0]?.[1] ?? '') as unknown)
}

describe('dsh-view export --replay', () => {
  it('writes one offline file holding the replay data, byte-identical on a re-run', async () => {
    const dir = tempDir('dv-export-replay-')
    const file = join(dir, 'demo.html')
    const run = await exportCli([RETRY, '--replay', '-o', file])
    expect(run.code).toBe(0)
    expect(run.out).toBe(`${file}\n`)
    expect(readdirSync(dir)).toEqual(['demo.html'])
    const html = readFileSync(file, 'utf8')

    expect(html.match(/<meta name="dsh-replay"[^>]*>/g)).toEqual(['<meta name="dsh-replay" content="#dsh-replay-data" data-page="1" data-autoplay="">'])
    const index = replayOf(html)
    expect(index).not.toBeNull()
    expect(index?.timed).toBe(true)
    expect(index?.data?.items.length).toBeGreaterThan(3)
    expect(index?.data?.items.some(i => i.failed)).toBe(true)

    // Offline: nothing to load — no element that fetches, no src attribute, links only in-file or http(s),
    // and one script that runs (the file's own, allowed by its hash); the replay data is not executable.
    expect(html).not.toMatch(/<(link|img|iframe|object|embed|audio|video|source|track|frame)\b/i)
    expect(html).not.toMatch(/\ssrc\s*=/i)
    for (const href of linksOf(html)) expect(href, href).toMatch(/^(#|https?:)/)
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html.match(/<script\b[^>]*>/g)?.filter(tag => tag !== '<script>' && !/type="application\/(json|octet-stream)"/.test(tag))).toEqual([])
    expect(html).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+';/)

    const again = join(dir, 'again.html')
    await exportCli([RETRY, '--replay', '-o', again])
    expect(readFileSync(again)).toEqual(readFileSync(file))
  })

  it('a log without clocks still gets a replay, paced', async () => {
    const file = join(tempDir('dv-export-replay-'), 'untimed.html')
    expect((await exportCli([UNTIMED, '--replay', '-o', file])).code).toBe(0)
    const index = replayOf(readFileSync(file, 'utf8'))
    expect(index?.timed).toBe(false)
    expect(index?.data?.items.length).toBeGreaterThan(0)
  })

  it('without --replay the file carries no replay', async () => {
    const file = join(tempDir('dv-export-replay-'), 'plain.html')
    expect((await exportCli([RETRY, '-o', file])).code).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html).not.toContain('<meta name="dsh-replay"')
    expect(html).not.toContain('id="dsh-replay-data"')
  })

  it('--replay without -o is a usage error', () => {
    expect(() => parseInvocation(['export', 's', '--markdown', 'x.md', '--replay'])).toThrow(UserError)
    expect(() => parseInvocation(['export', 's', '--markdown', 'x.md', '--replay'])).toThrow(/--replay puts the replay in the HTML file: it needs -o FILE.html/)
    expect(parseInvocation(['export', 's', '-o', 'x.html', '--replay'])).toMatchObject({ mode: 'export', replay: true })
  })
})
