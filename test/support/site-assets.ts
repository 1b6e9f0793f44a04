/**
 * Site assets for tests: the page shell Astro rendered at package build (dist/site/shell.html; rebuilt here
 * with `astro build` when missing or older than its sources, under a lock so parallel test files wait for
 * one build), and a fresh stylesheet and script from esbuild (~0.3 s), so tests always see the current
 * components. CI builds the package before testing (`npm ci` runs `prepare`), so the Astro step is skipped.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, rmdirSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { buildSiteAssets } from '../../scripts/site-assets.mjs'
import { syntaxCss } from '../../src/highlight/highlighter'
import type { SiteAssets } from '../../src/site/html/assets'
import { parseShell } from '../../src/site/html/shell'

const root = fileURLToPath(new URL('../../', import.meta.url))
const shellFile = `${root}dist/site/shell.html`
const SHELL_SOURCES = ['src/pages/shell.astro', 'astro.config.mjs', 'src/site/html/csp.ts']

function shellIsStale(): boolean {
  if (!existsSync(shellFile)) return true
  const built = statSync(shellFile).mtimeMs
  return SHELL_SOURCES.some(f => statSync(`${root}${f}`).mtimeMs > built)
}

async function ensureShell(): Promise<string> {
  if (shellIsStale()) {
    const lock = `${root}dist/.shell-lock`
    mkdirSync(`${root}dist`, { recursive: true })
    let mine = false
    for (let waited = 0; waited < 120_000; waited += 200) {
      try {
        mkdirSync(lock)
        mine = true
        break
      } catch {
        await new Promise(r => setTimeout(r, 200))
        if (!shellIsStale()) break
      }
    }
    try {
      if (shellIsStale()) {
        execFileSync(process.execPath, [`${root}node_modules/astro/astro.js`, 'build', '--silent'], {
          cwd: root,
          env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
          stdio: 'ignore',
        })
      }
    } finally {
      if (mine) rmdirSync(lock)
    }
  }
  return readFile(shellFile, 'utf8')
}

let assets: Promise<SiteAssets> | undefined

export function testSiteAssets(): Promise<SiteAssets> {
  assets ??= (async () => {
    const [shell, built, syntax] = await Promise.all([ensureShell(), buildSiteAssets(), syntaxCss()])
    return { shell: parseShell(shell), files: new Map([['site.css', `${built.css}\n${syntax}`], ['site.js', built.js]]), rendererId: 'test' }
  })()
  return assets
}
