/**
 * `dsh-view build` end to end (issue 4): discover → scan (hash, header) → group sessions into families
 * (a parent and its children link to each other, so they render together) → for each changed family: load,
 * assemble, view model, render pages, write → index → assets → delete what a previous build wrote and this
 * one did not → manifest and highlight cache. Composition root: it owns no rule of its own beyond order.
 *
 * Deterministic: sessions are handled in discovery order (stable), every name derives from content, and
 * nothing reads the clock except progress. Writes are atomic and skip identical bytes.
 *
 * Crash-safe (issue 17, staging.ts): under a lock beside the folder, everything is written into a
 * hard-linked staging copy of the site, swapped in at the end; a build killed at any moment leaves the old
 * site or the new one.
 */
import { defaultPrices } from '../stats/default-prices'
import { priceKey, type PriceTable } from '../stats/prices'
import type { Mark } from '../replay/schedule'
import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { readdir, realpath, rm } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import type { Locale } from '../cards/types'
import { DEFAULT_VIEW_MODE, type ViewMode } from '../cards/view-mode'
import { HighlightCache } from '../highlight/cache'
import { Highlighter, type HighlightStats } from '../highlight/highlighter'
import { findHighlightWorker, workerTokenizer } from '../highlight/remote'
import { sessionKey } from '../live/protocol'
import { discoverLogs, type Discovery, type DiscoveryProblem } from '../log/node/discover'
import { mergeReports, type RedactionReport } from '../redact/redactor'
import type { RedactConfig } from '../redact/scan'
import { checkPaths, type CheckHit } from '../redact/node/check'
import { assetFiles, loadSiteAssets, type SiteAssets } from './html/assets'
import { CATALOG_FILE, catalogScript } from '../search/catalog'
import { encodeOverview, OVERVIEW_DATA_FILE, overviewScript } from './index/overview-data'
import type { PriceInfo } from './index/overview-types'
import { childAnchor } from './render/chrome'
import { renderFamily, type FamilyMember, type FamilyResult } from './family'
import { emptyManifest, MANIFEST_FILE, readSiteManifest, STATE_DIR, withLogPath, withoutLogPaths, writeManifest, type Manifest, type SessionRecord, type Warning } from './write/manifest'
import type { RenderedFile } from './render/render-session'
import { commitStaging, openStaging, publishPreview, recover } from './write/staging'
import { acquireLock } from './write/lock'
import type { Progress } from './progress'
import { indexModel, projectIndexPages, renderIndexPages } from './index/render-index'
import { previewCandidates, previewFiles } from './preview'
import { scanLogs, type ScannedLog } from './plan/scan'
import { discoveryHash, placeFamilies, SHARD_FILE, writeShardManifest, type FamilyPlacement, type ShardSpec } from './plan/shard'
import { groupFamilies } from './plan/families'
import { assignStems } from './plan/slug'
import { idFromLogPath } from './plan/log-id'
import { siteText } from './strings'
import type { SiteText } from './types'
import { highlightWorkerPays } from './threads'
import { FileWriter } from './write/writer'

