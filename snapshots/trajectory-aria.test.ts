/**
 * The reviewed ARIA goldens of one Trajectory page (issue 29 point 6): the ptc-round log (a run_code program
 * with PTC sub-calls, a caught error, two requests) as `dsh-view snapshot --format aria --tab trajectory
 * --locale en|zh` prints it, every record's fold open — ledger rows and their names, inspector headings,
 * Summary/Usage/Timing definition lists, the links back to Chat — in `snapshots/trajectory-aria/<locale>/`.
 * Checked through what CI users run (`--out DIR --check`, cli/snapshot.ts), in Chromium, with the current
 * site assets.
 *
 * A failure prints the unified diff. Review it like code; if the change is intended, rewrite the files with
 * `DSH_SNAPSHOT=refresh npx vitest run snapshots/trajectory-aria.test.ts` and say in the commit what users
 * will see.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInvocation } from '../cli/args'
import { runSnapshot } from '../cli/snapshot'
import { chromiumPath } from '../test/browser/chromium'
import { captureIo } from '../test/support/io'
import { testSiteAssets } from '../test/support/site-assets'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const LOG = here('../fixtures/corpus/v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl')

describe.skipIf(chromiumPath() === null)('ARIA goldens of a Trajectory page (snapshots/trajectory-aria/)', () => {
  it.each(['en', 'zh'])('%s', { timeout: 180_000 }, async (locale) => {
    const out = here(`./trajectory-aria/${locale}`)
    const inv = parseInvocation(['snapshot', LOG, '--format', 'aria', '--tab', 'trajectory', '--locale', locale, '--out', out, '--check'])
    if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
    const io = captureIo({ DSH_SNAPSHOT: process.env['DSH_SNAPSHOT'] })
    // The current components and page script (the CLI's default is the package build's copy of them).
    const code = await runSnapshot(inv, io, { assets: await testSiteAssets() })
    expect(io.out, io.err).toBe('')
    expect(code, io.err).toBe(0)
    // One golden per locale, nothing stale beside it.
    expect(readdirSync(out).filter((f) => f.endsWith('.aria.yml'))).toHaveLength(1)
  })
})
