/**
 * What a user installs is what dist/ imports (issue 15): package.json `dependencies` must name exactly the
 * packages the CLI bundle loads at run time (cli.mjs, its worker entry, every chunk, and the launcher
 * in bin/) — nothing missing (an install would fail at run time) and nothing extra (an install would carry
 * packages no one loads; astro and its ~250 packages once did). The bundle is made here in memory with the
 * package build's own options (scripts/cli-bundle.mjs), so a stale dist/ cannot hide a new import; esbuild's
 * metafile lists every import it leaves external, and `createRequire(…)('pkg/…')` calls, which esbuild does
 * not follow, are read from the output. Node built-ins do not count.
 */
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { cliBundleOptions } from '../../scripts/cli-bundle.mjs'
import { LANGUAGES } from '../../src/highlight/language-names'

const root = fileURLToPath(new URL('../..', import.meta.url))
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>
  files?: string[]
}

/** `react-dom/server` → `react-dom`, `@shikijs/core/package.json` → `@shikijs/core`; null for a built-in. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '')) return null
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null)
}

const JS_IMPORT = new Set(['import-statement', 'dynamic-import', 'require-call', 'require-resolve'])

/** Every package the bundle imports (static, dynamic, re-export) or `createRequire` loads, and the launcher's. */
async function importedPackages(): Promise<Set<string>> {
  const result = await build({
    ...cliBundleOptions({ root, version: '0.0.0-test', buildId: 'test' }),
    write: false,
    metafile: true,
    sourcemap: false,
    logLevel: 'silent',
  })
  const launcher = await build({ absWorkingDir: root, entryPoints: ['bin/dsh-view.mjs'], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' })
  const specifiers = new Set<string>()
  for (const meta of [result.metafile, launcher.metafile]) {
    // JavaScript imports only (the CSS output's `url(data:…)` tokens are external too).
    for (const output of Object.values(meta.outputs)) {
      for (const imp of output.imports) if (imp.external && JS_IMPORT.has(imp.kind)) specifiers.add(imp.path)
    }
  }
  for (const file of result.outputFiles) {
    for (const m of file.text.matchAll(/createRequire\([^)]*\)\(\s*["']([^"']+)["']\s*\)/g)) specifiers.add(m[1] ?? '')
  }
  const names = new Set<string>()
  for (const s of specifiers) {
    if (s.startsWith('.') || s.startsWith('/')) continue
    const name = packageOf(s)
    if (name !== null) names.add(name)
  }
  return names
}

describe('packageOf', () => {
  it.each([
    ['react-dom/server', 'react-dom'],
    ['@shikijs/core/package.json', '@shikijs/core'],
    ['zod', 'zod'],
    ['node:fs/promises', null],
    ['fs', null],
    ['worker_threads', null],
  ])('%s → %s', (spec, name) => expect(packageOf(spec)).toBe(name))
})

describe('package.json dependencies and the CLI bundle', () => {
  it('name exactly the packages the bundle imports at run time', async () => {
    const imported = [...(await importedPackages())].sort()
    const declared = Object.keys(pkg.dependencies ?? {}).sort()
    // Both directions at once, so a failure names what to add and what to drop.
    expect({ missing: imported.filter(n => !declared.includes(n)), extra: declared.filter(n => !imported.includes(n)) }).toEqual({ missing: [], extra: [] })
    // Not vacuous: the bundle does import packages (React renders every page).
    expect(imported).toContain('react')
  })

  // The bundle has no shiki grammar modules to fall back on (src/highlight/tokenize.ts): checked on dist/.
  it.runIf(existsSync(`${root}dist/grammars/index.json`))('leave every grammar precompiled in dist/grammars', () => {
    const index = JSON.parse(readFileSync(`${root}dist/grammars/index.json`, 'utf8')) as Record<string, string[]>
    expect(Object.keys(index).sort()).toEqual([...LANGUAGES].sort())
    const missing = Object.values(index).flat().filter(n => !existsSync(`${root}dist/grammars/${n}.json`))
    expect(missing).toEqual([])
  })
})

describe('package.json files', () => {
  it('ship the launcher, the bundle and the demo sessions root', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['bin', 'dist', 'demo']))
  })
})