export interface BuildOptions {
  inputs: string[]
  /** The price table the overview's cost comes from (src/stats/prices.ts); absent: the bundled one. */
  prices?: PriceTable
  /** The logs found under `inputs`, when the caller has looked for them already (else found here). */
  discovery?: Discovery
  outDir: string
  title: string | null
  baseUrl: string | null
  locale: Locale
  /** `--view`: the pages' default view mode (default `DEFAULT_VIEW_MODE`); a rebuild with another re-renders. */
  view?: ViewMode
  /** `--mark "N:LABEL"`: replay chapters at turn N of every session (src/replay). */
  marks?: readonly Mark[]
  /**
   * Elements of session entries an index page takes before the next page starts (default: the page budget
   * less the chrome, about a thousand sessions). Smaller values let tests paginate a small index.
   */
  indexPageElements?: number
  env: Record<string, string | undefined>
  homedir: string
  /** Colour code with shiki (default true). */
  highlight?: boolean
  /** Prebuilt shell and assets; default: dist/site of this package. */
  assets?: SiteAssets
  /**
   * `dsh-view live`: pages carry the live flag, script and stylesheet (src/site/html/live.ts); the caller passes
   * `assets` holding the live shell and files. Off (absent), the output is exactly the static site.
   */
  live?: boolean
  /** Trajectory pages beside the Chat (default true); off only for benchmarks (cli/build.ts `DSH_VIEW_TRAJECTORY=0`). */
  trajectory?: boolean
  /** `--redact`: secrets are replaced in every log as it is read, before anything is rendered or written. */
  redact?: RedactConfig | null
  /**
   * The highlight worker script (src/highlight/remote.ts), which colours code on another thread while this
   * one renders; default: beside the CLI bundle when a core is free for it (src/site/threads.ts); null:
   * colour on this thread.
   */
  highlightWorker?: string | null
  /**
   * `--shard i/n` (issue 16, shard.ts): render only this shard's families (names still come from the whole
   * discovery), write no index or assets, and leave a shard manifest for `dsh-view merge`.
   */
  shard?: ShardSpec | null
  /**
   * A first build (the folder holds no site yet) publishes a preview of its biggest sessions' first pages
   * before it renders them whole (src/site/preview.ts); false: never. Default true.
   */
  preview?: boolean
  /** Log bytes from which a session is previewed; default PREVIEW_MIN_BYTES (tests preview small logs). */
  previewMinBytes?: number
}

export interface BuildReport {
  outDir: string
  indexPath: string
  sessions: number
  pages: number
  rendered: number
  unchanged: number
  warnings: Warning[]
  /** Warnings beyond the first ones each session keeps in `warnings` (all are marked on their pages). */
  unlistedWarnings?: number
  /** Paths that could not be read at all (exit code 1). */
  problems: DiscoveryProblem[]
  /** Bytes of the logs read: the sessions rebuilt (an unchanged one is not read, so its bytes are no rate). */
  bytes: number
  highlight: HighlightStats & { cacheHits: number }
  /** Pages that stayed over a budget after every cut: `path`. */
  overBudget: string[]
  /**
   * Where the time went, ms (benchmarks; never part of the output). `decode` is read + parse + fold (they
   * interleave batch by batch); `render` is cut + Markdown + React + pagination, without `highlight`, which is
   * the time rendering waited for code colours (all of shiki's time on one thread; with a highlight worker,
   * what did not overlap).
   */
  timings: Record<'scan' | 'decode' | 'viewModel' | 'render' | 'highlight' | 'write', number>
  /** Live builds only: every session page by its live-server key, for the live pages (cli/live.ts). */
  livePages?: LivePage[]
  /** With `redact`: what was replaced, over every session of the site (unchanged ones as remembered). */
  redactions?: RedactionReport
  /** Why the folder's previous manifest could not be used (every session was rebuilt); null or absent: it could, or there was none. */
  manifestDamage?: string | null
}

export interface LivePage {
  key: string
  id: string
  /** Page 1 relative to the site root. */
  href: string
  title: string
  /** Id of the link a parent page puts after the spawning call. */
  anchor: string
  /** Pages the session was cut into (a live page links the ones before its own). */
  pages: number
}

/** The package version (set by the bundle; `dev` from source). */
declare const __VERSION__: string | undefined
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev'

/** A folder we may write into: empty, missing, or one of our sites. */
export class OutDirError extends Error {}

/**
 * `--redact` fails closed (issue 32): the staged site still shows something secret-looking, so it is not
 * published. `hits` name files relative to the site folder.
 */
export class RedactLeakError extends Error {
  constructor(readonly hits: readonly CheckHit[]) {
    super(`--redact: ${hits.length} secret-looking string${hits.length === 1 ? '' : 's'} left in the built pages; nothing was published`)
  }
}

/**
 * The output check of `redact --check`, run on the staged site before it is swapped in: redaction works on
 * the log's text (and its display projection), but a page shows a text transformed further (a terminal's
 * overwrites, Markdown, HTML references, JSON escapes), so what is published is checked as what it is.
 */
