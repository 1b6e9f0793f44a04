// The site's static assets, built with esbuild (package build, and tests that need a fresh copy):
//   assets/site.css — every component's CSS module plus the global page styles, class names by the shared
//                     rule (scripts/css-modules.mjs), minified;
//   assets/site.js  — the progressive-enhancement script as ONE classic IIFE: Chromium refuses module
//                     scripts from file:// (origin null), so nothing here may be an ES module at run time.
// The syntax-colour rules are appended at run time (src/highlight/theme.ts), next to the shiki version they
// belong to.
import { build } from 'esbuild'
import { cssModulesPlugin } from './css-modules.mjs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Modules whose CSS makes up the stylesheet: everything a page can render. */
const STYLE_ENTRY = 'src/site/html/stylesheet.ts'
const SCRIPT_ENTRY = 'src/site/client/site.ts'

/**
 * Builds both assets. With `outdir` they are written there (as `site.css`, `site.js`); the texts are
 * returned either way.
 */
export async function buildSiteAssets({ outdir } = {}) {
  const common = {
    absWorkingDir: root,
    bundle: true,
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  }
  const [styles, script] = await Promise.all([
    build({
      ...common,
      entryPoints: { site: STYLE_ENTRY },
      // Not `minify`: identifiers keep the names the shared rule gave them.
      minifyWhitespace: true,
      minifySyntax: true,
      plugins: [cssModulesPlugin()],
      outdir: outdir ?? 'out',
      platform: 'node',
      format: 'esm',
      packages: 'external',
      loader: { '.css': 'css' },
    }),
    build({
      ...common,
      entryPoints: { site: SCRIPT_ENTRY },
      minify: true,
      outdir: outdir ?? 'out',
      platform: 'browser',
      format: 'iife',
      target: ['chrome109', 'firefox115', 'safari15'],
      // The script dresses Copy buttons with the components' class names: the modules' names, not their CSS.
      plugins: [cssModulesPlugin({ css: false })],
      loader: { '.css': 'empty' },
    }),
  ])
  const css = styles.outputFiles.find(f => f.path.endsWith('.css'))?.text ?? ''
  const js = script.outputFiles.find(f => f.path.endsWith('.js'))?.text ?? ''
  if (outdir) {
    const { mkdir, writeFile } = await import('node:fs/promises')
    await mkdir(outdir, { recursive: true })
    await writeFile(`${outdir}/site.css`, css)
    await writeFile(`${outdir}/site.js`, js)
  }
  return { css, js }
}
