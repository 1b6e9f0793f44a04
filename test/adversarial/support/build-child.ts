/**
 * The builds of the kill test: `node build-child.mjs <dist/site/>` loads the pipeline once, says `loaded`,
 * then runs one build per stdin line (`{"out": …, "inputs": […]}`) with the package's site assets, no
 * colours and no threads, reporting each step on stderr (`start`, one `advance` per session, `finish`,
 * `preview` when a first build has put its preview in the folder, then `done` or `failed <message>`), so the test can kill it at a chosen moment without sleeping, and
 * reuse a loaded process for the builds it does not kill.
 */
import { createInterface } from 'node:readline'
import { loadSiteAssets } from '../../../src/site/html/assets'
import { buildSite } from '../../../src/site/build-site'

const [siteDir = ''] = process.argv.slice(2)
const say = (what: string) => process.stderr.write(`${what}\n`)
const progress = { start: () => say('start'), advance: () => say('advance'), preview: () => say('preview'), finish: () => say('finish') }
const assets = await loadSiteAssets(siteDir)
say('loaded')
for await (const line of createInterface({ input: process.stdin })) {
  const job = JSON.parse(line) as { out: string; inputs: string[]; previewMinBytes?: number }
  try {
    await buildSite(
      { inputs: job.inputs, outDir: job.out, title: null, baseUrl: null, locale: 'en', env: {}, homedir: '/nonexistent-home', assets, highlight: false, highlightWorker: null, ...(job.previewMinBytes === undefined ? {} : { previewMinBytes: job.previewMinBytes }) },
      progress,
    )
    say('done')
  } catch (err) {
    say(`failed ${err instanceof Error ? err.message : String(err)}`)
  }
}
