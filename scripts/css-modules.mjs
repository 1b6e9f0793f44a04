// One CSS-module naming rule for every pipeline (architecture.md §2.11). A class `.button` in
// CopyButton.module.css is known by its key `CopyButton_button`; the name pages carry is a short hash of that
// key (2 characters, a capital and a letter or digit; longer only where two keys would share a name), so the source keeps
// readable names and a session page does not repeat `DisclosureRow_summary` on every row (issue 14, "Lean
// pages": class attributes were a third of a page's bytes).
//
// The short names are computed over every module file of the package at once (components/ and src/), which is
// what makes them collision-free across the whole site stylesheet: a key takes the shortest prefix (≥ 2) of
// its hash that no other key's hash and no global class name (non-module CSS, `:global(.x)`) starts with —
// git's rule for abbreviated hashes. That is symmetric, so the names do not depend on file or class order, and
// an edit renames only the classes whose prefix a new key shares.
//
// Three pipelines use it and must agree (test/repo/css-modules.test.ts): Vite (vitest renders, astro build)
// through `scopedClassName` as `css.modules.generateScopedName`; the package's esbuild bundles (server HTML in
// dist/cli.mjs, site.css, live.js) through `cssModulesPlugin`, which replaces esbuild's local-css loader
// (that loader cannot take a naming function). The plugin rewrites each module with `renameModuleCss`, a
// tokenizer for the CSS this repository writes: class selectors, `:global(…)`, `@keyframes` and `animation`
// references; anything else it does not understand is an error, not a guess.
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** File names the rule accepts: a plain stem, so the key `Stem_class` is unambiguous. */
export const MODULE_FILE = /^[A-Za-z][A-Za-z0-9]*\.module\.css$/
/** Where the package's CSS (module and global) lives, relative to the repository root. */
export const STYLE_DIRS = ['components', 'src']

const ROOT = fileURLToPath(new URL('..', import.meta.url))
// Short names start with a capital letter: the classes the page carries without a module — syntax colours
// (`t12`, src/highlight/theme.ts), Markdown's `md-*`, shiki's `shiki`, `dm` — are lower-case, so none can
// be taken (the CSS-declared ones are also reserved by name below).
const FIRST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
const REST = `${FIRST}abcdefghijklmnopqrstuvwxyz0123456789`
const MIN_LENGTH = 2

/** The stem of a module file path (`…/CopyButton.module.css?x` → `CopyButton`). */
export function moduleStem(filename) {
  const file = basename(filename.split('?')[0])
  if (!MODULE_FILE.test(file)) throw new Error(`CSS module ${file}: the name must be <Stem>.module.css with a plain stem`)
  return file.slice(0, file.indexOf('.'))
}

/** Every CSS file under STYLE_DIRS, repository-relative with `/`, sorted. */
export function styleFiles(root = ROOT) {
  return STYLE_DIRS.flatMap(dir => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map(p => `${dir}/${p.split('\\').join('/')}`)
    .filter(p => p.endsWith('.css')))
    .sort()
}

/** A long name for `key`: a letter, then letters and digits, from its SHA-256. Prefixes are the candidates. */
function longName(key) {
  const digest = createHash('sha256').update(key).digest()
  let name = FIRST[digest[0] % FIRST.length]
  for (let i = 1; i < 16; i++) name += REST[digest[i] % REST.length]
  return name
}

/**
 * keys → short names: each key's shortest prefix (≥ MIN_LENGTH) of its long name that is not a prefix of any
 * other key's long name and not a reserved name. Independent of the keys' order.
 */
export function shortNames(keys, reserved = new Set()) {
  const unique = [...new Set(keys)]
  const long = new Map(unique.map(k => [k, longName(k)]))
  // How many keys share each prefix: a prefix shared by one key only is that key's own.
  const shared = new Map()
  for (const name of long.values()) {
    for (let n = MIN_LENGTH; n <= name.length; n++) shared.set(name.slice(0, n), (shared.get(name.slice(0, n)) ?? 0) + 1)
  }
  const names = new Map()
  for (const [key, name] of long) {
    let n = MIN_LENGTH
    while (n <= name.length && (shared.get(name.slice(0, n)) > 1 || reserved.has(name.slice(0, n)))) n++
    if (n > name.length) throw new Error(`CSS module key ${key}: no unique short name (hash collision)`)
    names.set(key, name.slice(0, n))
  }
  return names
}

