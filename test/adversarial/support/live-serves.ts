/**
 * The live half of the adversarial suite: `dsh-view live` over a root starts, lists `sessions` pages in its
 * site state, serves each of them, and closes cleanly.
 */
import { expect } from 'vitest'
import { startTestLive } from '../../live-e2e/harness'

export async function expectLiveServesEveryPage(root: string, sessions: number): Promise<void> {
  const { live } = await startTestLive([root])
  try {
    const state = (await (await fetch(`${live.url}live/site`)).json()) as { pages: { href: string }[] }
    expect(state.pages).toHaveLength(sessions)
    for (const page of state.pages) {
      const res = await fetch(new URL(page.href, live.url))
      expect(res.status, page.href).toBe(200)
      await res.text()
    }
  } finally {
    await live.close()
  }
}
