/**
 * `dsh-view live [paths…] [--port N] [--host ADDR] [--open] [--attach URL] [--token T] [-o DIR]` (issue 6):
 * builds the site for the inputs into a folder (a temporary one unless `-o`), serves it on loopback with
 * the live server (src/live/node: the follower feeds, the index feed, the Host/Origin fence), keeps the
 * folder current (cli/live-site.ts) and, with `--attach`, overlays a running dsh host's events
 * (src/live/attach). Prints the URL on stdout; runs until Ctrl-C (SIGINT) or SIGTERM, then closes every
 * stream, watcher and connection and removes a temporary folder.
 *
 * A non-loopback `--host` is refused unless `--allow-remote` is given too: the server has no
 * authentication, and session logs hold whatever the agent saw.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { LiveInvocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { defaultSessionsRoot } from '../src/log/node/discover'
import { findSiteDir, loadSiteAssets, type SiteAssets } from '../src/site/html/assets'
import { LIVE_SCRIPT, LIVE_STYLESHEET, liveShell } from '../src/site/html/live'
import { isLoopback, startLiveServer, type LiveServer, type LiveServerOptions } from '../src/live/node'
import { LIVE_SITE_PATH } from '../src/live/browser/site-feed'
import { SiteRebuilder, type RebuildTiming } from './live-site'
import type { AttachOverlay } from '../src/live/attach'

export interface LiveDeps {
  /** Site assets (shell, site.css, site.js) — default: the package build's. */
  assets?: SiteAssets
  /** live.js and live.css — default: the package build's dist/site/assets. */
  liveFiles?: { js: string; css: string }
  rebuild?: Partial<RebuildTiming>
  server?: Partial<Pick<LiveServerOptions, 'follower' | 'index' | 'sse'>>
}

export interface LiveHandle {
  url: string
  outDir: string
  server: LiveServer
  site: SiteRebuilder
  attach: AttachOverlay | null
  close(): Promise<void>
}

/** Starts everything and returns once the URL answers; `close()` undoes it all. */
export async function startLive(inv: LiveInvocation, io: Io, deps: LiveDeps = {}): Promise<LiveHandle> {
  if (!isLoopback(inv.host) && !inv.allowRemote) {
    throw new UserError(
      `refusing to serve on ${inv.host}: it is not a loopback address, and live mode has no authentication`,
      'Leave --host out (127.0.0.1), or add --allow-remote if every machine that can reach it may read your sessions.',
      2,
    )
  }
  // React picks its build from NODE_ENV on first load (see cli/build.ts).
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const inputs = inv.inputs.length > 0 ? inv.inputs.map((p) => resolve(p)) : [defaultSessionsRoot({ env: io.env, homedir: homedir() })]
  for (const input of inputs) if (!existsSync(input) && inv.quiet !== true) io.stderr(`dsh-view: ${input} does not exist yet; sessions appear once it does\n`)
  const assets = await liveAssets(deps)
  const temporary = inv.outDir === null
  const outDir = inv.outDir === null ? await mkdtemp(join(tmpdir(), 'dsh-view-live-')) : resolve(inv.outDir)
  const log = (text: string) => {
    if (!inv.quiet) io.stderr(text)
  }
  const site = new SiteRebuilder({
    inputs,
    outDir,
    locale: inv.locale,
    ...(inv.view === undefined ? {} : { view: inv.view }),
    assets,
    env: io.env,
    attach: inv.attach !== null,
    ...(deps.rebuild === undefined ? {} : { timing: deps.rebuild }),
    onError: (error) => io.stderr(`dsh-view: rebuilding the site failed: ${describe(error)}\n`),
  })
  let attach: AttachOverlay | null = null
  let server: LiveServer | null = null
  try {
    await site.rebuild()
    if (site.build < 0) throw new UserError(`could not build the site in ${outDir}`, 'Choose a new or empty folder with -o, or one an earlier dsh-view wrote.', 2)
    if (inv.attach !== null) {
      const { AttachOverlay: Overlay } = await import('../src/live/attach')
      attach = new Overlay({ url: inv.attach, token: inv.token, log: (text) => log(`dsh-view: attach: ${text}\n`) })
    }
    const overlay = attach
    server = await startLiveServer({
      siteDir: outDir,
      inputs,
      host: inv.host,
      port: inv.port,
      ...deps.server,
      onError: (error) => io.stderr(`dsh-view: ${describe(error)}\n`),
      routes: async (req, res, url) => {
        if (url.pathname === LIVE_SITE_PATH) {
          await site.answer(req, res, url)
          return true
        }
        const index = server?.index
        return overlay !== null && index !== undefined ? overlay.answer(req, res, url, index) : false
      },
    })
  } catch (error) {
    await Promise.all([site.close(), attach?.close()])
    if (temporary) await rm(outDir, { recursive: true, force: true })
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw new UserError(`port ${inv.port} on ${inv.host} is already in use`, 'Pick another with --port, or --port 0 for any free one.', 2)
    }
    throw error
  }
  const live: LiveServer = server
  const known = new Set(live.index.entries().map((e) => e.key))
  const unsubscribe = live.index.subscribe((message) => {
    const key = message.kind === 'index-upsert' ? message.session.key : message.kind === 'index-remove' ? message.key : null
    site.notice(message, key !== null && known.has(key))
    if (message.kind === 'index-upsert') known.add(message.session.key)
    if (message.kind === 'index-remove') known.delete(message.key)
  })
  // Sessions that appeared between the first build and the watcher's first walk.
  if (live.index.entries().some((e) => !site.pages.some((p) => p.key === e.key) && e.header !== null)) void site.rebuild()
  let closed: Promise<void> | null = null
  return {
    url: live.url,
    outDir,
    server: live,
    site,
    attach,
    close() {
      closed ??= (async () => {
        unsubscribe()
        await Promise.all([live.close(), site.close(), attach?.close()])
        if (temporary) await rm(outDir, { recursive: true, force: true })
      })()
      return closed
    },
  }
}