/**
 * Rewrites one module's CSS: every local class and keyframes name becomes `rename(local)`, `:global(x)`
 * becomes `x`. Returns the CSS and the locals in order of first appearance. Throws on syntax it does not
 * handle (`:local`, bare `:global`, `composes`), so a new CSS feature fails the build instead of leaking an
 * unscoped name.
 */
export function renameModuleCss(css, rename = (local) => local, file = 'CSS module') {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const keyframes = new Set([...text.matchAll(/@keyframes\s+([A-Za-z_-][\w-]*)/g)].map(m => m[1]))
  const locals = []
  const local = (name) => {
    if (!locals.includes(name)) locals.push(name)
    return rename(name)
  }
  let out = ''
  let i = 0
  // One entry per open block: 'rules' (top level, @media…: preludes are selectors or at-rules),
  // 'keyframes' (preludes are percentages) or 'declarations'.
  const stack = ['rules']
  while (i < text.length) {
    const context = stack[stack.length - 1]
    if (text[i] === '}') {
      if (stack.length === 1) throw new Error(`${file}: unbalanced }`)
      stack.pop()
      out += '}'
      i++
      continue
    }
    if (context === 'declarations') {
      const end = statementEnd(text, i, file)
      const declaration = text.slice(i, end)
      if (/^\s*composes\s*:/.test(declaration)) throw new Error(`${file}: composes is not supported`)
      const property = /^\s*(animation(?:-name)?)\s*:/.exec(declaration)
      out += property
        ? declaration.replace(/[A-Za-z_-][\w-]*/g, (word, at) => (at > property[0].length && keyframes.has(word) ? local(word) : word))
        : declaration
      if (text[end] === ';') out += ';'
      i = text[end] === ';' ? end + 1 : end
      if (text[end] === '{') throw new Error(`${file}: nested rules inside a declaration block are not supported`)
      continue
    }
    const end = statementEnd(text, i, file)
    const prelude = text.slice(i, end)
    if (text[end] !== '{') {
      // A statement at rule level (`@import …;`) or trailing whitespace.
      out += prelude + (text[end] === ';' ? ';' : '')
      i = text[end] === ';' ? end + 1 : end
      continue
    }
    const at = /^\s*@([\w-]+)/.exec(prelude)
    if (context === 'keyframes') {
      out += `${prelude}{`
      stack.push('declarations')
    } else if (at?.[1] === 'keyframes') {
      out += prelude.replace(/(@keyframes\s+)([A-Za-z_-][\w-]*)/, (_, head, name) => head + local(name)) + '{'
      stack.push('keyframes')
    } else if (at) {
      if (!['media', 'supports', 'container', 'layer'].includes(at[1])) throw new Error(`${file}: @${at[1]} is not supported`)
      out += `${prelude}{`
      stack.push('rules')
    } else {
      out += `${renameSelector(prelude, local, file)}{`
      stack.push('declarations')
    }
    i = end + 1
  }
  if (stack.length !== 1) throw new Error(`${file}: unclosed block`)
  return { css: out, locals }
}

/** Index of the next `{`, `;` or `}` outside strings and parentheses (end of text if none). */
function statementEnd(text, from, file) {
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1)
      if (close < 0) throw new Error(`${file}: unterminated string`)
      i = close
    } else if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0 && (c === '{' || c === ';' || c === '}')) return i
  }
  return text.length
}

