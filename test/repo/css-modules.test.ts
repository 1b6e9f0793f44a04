/**
 * The CSS-module naming contract (scripts/css-modules.mjs): every `.module.css` has a plain, unique stem, and
 * esbuild's local-css loader (the package build) names each class exactly as the function Vite uses (vitest,
 * astro build). If this fails, server HTML and the site stylesheet would disagree on class names.
 */
import { readdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { MODULE_FILE, scopedClassName } from '../../scripts/css-modules.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const moduleFiles = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .map(p => p.split('\\').join('/'))
  .filter(p => !/(^|\/)(node_modules|dist|\.git)\//.test(p) && p.endsWith('.module.css'))

describe('CSS module files', () => {
  it('exist (the check below is not vacuous)', () => expect(moduleFiles.length).toBeGreaterThan(0))

  it('have plain names esbuild does not rewrite', () => {
    expect(moduleFiles.filter(p => !MODULE_FILE.test(basename(p)))).toEqual([])
  })

  it('have unique stems (esbuild would number a repeated one)', () => {
    const stems = moduleFiles.map(p => basename(p).split('.')[0])
    expect(stems.filter((s, i) => stems.indexOf(s) !== i)).toEqual([])
  })

  it('get the same class names from esbuild local-css as from scopedClassName', async () => {
    const imports = moduleFiles.map((p, i) => `import m${i} from ${JSON.stringify(join(root, p))}`).join('\n')
    const result = await build({
      stdin: { contents: `${imports}\nmodule.exports = [${moduleFiles.map((_, i) => `m${i}`).join(', ')}]`, resolveDir: root },
      bundle: true,
      write: false,
      format: 'cjs',
      outdir: 'out',
      loader: { '.module.css': 'local-css' },
      logLevel: 'silent',
    })
    const js = result.outputFiles.find(f => f.path.endsWith('.js'))?.text ?? ''
    const mod: { exports: Record<string, string>[] } = { exports: [] }
    new Function('module', 'exports', js)(mod, mod.exports)
    let compared = 0
    moduleFiles.forEach((file, i) => {
      for (const [local, scoped] of Object.entries(mod.exports[i] ?? {})) {
        expect(scoped, `${file} .${local}`).toBe(scopedClassName(local, file))
        compared++
      }
    })
    expect(compared).toBeGreaterThan(moduleFiles.length)
  })
})
