/**
 * Issue 17 through `dsh-view live`: a root holding a log nested thousands of levels deep and one named with
 * prototype members starts, serves a page for every session and the site state, and closes cleanly.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { deepSession, plainSession, protoSession, writeRoot } from './support/generators'
import { cleanTemps, temp } from './support/harness'
import { expectLiveServesEveryPage } from './support/live-serves'

afterAll(cleanTemps)

describe('live on hostile logs', () => {
  it('serves every session', async () => {
    const root = writeRoot(temp(), [
      { name: 'deep', text: deepSession('deep-live', 5000) },
      { name: 'proto', text: protoSession('toString') },
      { name: 'ok', text: plainSession('ok-live') },
    ])
    await expectLiveServesEveryPage(root, 3)
  }, 60_000)
})
