// The live-mode assets (`dsh-view live` copies them into the folder it serves; static builds never do):
//   assets/live.js  — src/live/browser/main.ts as ONE classic IIFE (like site.js: Chromium refuses module
//                     scripts from file://, and the same rule keeps one kind of script in the package). It
//                     holds the site script, React, the assembler, the card models and the components, so
//                     a live page redraws with the same code that rendered the static page. A CSS module
//                     imports as its class-name map under the shared naming rule of site.css
//                     (scripts/css-modules.mjs, `cssModulesPlugin`), so the script can be fully minified
//                     and no CSS is emitted (site.css has it). The site code it shares with the
//                     build (cut.ts, slug.ts, measure.ts) asks Node for two things, SHA-256 names and UTF-8
//                     lengths: `node:crypto` resolves to src/live/browser/shims/node-crypto.ts and `Buffer`
//                     is src/live/browser/shims/buffer.ts (both checked against Node by shims.test.ts).
//                     The page measures pages with the build's own renderer (src/site/html/static-markup.ts),
//                     so it holds no react-dom/server (React's legacy renderer was ~100 KB of it).
//   assets/live.css — src/live/browser/live.css (the badge and the "new sessions" box).
import { build } from 'esbuild'
import { cssModulesPlugin } from './css-modules.mjs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Module replacements of the browser bundle (see the header). */
const browserModules = {
  name: 'live-browser-modules',
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: join(root, 'src/live/browser/shims/node-crypto.ts') }))
    b.onResolve({ filter: /^node:/ }, (args) => ({ errors: [{ text: `${args.path} cannot run in the live page (imported by ${args.importer})` }] }))
  },
}

export const LIVE_SCRIPT_ENTRY = 'src/live/browser/main.ts'
export const LIVE_STYLE_ENTRY = 'src/live/browser/live.css'

/** Builds both; with `outdir` they are written there as live.js and live.css. Returns the texts. */
export async function buildLiveAssets({ outdir } = {}) {
  const common = { absWorkingDir: root, bundle: true, write: false, legalComments: 'none', logLevel: 'warning' }
  const [script, styles] = await Promise.all([
    build({
      ...common,
      entryPoints: { live: LIVE_SCRIPT_ENTRY },
      outdir: outdir ?? 'out',
      platform: 'browser',
      format: 'iife',
      target: ['chrome109', 'firefox115', 'safari15'],
      jsx: 'automatic',
      minify: true,
      define: { 'process.env.NODE_ENV': '"production"' },
      inject: [join(root, 'src/live/browser/shims/buffer.ts')],
      plugins: [browserModules, cssModulesPlugin({ css: false })],
      loader: { '.css': 'empty' },
    }),
    build({ ...common, entryPoints: { live: LIVE_STYLE_ENTRY }, outdir: outdir ?? 'out', minify: true, loader: { '.css': 'css' } }),
  ])
  const js = script.outputFiles.find(f => f.path.endsWith('.js'))?.text ?? ''
  const css = styles.outputFiles.find(f => f.path.endsWith('.css'))?.text ?? ''
  if (outdir) {
    const { mkdir, writeFile } = await import('node:fs/promises')
    await mkdir(outdir, { recursive: true })
    await writeFile(`${outdir}/live.js`, js)
    await writeFile(`${outdir}/live.css`, css)
  }
  return { js, css }
}
