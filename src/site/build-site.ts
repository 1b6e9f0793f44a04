/**
 * `dsh-view build` end to end (issue 4): discover → scan (hash, header) → group sessions into families
 * (a parent and its children link to each other, so they render together) → for each changed family: load,
 * assemble, view model, render pages, write → index → assets → delete what a previous build wrote and this
 * one did not → manifest and highlight cache. Composition root: it owns no rule of its own beyond order.
 *
 * Deterministic: sessions are handled in discovery order (stable), every name derives from content, and
 * nothing reads the clock except progress. Writes are atomic and skip identical bytes.
 */
import { createHash } from 'node:crypto'
import { existsSync, statSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Locale } from '../cards/types'
import { viewModel } from '../cards/view-model'
import type { Conversation } from '../conversation/model'
import { HighlightCache } from '../highlight/cache'
import { Highlighter, type HighlightStats } from '../highlight/highlighter'
import { discoverLogs, type DiscoveryProblem } from '../log/node/discover'
import { writeIfChanged } from './atomic-write'
import { loadSiteAssets, type SiteAssets } from './assets'
import { childAnchor, headerFacts, summarize, type Family } from './chrome'
import { Enricher } from './enrich'
import { foldLog } from './fold-log'
import { emptyManifest, MANIFEST_FILE, readManifest, STATE_DIR, writeManifest, type Manifest, type SessionRecord, type Warning } from './manifest'
import type { Progress } from './progress'
import { indexModel, renderIndex } from './render-index'
import { SessionRenderer } from './render-session'
import { scanLog, type ScannedLog } from './scan'
import { assignStems } from './slug'
import { siteText } from './strings'
import type { SessionSummary } from './types'

export interface BuildOptions {
  inputs: string[]
  outDir: string
  title: string | null
  baseUrl: string | null
  locale: Locale
  env: Record<string, string | undefined>
  homedir: string
  /** Colour code with shiki (default true). */
  highlight?: boolean
  /** Prebuilt shell and assets; default: dist/site of this package. */
  assets?: SiteAssets
}

export interface BuildReport {
  outDir: string
  indexPath: string
  sessions: number
  pages: number
  rendered: number
  unchanged: number
  warnings: Warning[]
  /** Paths that could not be read at all (exit code 1). */
  problems: DiscoveryProblem[]
  bytes: number
  highlight: HighlightStats & { cacheHits: number }
  /** Pages that stayed over a budget after every cut: `path`. */
  overBudget: string[]
  /**
   * Where the time went, ms (benchmarks; never part of the output). `decode` is read + parse + fold (they
   * interleave batch by batch); `render` is cut + Markdown + React + pagination, without `highlight`.
   */
  timings: Record<'scan' | 'decode' | 'viewModel' | 'render' | 'highlight' | 'write', number>
}

/** A folder we may write into: empty, missing, or one of our sites. */
export class OutDirError extends Error {}

interface Member {
  scan: ScannedLog
  id: string
  stem: string
  index: number
}