async function checkStaged(stage: string, config: RedactConfig): Promise<void> {
  const found = await checkPaths([stage], config, { env: {}, homedir: '' })
  const problems = found.problems.map(p => ({ path: relative(stage, p.path), line: null, rule: 'unreadable', preview: p.message }))
  const hits = [...found.hits.map(h => ({ ...h, path: relative(stage, h.path) })), ...problems]
  if (hits.length > 0) throw new RedactLeakError(hits)
}

interface Member {
  scan: ScannedLog
  id: string
  stem: string
  index: number
}

export async function buildSite(options: BuildOptions, progress: Progress): Promise<BuildReport> {
  return writeSiteFolder(options.outDir, (previous, stage, preview) => buildInto(options, progress, previous, stage, preview))
}

/** Puts a preview site's files in the site folder (src/site/write/staging.ts `publishPreview`); returns its index. */
export type PreviewPublisher = (files: readonly RenderedFile[]) => Promise<string>

/**
 * Writes a site into `outDir` crash-safely (src/site/write/staging.ts), for `build` and `merge` alike: one writer at
 * a time (the lock), a folder that is ours or empty, `write` filling a staging copy of the previous site
 * (`previous`: its manifest, null for a new folder, empty when the folder's manifest is damaged), swapped in
 * whole when it succeeds and dropped when it throws. Returns what `write` did, with the final folder, its
 * index and why the previous manifest could not be used (`manifestDamage`, null when it could or there was none).
 */
export async function writeSiteFolder<R extends object>(
  outDir: string,
  write: (previous: Manifest | null, stage: string, preview: PreviewPublisher | null) => Promise<R>,
): Promise<R & { outDir: string; indexPath: string; manifestDamage: string | null }> {
  const shownDir = resolve(outDir)
  if (existsSync(shownDir) && !statSync(shownDir).isDirectory()) throw new OutDirError(`${outDir} exists and is not a folder`)
  // A site folder reached through a symbolic link (`-o site` → /srv/www/site): the swap happens at the
  // link's target, so the link stays and serves the new site (renaming over the link would replace it with
  // a real folder). The lock and staging sit beside the target, where every path to it meets.
  const finalDir = await realpath(shownDir).catch(() => shownDir)
  const lock = await acquireLock(finalDir)
  try {
    await recover(finalDir)
    // A damaged manifest still marks the folder as a dsh-view site (only a build writes that file): nothing
    // of it is reused, so every session is rendered again, and no file is deleted on its word.
    const read = await readSiteManifest(finalDir)
    const previous = read.kind === 'read' ? read.manifest : read.kind === 'damaged' ? emptyManifest() : null
    const manifestDamage = read.kind === 'damaged' ? read.reason : null
    const empty = !existsSync(finalDir) || (await readdir(finalDir)).length === 0
    if (previous === null && !empty) throw new OutDirError(`${outDir} is not empty and was not written by dsh-view`)
    // Only a folder with no site yet (missing or empty) takes a preview, and only once: a rebuild keeps the
    // previous site, whole, until the new one replaces it.
    let previewed = !empty
    const preview: PreviewPublisher | null = previewed
      ? null
      : async files => {
          if (previewed) throw new Error('a build publishes at most one preview')
          previewed = true
          await publishPreview(finalDir, files)
          return join(shownDir, 'index.html')
        }
    const stage = await openStaging(finalDir)
    try {
      const report = await write(previous, stage, preview)
      await lock.confirm()
      await commitStaging(finalDir, stage)
      return { ...report, outDir: shownDir, indexPath: join(shownDir, 'index.html'), manifestDamage }
    } catch (err) {
      await rm(stage, { recursive: true, force: true })
      throw err
    }
  } finally {
    await lock.release()
  }
}

