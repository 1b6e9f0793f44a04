/**
 * Worker-thread entries bundled from source for tests (the package build's dist/*-worker.mjs may be older
 * than the code under test), the way scripts/build.mjs bundles them. Written inside the checkout
 * (node_modules/.cache) so the bundle's `react`, `shiki` … imports resolve.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { cssModulesPlugin } from '../../scripts/css-modules.mjs'

const root = fileURLToPath(new URL('../../', import.meta.url))

export async function bundleWorker(entry: 'src/site/family-worker.ts' | 'src/highlight/worker.ts'): Promise<string> {
  const dir = join(root, 'node_modules/.cache/dsh-view-tests')
  mkdirSync(dir, { recursive: true })
  const outfile = join(dir, `${entry.replace(/\W+/g, '-')}-${process.pid}.mjs`)
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    plugins: [cssModulesPlugin({ css: false })],
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  return outfile
}
