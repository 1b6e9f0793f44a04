/**
 * The CSS-module naming contract (scripts/css-modules.mjs): every `.module.css` has a plain, unique stem under
 * components/ or src/; each class gets a short name that is unique across the site stylesheet; the package's
 * esbuild plugin and the function Vite uses (vitest, astro build) agree; and the plugin's CSS rewrite reads our
 * CSS exactly as esbuild's own CSS-module loader does. If this fails, server HTML and the site stylesheet would
 * disagree on class names.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { MODULE_FILE, STYLE_DIRS, classNameTable, cssModulesPlugin, moduleStem, renameModuleCss, scopedClassName, shortNames } from '../../scripts/css-modules.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const moduleFiles = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .map(p => p.split('\\').join('/'))
  .filter(p => !/(^|\/)(node_modules|dist|\.git)\//.test(p) && p.endsWith('.module.css'))
  .sort()

/** Bundles every module file with the given plugins/loaders; returns the class maps (in file order) and the CSS. */
async function bundleModules(options: Parameters<typeof build>[0]): Promise<{ maps: Record<string, string>[]; css: string }> {
  const imports = moduleFiles.map((p, i) => `import m${i} from ${JSON.stringify(join(root, p))}`).join('\n')
  const result = await build({
    stdin: { contents: `${imports}\nmodule.exports = [${moduleFiles.map((_, i) => `m${i}`).join(', ')}]`, resolveDir: root },
    bundle: true,
    write: false,
    format: 'cjs',
    outdir: 'out',
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'silent',
    ...options,
  })
  const js = result.outputFiles?.find(f => f.path.endsWith('.js'))?.text ?? ''
  const mod: { exports: Record<string, string>[] } = { exports: [] }
  new Function('module', 'exports', js)(mod, mod.exports)
  return { maps: mod.exports, css: result.outputFiles?.find(f => f.path.endsWith('.css'))?.text ?? '' }
}

describe('CSS module files', () => {
  it('exist (the checks below are not vacuous)', () => expect(moduleFiles.length).toBeGreaterThan(10))

  it('have plain names and live where the naming table looks', () => {
    expect(moduleFiles.filter(p => !MODULE_FILE.test(basename(p)))).toEqual([])
    expect(moduleFiles.filter(p => !STYLE_DIRS.some(d => p.startsWith(`${d}/`)))).toEqual([])
  })

  it('have unique stems (the stem is the first half of a class key)', () => {
    const stems = moduleFiles.map(p => moduleStem(p))
    expect(stems.filter((s, i) => stems.indexOf(s) !== i)).toEqual([])
  })
})

describe('short class names', () => {
  const table = classNameTable(root)

  it('name every class of every module, each name distinct and 2-4 characters starting with a capital', () => {
    const keys = moduleFiles.flatMap(p => renameModuleCss(readFileSync(join(root, p), 'utf8'), undefined, p).locals.map(l => `${moduleStem(p)}_${l}`))
    expect([...table.keys()].sort()).toEqual([...new Set(keys)].sort())
    expect(keys.length).toBeGreaterThan(100)
    const names = [...table.values()]
    expect(new Set(names).size).toBe(names.length)
    expect(names.filter(n => !/^[A-Z][A-Za-z0-9]{1,3}$/.test(n))).toEqual([])
  })

  it('never take a global class name of the stylesheet', () => {
    const globals = new Set<string>()
    for (const dir of STYLE_DIRS) {
      for (const p of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        if (!p.endsWith('.css') || p.endsWith('.module.css')) continue
        const css = readFileSync(join(root, dir, p), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}')
        for (const m of css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) globals.add(m[1] ?? '')
      }
    }
    expect(globals.size).toBeGreaterThan(3)
    expect([...table.values()].filter(n => globals.has(n))).toEqual([])
  })

  it.each([
    ['keys whose hashes differ in the first two characters keep two', ['A_a', 'B_b'], new Set<string>()],
    ['order does not matter', ['B_b', 'A_a'], new Set<string>()],
  ])('%s', (_, keys, reserved) => {
    const names = shortNames(keys, reserved)
    expect([...names.values()].every(n => n.length === 2)).toBe(true)
    expect(names.get('A_a')).toBe(shortNames(['A_a', 'B_b']).get('A_a'))
  })

  it('lengthen every key of a colliding prefix, and only those; a reserved name is skipped', () => {
    // Find two keys whose names share the first two characters (deterministic search over a fixed list).
    const seen = new Map<string, string>()
    let pair: [string, string] | undefined
    for (let i = 0; i < 400 && pair === undefined; i++) {
      const key = `K_${i}`
      const two = shortNames([key]).get(key) ?? ''
      const other = seen.get(two)
      if (other !== undefined) pair = [other, key]
      seen.set(two, key)
    }
    expect(pair).toBeDefined()
    const [a, b] = pair as [string, string]
    const names = shortNames([a, b, 'Z_z'])
    expect(names.get(a)?.length).toBeGreaterThan(2)
    expect(names.get(b)?.length).toBeGreaterThan(2)
    expect(names.get(a)).not.toBe(names.get(b))
    expect(names.get('Z_z')).toBe(shortNames(['Z_z']).get('Z_z'))
    const alone = shortNames(['Z_z']).get('Z_z') ?? ''
    const avoiding = shortNames(['Z_z'], new Set([alone])).get('Z_z') ?? ''
    expect(avoiding).not.toBe(alone)
    expect(avoiding.startsWith(alone)).toBe(true)
  })
})

