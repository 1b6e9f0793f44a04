// Package build (`npm run build`, run by `prepare`, so `npm ci` leaves a working `npx dsh-view`):
//  1. `astro build` over src/pages/ → dist/site/shell.html (the document every page is spliced into) and
//     dist/site/gallery.html (a card gallery for review). Astro runs here only, never per user build
//     (src/site/README.md has the measurements).
//  2. esbuild → dist/site/assets/site.css and site.js (scripts/site-assets.mjs), and live.js / live.css for
//     `dsh-view live` (scripts/live-assets.mjs).
//  3. precompiled grammars → dist/grammars/<lang>.json (src/highlight/precompile.ts): shiki's patterns
//     translated once here instead of on every user build (~0.35 s saved per language on first use).
//  4. esbuild → dist/cli.mjs (and the highlight worker thread's entry, dist/highlight-worker.mjs, which colours
//     code while pages render: src/highlight/remote.ts): the CLI
//     and everything it imports from src/ and components/ (options: scripts/cli-bundle.mjs). npm packages
//     stay external (installed next to the bundle; shiki's two themes excepted). NODE_ENV is fixed to
//     production: development React renders 2-3x slower. CSS modules get the shared short class names; their CSS
//     lives in site.css.
// `--skip-astro` rebuilds only the esbuild outputs (keeps an existing dist/site/shell.html).
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readdir, readFile, rm } from 'node:fs/promises'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { cliBundleOptions } from './cli-bundle.mjs'
import { buildLiveAssets } from './live-assets.mjs'
import { buildSiteAssets } from './site-assets.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const skipAstro = process.argv.includes('--skip-astro')
const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'))

if (!skipAstro || !existsSync(`${root}dist/site/shell.html`)) {
  process.env.ASTRO_TELEMETRY_DISABLED = '1'
  const { build: astroBuild } = await import('astro')
  await astroBuild({ root, logLevel: 'warn' })
  await dropUnusedAstroAssets(`${root}dist/site`)
}

await buildSiteAssets({ outdir: `${root}dist/site/assets` })
// live.js / live.css: copied into the folder only by `dsh-view live` (scripts/live-assets.mjs).
await buildLiveAssets({ outdir: `${root}dist/site/assets` })

// The precompiler is TypeScript: bundle it to a throwaway module, run it, delete it.
const precompiler = `${root}dist/.precompile.mjs`
await build({ absWorkingDir: root, entryPoints: ['src/highlight/precompile.ts'], outfile: precompiler, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' })
try {
  await rm(`${root}dist/grammars`, { recursive: true, force: true })
  await (await import(pathToFileURL(precompiler).href)).writePrecompiledGrammars(`${root}dist/grammars`)
} finally {
  await rm(precompiler, { force: true })
}

await rm(`${root}dist/chunks`, { recursive: true, force: true })
await build(cliBundleOptions({ root, version: pkg.version, buildId: buildId() }))
// The CLI's CSS went into site.css already; esbuild still writes a copy beside the bundle.
for (const name of await readdir(`${root}dist`)) if (name.endsWith('.css') || name.endsWith('.css.map')) await rm(`${root}dist/${name}`)
for (const name of await readdir(`${root}dist/chunks`).catch(() => [])) {
  if (name.endsWith('.css') || name.endsWith('.css.map')) await rm(`${root}dist/chunks/${name}`)
}

// Incremental site builds re-render a page when this changes (src/site/html/assets.ts computes the same hash when
// running from source): every source file that shapes a page, plus the versions of what renders it.
function buildId() {
  const hash = createHash('sha256')
  for (const dir of ['src', 'components']) {
    const files = readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
      .filter(f => /\.(tsx?|css)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .sort()
    for (const f of files) hash.update(`${dir}/${f}\0`).update(readFileSync(`${root}${dir}/${f}`)).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

// @astrojs/react always emits its 224 KB island runtime; no page here has an island, so it is dropped
// unless some page references it.
async function dropUnusedAstroAssets(dir) {
  const pages = (await readdir(dir)).filter(n => n.endsWith('.html'))
  const html = (await Promise.all(pages.map(p => readFile(`${dir}/${p}`, 'utf8')))).join('\n')
  for (const name of await readdir(`${dir}/_astro`).catch(() => [])) {
    if (!html.includes(name)) await rm(`${dir}/_astro/${name}`)
  }
  if ((await readdir(`${dir}/_astro`).catch(() => [])).length === 0) await rm(`${dir}/_astro`, { recursive: true, force: true })
}