export async function buildSite(options: BuildOptions, progress: Progress): Promise<BuildReport> {
  const outDir = resolve(options.outDir)
  const previous = await readManifest(outDir)
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new OutDirError(`${options.outDir} exists and is not a folder`)
  if (previous === null && existsSync(outDir) && (await readdir(outDir)).length > 0) {
    throw new OutDirError(`${options.outDir} is not empty and was not written by dsh-view`)
  }
  const assets = options.assets ?? (await loadSiteAssets())
  const text = siteText(options.locale)
  const discovery = await discoverLogs(options.inputs, { env: options.env, homedir: options.homedir })
  const problems = [...discovery.problems]

  const scanStarted = performance.now()
  const scans: ScannedLog[] = []
  for (const log of discovery.logs) scans.push(await scanLog(log.source))
  const scanMs = performance.now() - scanStarted
  const readable: Member[] = []
  for (const scan of scans) {
    if (scan.error !== null || scan.hash === null) problems.push({ path: scan.source.display, message: scan.error ?? 'unreadable' })
  }
  const ok = scans.filter(s => s.error === null && s.hash !== null && s.header !== null)
  const ids = ok.map(s => s.header?.id ?? s.source.display)
  const stems = assignStems(ids)
  ok.forEach((scan, index) => readable.push({ scan, id: ids[index] ?? '', stem: stems[index] ?? '', index }))

  const families = groupFamilies(readable)
  const optionsKey = JSON.stringify([options.locale, options.title, options.baseUrl, options.highlight !== false, assets.rendererId])
  const manifest: Manifest = emptyManifest()
  const cache = new HighlightCache(options.highlight === false ? null : join(outDir, STATE_DIR, 'highlight-cache.json'))
  await cache.load()
  const highlighter = options.highlight === false ? null : new Highlighter(cache)
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
  progress.start(readable.length, readable.reduce((n, m) => n + m.scan.bytes, 0))

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
        const record = previous.sessions[m.stem] as SessionRecord
        manifest.sessions[m.stem] = record
        for (const f of record.files) written.add(f)
        report.unchanged++
        report.bytes += m.scan.bytes
        progress.advance(m.scan.bytes)
      }
      continue
    }
    await renderFamily(family)
    manifest.families[key] = { hash: familyHash, members: family.map(m => m.stem) }
  }

  async function renderFamily(family: Member[]): Promise<void> {
    interface Loaded {
      member: Member
      conversation: Conversation
      summary: SessionSummary
      warnings: Warning[]
    }
    const loaded: Loaded[] = []
    for (const member of family) {
      // Reading, parsing and folding interleave batch by batch; the split is timed as one "decode+fold".
      const result = await timed('decode', () => foldLog(member.scan.source))
      if (!result.ok) {
        problems.push({ path: member.scan.source.display, message: result.error })
        progress.advance(member.scan.bytes)
        continue
      }
      const { conversation, warnings } = result
      loaded.push({ member, conversation, warnings, summary: summarize({ conversation, id: member.id, stem: member.stem, pages: 1, warnings: result.warningCount }) })
    }
    const byId = new Map(loaded.map(l => [l.member.id, l]))
    for (const l of loaded) {
      const renderer = new SessionRenderer(assets.shell, text, new Enricher(highlighter))
      const parent = l.summary.parentId === null ? undefined : byId.get(l.summary.parentId)
      const children = loaded.filter(c => c !== l && c.summary.parentId === l.member.id)
      // Which call spawned each child, as the parent's log tells it.
      const childByCall = new Map<string, SessionSummary[]>()
      for (const link of l.conversation.facts.children) {
        const child = byId.get(link.sessionId)
        if (child === undefined || link.callId === null || child === l) continue
        childByCall.set(link.callId, [...(childByCall.get(link.callId) ?? []), child.summary])
      }
      const spawnedHere = parent?.conversation.facts.children.some(c => c.sessionId === l.member.id && c.callId !== null) === true
      const familyContext: Family = {
        parent: parent === undefined ? null : { summary: parent.summary, anchor: spawnedHere ? childAnchor(l.member.stem) : null },
        children: children.map(c => c.summary),
      }
      const view = await timed('viewModel', () => viewModel(l.conversation, { cwd: l.conversation.facts.cwd, home: null, locale: options.locale }))
      const highlightBefore = highlighter?.stats.ms ?? 0
      const rendered = await timed('render', () => renderer.render({
        view,
        summary: l.summary,
        facts: headerFacts(l.summary, l.conversation, text),
        family: familyContext,
        childByCall,
        lang,
        baseUrl: options.baseUrl,
      }))
      const highlightMs = (highlighter?.stats.ms ?? 0) - highlightBefore
      report.timings.render -= highlightMs
      report.timings.highlight += highlightMs
      const summary = { ...l.summary, pages: rendered.pages }
      await timed('write', async () => {
        for (const file of rendered.files) {
          await writeIfChanged(join(outDir, file.path), file.content)
          written.add(file.path)
        }
      })
      for (const page of rendered.overBudget) report.overBudget.push(`sessions/${summary.slug}${page > 1 ? `.p${page}` : ''}.html`)
      manifest.sessions[l.member.stem] = { summary, warnings: l.warnings, files: rendered.files.map(f => f.path).sort(), bytes: l.member.scan.bytes }
      report.rendered++
      report.bytes += l.member.scan.bytes
      progress.advance(l.member.scan.bytes)
    }
  }

  const records = readable.flatMap(m => {
    const r = manifest.sessions[m.stem]
    return r === undefined ? [] : [r]
  })
  for (const r of records) {
    report.pages += r.summary.pages
    report.warnings.push(...r.warnings)
  }
  report.sessions = records.length

  const index = renderIndex(assets.shell, indexModel(records.map(r => r.summary), text, options.title), text, lang, options.baseUrl)
  await writeIfChanged(join(outDir, 'index.html'), index)
  written.add('index.html')
  for (const [name, content] of [...assets.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await writeIfChanged(join(outDir, 'assets', name), content)
    written.add(`assets/${name}`)
  }

  // Files an earlier build wrote that this one did not (a session removed, fewer pages): ours to delete.
  for (const file of previous?.files ?? []) {
    if (written.has(file) || file.startsWith(`${STATE_DIR}/`) || file.includes('..')) continue
    await rm(join(outDir, file), { force: true })
    await removeEmptyDir(dirname(join(outDir, file)), outDir)
  }
  manifest.files = [...written].sort()
  await writeManifest(outDir, manifest)
  await cache.save()
  progress.finish()
  report.highlight = { ...(highlighter?.stats ?? { blocks: 0, chars: 0, ms: 0 }), cacheHits: cache.hits }
  return report
}

/** Sessions linked by `parentSession` (within this build) form one family; families keep discovery order. */
function groupFamilies(members: readonly Member[]): Member[][] {
  const parent = members.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] ?? i] ?? i
    return i
  }
  const firstById = new Map<string, number>()
  members.forEach((m, i) => {
    if (!firstById.has(m.id)) firstById.set(m.id, i)
  })
  members.forEach((m, i) => {
    const p = m.scan.header?.parentSession
    const j = p === undefined ? undefined : firstById.get(p)
    if (j !== undefined && j !== i) parent[find(i)] = find(j)
  })
  const groups = new Map<number, Member[]>()
  members.forEach((m, i) => {
    const root = find(i)
    groups.set(root, [...(groups.get(root) ?? []), m])
  })
  return [...groups.values()].sort((a, b) => (a[0]?.index ?? 0) - (b[0]?.index ?? 0))
}

async function removeEmptyDir(dir: string, root: string): Promise<void> {
  if (resolve(dir) === resolve(root) || !resolve(dir).startsWith(resolve(root))) return
  if ((await readdir(dir).catch(() => ['?'])).length === 0) await rm(dir, { recursive: true, force: true })
}

export { MANIFEST_FILE }
