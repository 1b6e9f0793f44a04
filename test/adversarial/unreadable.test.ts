/**
 * Logs that open but cannot be read at all (empty, blank, no header, not text, a zstd stream cut short or
 * corrupt) used to be left out of the site: the reason went to stderr only, and the published index did not
 * show that the session existed. Each now gets the damaged-session page — named by its folder, saying why —
 * and an index entry with status damaged; the other sessions are built and the build exits 1 as before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initZstdEncoder, zstdFrame } from '../../src/log/node/testing/zstd-encode'
import { startTestLive } from '../live-e2e/harness'
import { plainSession, unreadableLogs } from './support/generators'
import { cleanTemps, run, temp } from './support/harness'

afterAll(cleanTemps)
beforeAll(async () => {
  await initZstdEncoder()
})

function writeUnreadableRoot(): { root: string; logs: ReturnType<typeof unreadableLogs> } {
  const root = temp()
  const logs = unreadableLogs(text => zstdFrame(text))
  const project = join(root, '--home-dev-proj--')
  for (const log of logs) {
    mkdirSync(join(project, log.name), { recursive: true })
    writeFileSync(join(project, log.name, log.file), log.bytes)
  }
  mkdirSync(join(project, 'ok'), { recursive: true })
  writeFileSync(join(project, 'ok', 'session.jsonl'), plainSession('ok-session'))
  return { root, logs }
}

describe('a log that cannot be read at all', () => {
  it('gets a damaged-session page and index entry saying why; the others are built; exit 1', async () => {
    const { root, logs } = writeUnreadableRoot()
    const out = join(temp(), 'site')
    const r = await run(['build', root, '-o', out])
    expect(r.code).toBe(1)
    const index = readFileSync(join(out, 'index.html'), 'utf8')
    for (const log of logs) {
      const page = readFileSync(join(out, 'sessions', `${log.name}.html`), 'utf8')
      expect(page, log.name).toMatch(log.reason)
      const entry = new RegExp(`<li[^>]*data-status="(\\w+)"[^>]*>(?:(?!</li>)[^])*href="sessions/${log.name}\\.html"`).exec(index)
      expect(entry?.[1], log.name).toBe('damaged')
      expect(r.err, log.name).toContain(`could not read ${join(root, '--home-dev-proj--', log.name, log.file)}`)
    }
    expect(readFileSync(join(out, 'sessions', 'ok-session.html'), 'utf8')).toContain('Turn 1 of ok-session done.')
    // Deterministic like every page: a second build into another folder is byte-identical.
    const again = join(temp(), 'site')
    await run(['build', root, '-o', again])
    for (const log of logs) expect(readFileSync(join(again, 'sessions', `${log.name}.html`), 'utf8')).toBe(readFileSync(join(out, 'sessions', `${log.name}.html`), 'utf8'))
  })

  it('is served by live like any session', async () => {
    const { root, logs } = writeUnreadableRoot()
    const { live } = await startTestLive([root])
    try {
      const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
      expect(state.pages).toHaveLength(logs.length + 1)
      for (const page of state.pages) expect((await fetch(new URL(page.href, live.url))).status, page.href).toBe(200)
    } finally {
      await live.close()
    }
  }, 60_000)
})