/** A selector list with its local class names renamed and `:global(…)` unwrapped. */
function renameSelector(selector, local, file) {
  let out = ''
  let i = 0
  while (i < selector.length) {
    const c = selector[i]
    if (c === '[') {
      // Attribute selector: copied as written (its value may hold dots).
      const close = attributeEnd(selector, i, file)
      out += selector.slice(i, close + 1)
      i = close + 1
    } else if (selector.startsWith(':global(', i)) {
      let depth = 1
      let j = i + ':global('.length
      for (; j < selector.length && depth > 0; j++) {
        if (selector[j] === '(') depth++
        else if (selector[j] === ')') depth--
      }
      if (depth !== 0) throw new Error(`${file}: unclosed :global(`)
      out += selector.slice(i + ':global('.length, j - 1)
      i = j
    } else if (selector.startsWith(':global', i) || selector.startsWith(':local', i)) {
      throw new Error(`${file}: only :global(…) is supported in "${selector.trim()}"`)
    } else if (c === '.') {
      const name = /^-?[A-Za-z_][\w-]*/.exec(selector.slice(i + 1))?.[0]
      if (!name) throw new Error(`${file}: cannot read the class in "${selector.trim()}"`)
      out += `.${local(name)}`
      i += 1 + name.length
    } else {
      out += c
      i++
    }
  }
  return out
}

function attributeEnd(selector, from, file) {
  for (let i = from + 1; i < selector.length; i++) {
    const c = selector[i]
    if (c === '"' || c === "'") i = selector.indexOf(c, i + 1)
    else if (c === ']') return i
    if (i < 0) break
  }
  throw new Error(`${file}: unclosed [ in "${selector.trim()}"`)
}

/** Global class names (non-module CSS, `:global(.x)` in modules): short names avoid them. */
function globalClasses(files, read) {
  const names = new Set()
  for (const file of files) {
    const css = read(file).replace(/\/\*[\s\S]*?\*\//g, '')
    const parts = file.endsWith('.module.css') ? [...css.matchAll(/:global\(([^)]*)\)/g)].map(m => m[1]) : [css.replace(/\{[^{}]*\}/g, '{}')]
    for (const part of parts) for (const m of part.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) names.add(m[1])
  }
  return names
}

/** `Stem_local` → short name for every local of every module file under `root`. */
export function classNameTable(root = ROOT) {
  const files = styleFiles(root)
  const read = (file) => readFileSync(join(root, file), 'utf8')
  const keys = []
  for (const file of files.filter(f => f.endsWith('.module.css'))) {
    const stem = moduleStem(file)
    for (const local of renameModuleCss(read(file), undefined, file).locals) keys.push(`${stem}_${local}`)
  }
  return shortNames(keys, globalClasses(files, read))
}

let table
/** The table of this checkout, computed once per process (a restart picks up edited CSS). */
function currentTable() {
  table ??= classNameTable()
  return table
}

/** The class name of `local` in the module file `filename`; Vite's `css.modules.generateScopedName`. */
export function scopedClassName(local, filename) {
  const key = `${moduleStem(filename)}_${local}`
  const name = currentTable().get(key)
  if (name === undefined) throw new Error(`CSS module class ${key} is not in the table (a module outside ${STYLE_DIRS.join('/, ')}/, or CSS edited since the process started)`)
  return name
}

/**
 * esbuild plugin: `.module.css` files import as `{ local: shortName }` with the CSS renamed by the same rule.
 * `css: false` (the CLI bundle, live.js) emits no CSS at all — site.css has it.
 */
export function cssModulesPlugin({ css = true } = {}) {
  const namespace = 'dsh-css-module'
  return {
    name: 'dsh-css-modules',
    setup(b) {
      b.onLoad({ filter: /\.module\.css$/, namespace: 'file' }, async (args) => {
        const { locals } = renameModuleCss(readFileSync(args.path, 'utf8'), undefined, args.path)
        const names = Object.fromEntries(locals.map(l => [l, scopedClassName(l, args.path)]))
        const importCss = css ? `import ${JSON.stringify(`${namespace}:${args.path}`)}\n` : ''
        return { contents: `${importCss}export default ${JSON.stringify(names)}`, loader: 'js', watchFiles: [args.path] }
      })
      // The renamed CSS, as a stylesheet of its own so esbuild orders and minifies it like any imported CSS.
      b.onResolve({ filter: new RegExp(`^${namespace}:`) }, (args) => ({ path: args.path.slice(namespace.length + 1), namespace }))
      b.onLoad({ filter: /.*/, namespace }, async (args) => ({
        contents: renameModuleCss(readFileSync(args.path, 'utf8'), (local) => scopedClassName(local, args.path), args.path).css,
        loader: 'css',
        resolveDir: dirname(args.path),
        watchFiles: [args.path],
      }))
    },
  }
}
