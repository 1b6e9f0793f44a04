/**
 * `dsh-view export SESSION --replay -o FILE.html` (issue 30 point 6) through the CLI: one file and nothing
 * beside it, which loads nothing (no file or URL referenced, one executable script — the file's own), with
 * the root session's replay as an inert JSON data block its `<meta name="dsh-replay">` names; the same bytes
 * on a re-run; an untimed log plays paced; without `--replay` the file carries no replay at all; `--replay`
 * without `-o` is a usage error. A root that spawns a subagent carries the child's progress on its card
 * (src/replay/progress.ts), at the child log's clocks; one that spawns none carries no progress fields. The browser side (the embed API) is test/browser/replay-embed.test.ts.
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
const NESTED = corpus('v0/acp-agent/subagent-depth-two-rejection/session.jsonl')
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

  it('carries a subagent’s progress on its card, at the child log’s clocks', async () => {
    const dir = tempDir('dv-export-replay-')
    const file = join(dir, 'nested.html')
    expect((await exportCli([NESTED, '--replay', '-o', file])).code).toBe(0)
    const index = replayOf(readFileSync(file, 'utf8'))
    const cards = index?.data?.items.filter(i => i.ticks !== undefined) ?? []
    expect(cards).toHaveLength(1)
    // The child's log (session.1.jsonl), read here: its tool call and last message, from the parent's call.
    const lines = (name: string) => readFileSync(join(NESTED, '..', name), 'utf8').split('\n').filter(l => l.trim() !== '').map(l => JSON.parse(l) as { type: string; time: number; data: { name?: string } })
    const call = lines('session.jsonl').find(e => e.type === 'tool/call')?.time ?? 0
    const child = lines('session.1.jsonl')
    const childCall = child.find(e => e.type === 'tool/call')
    const lastMessage = child.filter(e => e.type === 'assistant/message').at(-1)
    const card = cards[0]
    expect(card?.ticks?.map(t => [t.t - (card?.t0 ?? 0), t.tool])).toEqual([
      [(childCall?.time ?? 0) - call, null],
      [(childCall?.time ?? 0) - call, childCall?.data.name],
      [(lastMessage?.time ?? 0) - call, null],
    ])

    const plain = join(dir, 'plain.html')
    expect((await exportCli([RETRY, '--replay', '-o', plain])).code).toBe(0)
    const block = [...readFileSync(plain, 'utf8').matchAll(BLOCK)][0]?.[1] ?? ''
    expect(block).not.toMatch(/"sub"|"tools"/)
  })
})