/** The build proper, writing into `outDir` (the staging folder) what `previous` does not already hold. */
async function buildInto(options: BuildOptions, progress: Progress, previous: Manifest | null, outDir: string, preview: PreviewPublisher | null = null): Promise<BuildReport> {
  const assets = options.assets ?? (await loadSiteAssets())
  const text = siteText(options.locale)
  const discovery = options.discovery ?? (await discoverLogs(options.inputs, { env: options.env, homedir: options.homedir }))
  const problems = [...discovery.problems]

  const scanStarted = performance.now()
  // A shard hashes only the logs it renders (below): of the others it needs the size and header.
  const shard = options.shard ?? null
  const scans = await scanLogs(discovery.logs.map(l => l.source), { hash: shard === null })
  let scanMs = performance.now() - scanStarted
  const readable: Member[] = []
  for (const scan of scans) {
    if (scan.hash === null) problems.push({ path: scan.source.display, message: scan.error ?? 'unreadable' })
  }
  // Problems up to here are the discovery's and the scan's: every shard of a root meets the same ones.
  const scanProblems = problems.length
  // A log that opens but has no header (empty, not JSON, a zstd stream that does not decode) is a session
  // all the same: it gets the damaged-session page saying why (its fold reports the problem), named by its
  // folder. Only a file that cannot be opened at all has nothing to show.
  const ok = scans.filter(s => s.hash !== null)
  const ids = ok.map(s => s.header?.id ?? idFromLogPath(s.source.location.kind === 'file' ? s.source.location.path : s.source.location.entry))
  const stems = assignStems(ids)
  ok.forEach((scan, index) => readable.push({ scan, id: ids[index] ?? '', stem: stems[index] ?? '', index }))

  const discovered = groupFamilies(readable)
  // A shard renders its own families only; stems above were assigned over every session, as a full build does.
  const placement = shard === null ? null : placeFamilies(discovered.map(placementOf), shard.count)
  const families = placement === null ? discovered : discovered.filter((_, i) => placement[i] === (shard?.index ?? 0) - 1)
  if (shard !== null) {
    const hashStarted = performance.now()
    await hashOwnLogs(families.flat(), problems)
    scanMs += performance.now() - hashStarted
  }
  const liveKeys = liveKeysOf(readable)
  const viewMode = options.view ?? DEFAULT_VIEW_MODE
  // A different price table changes every session's record (its cost): the records are made again.
  const prices = options.prices ?? defaultPrices()
  const optionsKey = JSON.stringify([priceKey(prices), options.locale, options.title, options.baseUrl, options.highlight !== false, assets.rendererId, viewMode, ...(options.live === true ? ['live'] : []), ...(options.trajectory === false ? ['no-trajectory'] : []), ...((options.marks ?? []).length > 0 ? [['marks', options.marks]] : []), ...(options.redact ? ['redact', options.redact.fingerprint] : [])])
  const manifest: Manifest = emptyManifest()
  // A redacted site keeps its own highlight cache: fragments of an earlier unredacted build must not stay
  // in the folder (they hold the code as it was).
  const cacheName = options.redact ? 'highlight-cache.redacted.json' : 'highlight-cache.json'
  if (options.redact) await rm(join(outDir, STATE_DIR, 'highlight-cache.json'), { force: true })
  const cache = new HighlightCache(options.highlight === false ? null : join(outDir, STATE_DIR, cacheName))
  await cache.load()
  // DSH_VIEW_HIGHLIGHT_WORKER=1 uses the worker even on one core (=0, no worker, is read by the CLI).
  const workerWanted = options.env['DSH_VIEW_HIGHLIGHT_WORKER'] === '1' || highlightWorkerPays()
  const highlightScript = options.highlightWorker !== undefined ? options.highlightWorker : workerWanted ? findHighlightWorker() : null
  const highlighter = options.highlight === false ? null : new Highlighter(cache, ...(highlightScript === null ? [] : [workerTokenizer(highlightScript)]))
  const lang = options.locale === 'zh' ? 'zh-CN' : 'en'
  const report: BuildReport = {
    outDir,
    indexPath: join(outDir, 'index.html'),
    sessions: readable.length,
    pages: 0,
    rendered: 0,
    unchanged: 0,
    warnings: [],
    problems,
    bytes: 0,
    highlight: { blocks: 0, chars: 0, ms: 0, cacheHits: 0 },
    overBudget: [],
    timings: { scan: 0, decode: 0, viewModel: 0, render: 0, highlight: 0, write: 0 },
  }
  const timed = async <T>(stage: keyof BuildReport['timings'], work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now()
    try {
      return await work()
    } finally {
      report.timings[stage] += performance.now() - started
    }
  }
  report.timings.scan = scanMs
  const written = new Set<string>()
  // Writes run in the background while the next pages render; flushed before anything is deleted.
  // Files this folder can hold already: what the last build listed (a new folder is empty: we checked).
  const listed = new Set((previous?.files ?? []).map(f => join(outDir, f)))
  const writer = new FileWriter(path => listed.has(path))
  const mine = families.flat()
  progress.start(mine.length, mine.reduce((n, m) => n + m.scan.bytes, 0))

  const toRender: { key: string; hash: string; members: Member[] }[] = []
  for (const family of families) {
    const hash = createHash('sha256').update(optionsKey)
    for (const m of family) hash.update(`\0${m.stem}\0${m.id}\0${m.scan.hash ?? ''}`)
    const familyHash = hash.digest('hex')
    const key = family[0]?.stem ?? ''
    const before = previous?.families[key]
    const reusable =
      before !== undefined &&
      before.hash === familyHash &&
      family.every(m => {
        const record = previous?.sessions[m.stem]
        return record !== undefined && record.files.every(f => existsSync(join(outDir, f)))
      })
    if (reusable && previous !== null) {
      manifest.families[key] = before
      for (const m of family) {
        // The log's path as this build names it (a --redact manifest keeps none; the user may name it anew).
        const record = withLogPath(previous.sessions[m.stem] as SessionRecord, m.scan.source.display)
        manifest.sessions[m.stem] = record
        for (const f of record.files) written.add(f)
        report.unchanged++
        progress.advance(m.scan.bytes)
      }
      continue
    }
    toRender.push({ key, hash: familyHash, members: family })
  }

  const asMembers = (family: Member[]): FamilyMember[] =>
    family.map(m => ({ source: m.scan.source, header: m.scan.header, id: m.id, stem: m.stem, bytes: m.scan.bytes, liveKey: liveKeys.get(m) ?? '' }))
  // Logs to render: the highlight worker (if any) loads shiki while they are read.
  if (toRender.length > 0 && highlighter !== null) highlighter.warm()
  // A first build of big sessions shows their start while it renders the rest (src/site/preview.ts); after
  // shiki started loading, so it does while the preview renders.
  // Not with --redact: a start cut inside a streamed message could show part of a secret the whole log's
  // redaction would catch, and a redacted site is usually about to be published.
  if (preview !== null && shard === null && options.live !== true && !options.redact && options.preview !== false) {
    const candidates = previewCandidates(asMembers(toRender.flatMap(f => f.members)), options.previewMinBytes)
    const files = candidates.length === 0 ? [] : await previewFiles(candidates, {
      assets, text, locale: options.locale, lang, baseUrl: options.baseUrl, viewMode, title: options.title, redact: options.redact ?? null,
      total: readable.length,
    })
    // A preview is a courtesy: one that cannot be put in place (the folder changed meanwhile) is skipped.
    const index = files.length === 0 ? null : await preview(files).catch(() => null)
    if (index !== null) progress.preview(index)
  }

  const results: FamilyResult[] = []
  for (const family of toRender) {
    results.push(await renderFamily(asMembers(family.members), {
      outDir,
      shell: assets.shell,
      text,
      locale: options.locale,
      baseUrl: options.baseUrl,
      viewMode,
      live: options.live === true,
      trajectory: options.trajectory !== false,
      marks: options.marks ?? [],
      redact: options.redact ?? null,
      prices,
      highlighter,
      writer,
      advance: bytes => progress.advance(bytes),
    }))
  }
  toRender.forEach((family, i) => {
    const result = results[i]
    if (result === undefined) return
    manifest.families[family.key] = { hash: family.hash, members: family.members.map(m => m.stem) }
    for (const { stem, record } of result.sessions) {
      manifest.sessions[stem] = record
      for (const f of record.files) written.add(f)
      report.rendered++
      report.bytes += record.bytes
    }
    problems.push(...result.problems)
    report.overBudget.push(...result.overBudget)
    for (const stage of Object.keys(report.timings) as (keyof BuildReport['timings'])[]) report.timings[stage] += result.timings[stage]
  })

  const records = readable.flatMap(m => {
    const r = manifest.sessions[m.stem]
    return r === undefined ? [] : [r]
  })
  for (const r of records) {
    report.pages += r.summary.pages
    report.warnings.push(...r.warnings)
    report.unlistedWarnings = (report.unlistedWarnings ?? 0) + Math.max(0, r.summary.warnings - r.warnings.reduce((n, w) => n + (w.lines ?? 1), 0))
  }
  report.sessions = records.length
  if (options.redact) report.redactions = mergeReports(records.flatMap(r => (r.redactions === undefined ? [] : [r.redactions])))
  if (options.live === true) {
    report.livePages = readable.flatMap(m => {
      const r = manifest.sessions[m.stem]
      return r === undefined ? [] : [{ key: liveKeys.get(m) ?? '', id: m.id, href: r.summary.href, title: r.summary.title, anchor: childAnchor(m.stem), pages: r.summary.pages }]
    })
  }

  // A part has no index or assets: `dsh-view merge` writes them from every part's manifest.
  if (shard === null) await writeIndexAndAssets(writer, outDir, assets, records, { text, title: options.title, lang, baseUrl: options.baseUrl, live: options.live === true, indexPageElements: options.indexPageElements, price: { currency: prices.currency, date: prices.date, source: prices.source } }, written)
  await timed('write', () => writer.flush())

  await removeUnlisted(previous, written, outDir)
  manifest.files = [...written].sort()
  // A shard part keeps them: it is not published, and `merge` reports its warnings and redactions by path.
  await writeManifest(outDir, options.redact && shard === null ? withoutLogPaths(manifest) : manifest)
  await cache.save()
  if (shard === null) await rm(join(outDir, SHARD_FILE), { force: true })
  else {
    const family = new Map<Member, string>()
    for (const f of families) for (const m of f) family.set(m, f[0]?.stem ?? '')
    await writeShardManifest(outDir, {
      version: VERSION,
      rendererId: assets.rendererId,
      options: { locale: options.locale, title: options.title, baseUrl: options.baseUrl, view: viewMode, highlight: options.highlight !== false, redact: options.redact?.fingerprint ?? null, prices: JSON.stringify({ currency: prices.currency, date: prices.date, source: prices.source }) },
      optionsKey,
      shard,
      discovery: discoveryHash(readable.map(m => ({ stem: m.stem, id: m.id, parent: m.scan.header?.parentSession ?? null, createdAt: m.scan.header?.createdAt ?? null, bytes: m.scan.bytes }))),
      total: readable.length,
      sessions: readable.flatMap(m => {
        const f = family.get(m)
        return f === undefined || manifest.sessions[m.stem] === undefined ? [] : [{ stem: m.stem, order: m.index, log: m.scan.hash ?? '', family: f }]
      }),
      scanProblems: problems.slice(0, scanProblems),
      problems: problems.slice(scanProblems),
      cacheFile: options.highlight === false ? null : cacheName,
    })
  }
  await highlighter?.close()
  if (options.redact) await checkStaged(outDir, options.redact)
  progress.finish()
  report.highlight = { ...(highlighter?.stats ?? { blocks: 0, chars: 0, ms: 0 }), cacheHits: cache.hits }
  return report
}

