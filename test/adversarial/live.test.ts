/**
 * Issue 17 through `dsh-view live`: a root holding a log nested thousands of levels deep and one named with
 * prototype members starts, serves a page for every session and the site state, and closes cleanly.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { startTestLive } from '../live-e2e/harness'
import { deepSession, plainSession, protoSession, writeRoot } from './generators'
import { cleanTemps, temp } from './harness'

afterAll(cleanTemps)

describe('live on hostile logs', () => {
  it('serves every session', async () => {
    const root = writeRoot(temp(), [
      { name: 'deep', text: deepSession('deep-live', 5000) },
      { name: 'proto', text: protoSession('toString') },
      { name: 'ok', text: plainSession('ok-live') },
    ])
    const { live } = await startTestLive([root])
    try {
      const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
      expect(state.pages).toHaveLength(3)
      for (const page of state.pages) {
        const res = await fetch(new URL(page.href, live.url))
        expect(res.status, page.href).toBe(200)
        await res.text()
      }
    } finally {
      await live.close()
    }
  }, 60_000)
})
