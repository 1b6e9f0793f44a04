/**
 * The package-build outputs a site is made from: the page shell and the two assets (stylesheet, script),
 * found in dist/site/ next to the CLI bundle (dist/cli.mjs or dist/chunks/*.mjs) or, when running from
 * source (tests), in the checkout's dist/site/. The syntax-colour rules are appended to the stylesheet
 * here, at run time, so they always match the shiki version that coloured the pages.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { syntaxCss } from '../../highlight/highlighter'
import { parseShell, type Shell } from './shell'

/** Set by scripts/build.mjs: a hash of every source file that shapes a page. Absent when running from source. */
declare const __DSH_BUILD_ID__: string | undefined

/** The checkout this module runs from: the nearest folder up whose package.json names dsh-view. */
function packageRoot(): string | null {
  let dir = fileURLToPath(new URL('.', import.meta.url))
  for (let up = 0; up < 6; up++) {
    const manifest = `${dir}package.json`
    if (existsSync(manifest) && /"name":\s*"dsh-view"/.test(readFileSync(manifest, 'utf8'))) return dir
    dir = fileURLToPath(new URL('../', `file://${dir}`))
  }
  return null
}

/** Running from source (tests, benchmarks): the same hash, computed from the checkout. */
function sourceBuildId(): string {
  const root = packageRoot()
  if (root === null) return 'unknown-source'
  const hash = createHash('sha256')
  for (const dir of ['src', 'components']) {
    const files = readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
      .filter(f => /\.(tsx?|css)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .sort()
    for (const f of files) hash.update(`${dir}/${f}\0`).update(readFileSync(`${root}${dir}/${f}`)).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

export interface SiteAssets {
  shell: Shell
  /** Files under `assets/`, by name. */
  files: Map<string, string>
  /** Identifies this renderer: part of every cache key, so a new dsh-view version re-renders pages. */
  rendererId: string
}

/** Candidate dist/site folders, nearest first. */
function candidates(): string[] {
  return ['./site/', '../site/', '../../dist/site/', '../../../dist/site/'].map(p => fileURLToPath(new URL(p, import.meta.url)))
}

/** The files of `assets/`, by path from the site root, in name order (what a site and a preview write). */
export function assetFiles(assets: SiteAssets): { path: string; content: string }[] {
  return [...assets.files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, content]) => ({ path: `assets/${name}`, content }))
}

export function findSiteDir(): string | null {
  return candidates().find(dir => existsSync(`${dir}shell.html`) && existsSync(`${dir}assets/site.css`)) ?? null
}

export async function loadSiteAssets(dir: string | null = findSiteDir()): Promise<SiteAssets> {
  if (dir === null) throw new Error('dsh-view is not built: dist/site/shell.html is missing (run `npm run build`)')
  const [shell, css, js, syntax] = await Promise.all([
    readFile(`${dir}shell.html`, 'utf8'),
    readFile(`${dir}assets/site.css`, 'utf8'),
    readFile(`${dir}assets/site.js`, 'utf8'),
    syntaxCss(),
  ])
  const stylesheet = `${css}\n${syntax}`
  const build = typeof __DSH_BUILD_ID__ === 'string' ? __DSH_BUILD_ID__ : sourceBuildId()
  const rendererId = createHash('sha256').update(build).update(shell).update('\0').update(stylesheet).update('\0').update(js).digest('hex').slice(0, 16)
  return { shell: parseShell(shell), files: new Map([['site.css', stylesheet], ['site.js', js]]), rendererId }
}