/**
 * Each session's key on the live server, as src/live/node/root-watcher.ts gives them for the same inputs
 * in the same discovery order: `sessionKey(id)`, then `~~2`, `~~3` for further logs of the same id.
 */
function liveKeysOf(members: readonly Member[]): Map<Member, string> {
  const seen = new Map<string, number>()
  const keys = new Map<Member, string>()
  for (const m of members) {
    const n = (seen.get(m.id) ?? 0) + 1
    seen.set(m.id, n)
    keys.set(m, n === 1 ? sessionKey(m.id) : `${sessionKey(m.id)}~~${n}`)
  }
  return keys
}

/**
 * index.html (and index.p2.html … when there are more sessions than one page holds) from the sessions'
 * records in discovery order, and the assets. The build and `dsh-view merge` both write them here.
 */
export async function writeIndexAndAssets(
  writer: FileWriter,
  outDir: string,
  assets: SiteAssets,
  records: readonly SessionRecord[],
  page: { text: SiteText; title: string | null; lang: string; baseUrl: string | null; live: boolean; indexPageElements?: number | undefined; price?: PriceInfo | null },
  written: Set<string>,
): Promise<void> {
  // index.html, and index.p2.html … when there are more sessions than one page holds.
  // A page per project when the root holds more than one (not in live mode: its server follows index.html only).
  const summaries = records.map(r => r.summary)
  const price = page.price ?? null
  const projectPages = page.live ? [] : projectIndexPages(assets.shell, summaries, page.text, page.lang, page.baseUrl, page.title, page.indexPageElements, price)
  const index = indexModel(summaries, page.text, page.title, projectPages.length > 0, price)
  for (const file of projectPages) {
    await writer.write(join(outDir, file.path), file.content)
    written.add(file.path)
  }
  for (const file of renderIndexPages(assets.shell, index, page.text, page.lang, page.baseUrl, page.live, page.indexPageElements)) {
    await writer.write(join(outDir, file.path), file.content)
    written.add(file.path)
  }
  // Every session for "Search all sessions", whichever index page lists it.
  await writer.write(join(outDir, CATALOG_FILE), catalogScript(index))
  written.add(CATALOG_FILE)
  // Every session's archive facts, which the overview reads to follow the index filters.
  const insights = records.flatMap(r => (r.summary.insight === undefined ? [] : [r.summary.insight]))
  if (index.overview != null) {
    await writer.write(join(outDir, OVERVIEW_DATA_FILE), overviewScript(encodeOverview(insights, page.text.overview, page.text.locale, price)))
    written.add(OVERVIEW_DATA_FILE)
  }
  for (const file of assetFiles(assets)) {
    await writer.write(join(outDir, file.path), file.content)
    written.add(file.path)
  }
}