export async function runLive(inv: LiveInvocation, io: Io): Promise<number> {
  const handle = await startLive(inv, io)
  // -q: only the URL (stdout) and errors; the banner, the remote warning and "stopping" are notes.
  const note = (text: string) => {
    if (inv.quiet !== true) io.stderr(text)
  }
  note(
    `dsh-view: live at ${handle.url} — ${handle.site.pages.length} session${handle.site.pages.length === 1 ? '' : 's'}` +
      `${inv.outDir === null ? '' : `, site in ${handle.outDir}`}${inv.attach === null ? '' : `, attached to ${inv.attach}`}. Ctrl-C stops.\n`,
  )
  if (!isLoopback(inv.host)) note(`dsh-view: warning: serving on ${inv.host} without authentication (--allow-remote)\n`)
  io.stdout(`${handle.url}\n`)
  if (inv.open) await io.open(handle.url)
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      done()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  note('dsh-view: stopping…\n')
  await handle.close()
  return 0
}

/** Site assets for live pages: the live shell (CSP with `connect-src 'self'`, live.js) plus live.js/css. */
async function liveAssets(deps: LiveDeps): Promise<SiteAssets> {
  const base = deps.assets ?? (await loadSiteAssets())
  let files = deps.liveFiles
  if (files === undefined) {
    const dir = findSiteDir()
    if (dir === null) throw new Error('dsh-view is not built: dist/site is missing (run `npm run build`)')
    const [js, css] = await Promise.all([readFile(`${dir}assets/${LIVE_SCRIPT}`, 'utf8'), readFile(`${dir}assets/${LIVE_STYLESHEET}`, 'utf8')]).catch(() => {
      throw new Error('dsh-view is not built: dist/site/assets/live.js is missing (run `npm run build`)')
    })
    files = { js, css }
  }
  return {
    shell: liveShell(base.shell),
    files: new Map([...base.files, [LIVE_SCRIPT, files.js], [LIVE_STYLESHEET, files.css]]),
    rendererId: `${base.rendererId}-live`,
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