describe('the pipelines agree', () => {
  it('the esbuild plugin exports the names scopedClassName gives (what Vite renders with)', async () => {
    const { maps, css } = await bundleModules({ plugins: [cssModulesPlugin()] })
    let compared = 0
    moduleFiles.forEach((file, i) => {
      for (const [local, scoped] of Object.entries(maps[i] ?? {})) {
        expect(scoped, `${file} .${local}`).toBe(scopedClassName(local, file))
        expect(css.includes(`.${scoped}`) || css.includes(`@keyframes ${scoped}`), `${file} .${local} in the CSS`).toBe(true)
        compared++
      }
    })
    expect(compared).toBeGreaterThan(moduleFiles.length)
  })

  it("the plugin's rewrite is esbuild's own CSS-module reading of our CSS, names aside", async () => {
    // Same names as esbuild's local-css loader (`Stem_class`): then both bundles must be byte-identical, which
    // proves the tokenizer finds exactly the classes, keyframes and :global() esbuild finds.
    const esbuildOwn = await bundleModules({ loader: { '.module.css': 'local-css' } })
    const rewritten = await bundleModules({
      plugins: [{
        name: 'rewrite-with-long-names',
        setup(b) {
          b.onLoad({ filter: /\.module\.css$/ }, (args) => {
            const stem = moduleStem(args.path)
            return { contents: renameModuleCss(readFileSync(args.path, 'utf8'), l => `${stem}_${l}`, args.path).css, loader: 'css' }
          })
        },
      }],
    })
    expect(rewritten.css.replace(/\/\* [^*]+ \*\/\n/g, '')).toBe(esbuildOwn.css.replace(/\/\* [^*]+ \*\/\n/g, ''))
  })

  it("no bundle uses esbuild's local-css loader (it would name classes `Stem_class`, not by the shared rule)", () => {
    const self = 'test/repo/css-modules.test.ts'
    const sources = ['scripts', 'bench', 'test', 'src', 'cli', 'components'].flatMap(dir =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .map(p => `${dir}/${p.split('\\').join('/')}`)
        .filter(p => /\.(m?js|ts|tsx)$/.test(p) && p !== self))
    expect(sources.length).toBeGreaterThan(50)
    expect(sources.filter(p => /['"]local-css['"]/.test(readFileSync(join(root, p), 'utf8')))).toEqual([])
  })

  it('the tokenizer rejects CSS it does not understand instead of leaving names unscoped', () => {
    expect(() => renameModuleCss('.a :local(.b) {}')).toThrow(/:global/)
    expect(() => renameModuleCss('.a { composes: b; }')).toThrow(/composes/)
    expect(() => renameModuleCss('@font-face { font-family: x; }')).toThrow(/@font-face/)
    expect(renameModuleCss(".a[data-x='.b'] :global(.c) .d:not(.e) { animation: k 1s } @keyframes k { 50% { opacity: 0 } }", l => `X${l}`).css)
      .toBe(".Xa[data-x='.b'] .c .Xd:not(.Xe) { animation: Xk 1s } @keyframes Xk { 50% { opacity: 0 } }")
  })
})