/** Files an earlier build wrote that this one did not (a session removed, fewer pages): ours to delete. */
export async function removeUnlisted(previous: Manifest | null, written: ReadonlySet<string>, outDir: string): Promise<void> {
  for (const file of previous?.files ?? []) {
    if (written.has(file) || file.startsWith(`${STATE_DIR}/`) || file.includes('..')) continue
    await rm(join(outDir, file), { force: true })
    await removeEmptyDir(dirname(join(outDir, file)), outDir)
  }
}

/**
 * A shard's own logs, hashed (their scan was header-only): the family hash is made of them. A log that
 * fails now, though its header was read, is a problem (its pages are still rendered, from what can be read).
 */
async function hashOwnLogs(members: readonly Member[], problems: DiscoveryProblem[]): Promise<void> {
  const scans = await scanLogs(members.filter(m => m.scan.hash === '').map(m => m.scan.source))
  let i = 0
  for (const m of members) {
    if (m.scan.hash !== '') continue
    const scan = scans[i++] as ScannedLog
    if (scan.hash === null) problems.push({ path: scan.source.display, message: scan.error ?? 'unreadable' })
    else m.scan = { ...m.scan, hash: scan.hash }
  }
}

/** What the shard placement (shard.ts) knows of a family: its root's id and time, and its log bytes. */
function placementOf(family: readonly Member[]): FamilyPlacement {
  // The root: the member whose parent is not in the family (the first in discovery order if a cycle leaves none).
  const ids = new Set(family.map(m => m.id))
  const root = family.find(m => m.scan.header?.parentSession === undefined || !ids.has(m.scan.header.parentSession)) ?? family[0]
  return { key: root?.id ?? '', createdAt: root?.scan.header?.createdAt ?? null, bytes: family.reduce((n, m) => n + m.scan.bytes, 0) }
}

async function removeEmptyDir(dir: string, root: string): Promise<void> {
  if (resolve(dir) === resolve(root) || !resolve(dir).startsWith(resolve(root))) return
  if ((await readdir(dir).catch(() => ['?'])).length === 0) await rm(dir, { recursive: true, force: true })
}

export { MANIFEST_FILE }
export { LockError } from './write/lock'

