/**
 * `dsh-view build` on a big session into a new folder (issue 14, first view; src/site/preview.ts): the
 * command says on stderr when a preview is readable, and `--open` opens it then, once — not the finished
 * index again. A rebuild has no preview and opens the finished index.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { session, toolCallBlock } from '../src/log/testing/session'
import { PREVIEW_MIN_BYTES } from '../src/site/preview'
import { tempDir } from '../test/support/build'
import { parseInvocation } from './args'
import { runBuild } from './build'
import { captureIo } from '../test/support/io'

/** A session just over the preview threshold: long tool outputs, a turn each. */
function bigSession(): string {
  const s = session({ id: 'big-one', cwd: '/home/dev/big' })
  for (let t = 1; Buffer.byteLength(s.jsonl()) < PREVIEW_MIN_BYTES + 64 * 1024; t++) {
    s.turnStart()
    s.user(`Turn ${t}: show the log`)
    s.stepStart()
    const callId = `call-${t}`
    s.assistant([toolCallBlock(callId, 'bash', { command: `cat log${t}`, description: `Show log${t}` })])
    s.call('bash', { command: `cat log${t}` }, callId)
    s.result(callId, Array.from({ length: 2_000 }, (_, i) => `line ${i} of log ${t}: ${'y'.repeat(120)}`).join('\n'))
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}

interface Opened {
  target: string
  /** The opened page's text at the moment it was opened. */
  html: string
}

/** Records what `--open` opened, with the page's text at that moment. */
const testIo = (opened: Opened[]) =>
  captureIo({}, async target => void opened.push({ target, html: readFileSync(target, 'utf8') }))

describe('build --open on a big session', () => {
  it('opens the preview as soon as it is there, once; a rebuild opens the finished index', async () => {
    const root = tempDir()
    const dir = join(root, '--home-dev-big--', 'big-one')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), bigSession())
    const out = join(tempDir(), 'site')
    const opened: Opened[] = []
    const io = testIo(opened)
    expect(await runBuild(parseInvocation(['build', root, '-o', out, '--open']) as Parameters<typeof runBuild>[0], io)).toBe(0)
    expect(opened.map(o => o.target)).toEqual([join(out, 'index.html')])
    expect(opened[0]?.html).toContain('Preview: the first pages of 1 session')
    expect(io.err).toContain(`dsh-view: a preview is readable while the rest builds: ${join(out, 'index.html')}\n`)
    // stdout still names the finished index, alone (scripts read it).
    expect(io.out).toBe(`${join(out, 'index.html')}\n`)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toContain('Preview:')

    const again: Opened[] = []
    const io2 = testIo(again)
    expect(await runBuild(parseInvocation(['build', root, '-o', out, '--open']) as Parameters<typeof runBuild>[0], io2)).toBe(0)
    expect(again.map(o => o.target)).toEqual([join(out, 'index.html')])
    expect(again[0]?.html).not.toContain('Preview:')
    expect(io2.err).not.toContain('preview')
  }, 180_000)
})
