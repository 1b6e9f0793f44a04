// Package build: bundles the CLI (and everything it imports from src/ and components/) into dist/cli.mjs.
// Runs from `prepare`, so `npm ci` on a fresh clone leaves a working `npx dsh-view`. npm packages stay
// external: they are installed next to the bundle. NODE_ENV is fixed to production because development
// React renders 2-3x slower.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

await build({
  absWorkingDir: root,
  entryPoints: { cli: 'cli/bin.ts' },
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
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: 'linked',
  logLevel: 'warning',
})
