// The esbuild options of the CLI bundle (dist/cli.mjs, its worker entry and dist/chunks/): used by the
// package build (scripts/build.mjs) and by test/repo/package-deps.test.ts, which bundles the same way in
// memory and checks that package.json `dependencies` are exactly the packages the bundle leaves external.
// npm packages stay external (installed next to the bundle), except shiki's two themes (below).
import { createRequire } from 'node:module'
import { cssModulesPlugin } from './css-modules.mjs'

/**
 * The two shiki themes (12 KB each) go into the bundle, so an install needs neither `shiki` nor its theme
 * collection (@shikijs/themes, 1.8 MB): with the grammars precompiled into dist/grammars, only @shikijs/core
 * and @shikijs/engine-javascript stay run-time dependencies.
 */
const bundleShikiThemes = {
  name: 'bundle-shiki-themes',
  setup(b) {
    // `shiki/themes/x.mjs` re-exports `@shikijs/themes/x`; both resolve (from their importer) to files that
    // esbuild then bundles. (createRequire, not import.meta.resolve: vitest's module runner lacks the latter.)
    b.onResolve({ filter: /^(shiki\/themes\/|@shikijs\/themes\/)/ }, args => ({ path: createRequire(args.importer).resolve(args.path) }))
  },
}

/** @param {{ root: string, version: string, buildId: string }} o */
export function cliBundleOptions({ root, version, buildId }) {
  return {
    absWorkingDir: root,
    // highlight-worker: the thread src/highlight/remote.ts starts to colour code while pages render.
    entryPoints: { cli: 'cli/bin.ts', 'highlight-worker': 'src/highlight/worker.ts' },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    // CSS modules import as their short class names (scripts/css-modules.mjs); their CSS is in site.css.
    loader: { '.css': 'empty' },
    plugins: [bundleShikiThemes, cssModulesPlugin({ css: false })],
    define: {
      'process.env.NODE_ENV': '"production"',
      // The bundle loads grammars from dist/grammars only (src/highlight/tokenize.ts).
      __DSH_PACKAGED__: 'true',
      __VERSION__: JSON.stringify(version),
      __DSH_BUILD_ID__: JSON.stringify(buildId),
    },
    sourcemap: 'linked',
    logLevel: 'warning',
  }
}
