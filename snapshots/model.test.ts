/**
 * Golden conversation models: `snapshots/<scenario>/model.json` for every corpus log (plain and zstd),
 * read through the CLI's own reader (src/log/node) so zstd frames, packed rows and torn tails are
 * exercised, then folded once. A golden diff is a visible change: review it like code, and say in the
 * commit what users will now see. Never re-record (`vitest -u`) just to turn CI green.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/conversation'
import { loadSession } from '../src/log/node'
import { corpusLogs } from './corpus'
import { goldenJson } from './golden-json'

describe.each(corpusLogs())('$scenario', ({ scenario, url }) => {
  it('model.json', async () => {
    const loaded = await loadSession(fileURLToPath(url))
    if (!loaded.ok) throw new Error(`${scenario}: ${loaded.error}`)
    const { lines, tornTail } = loaded.session
    await expect(goldenJson(assemble(lines, { tornTail }))).toMatchFileSnapshot(`./${scenario}/model.json`)
  })
})
