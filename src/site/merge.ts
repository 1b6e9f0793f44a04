/**
 * `dsh-view merge PART… -o SITE` (issue 16): the parts that `dsh-view build ROOT --shard i/n` wrote, made into
 * the site `dsh-view build ROOT` would have written, byte for byte. The session pages, search shards and side
 * files are the parts' own files, hard-linked in (copied where a link cannot cross file systems), never
 * rendered again; what spans sessions — the index pages (whose entries also load the cross-session search
 * shards), the assets, the manifest, the highlight cache — is written from the parts' manifests. So a
 * merge costs a link per file and an index render, whatever the pages weigh.
 *
 * Everything is checked before SITE is touched: every part is one (`.dsh-view/shard.json`), all come from
 * this dsh-view version with the same options, shards 1…n each appear once, the jobs saw the same root, and
 * no session is in two parts. Then, as a build does (staging.ts), under SITE's lock a staging copy of the
 * current site is filled and swapped in: a failed or killed merge leaves the old site (or none). A family
 * whose hash equals what SITE's manifest holds keeps SITE's files untouched (not rewritten, not relinked).
 */
import type { PriceInfo } from './index/overview-types'
import { createHash } from 'node:crypto'
import { constants, existsSync } from 'node:fs'
import { copyFile, link, mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Locale } from '../cards/types'
import { mergeCacheFiles } from '../highlight/cache'
import { mergeReports, type RedactionReport } from '../redact/redactor'
import type { DiscoveryProblem } from '../log/node/discover'
import { loadSiteAssets, type SiteAssets } from './html/assets'
import { removeUnlisted, VERSION, writeIndexAndAssets, writeSiteFolder } from './build-site'
import { emptyManifest, readManifest, STATE_DIR, withoutLogPaths, writeManifest, type Manifest, type SessionRecord, type Warning } from './write/manifest'
import { readShardManifest, SHARD_FILE, type ShardManifest, type ShardOptions } from './plan/shard'
import { siteText } from './strings'
import { FileWriter } from './write/writer'

/** The parts cannot make one site (nothing was written). */
export class MergeError extends Error {}

export interface MergeReport {
  outDir: string
  indexPath: string
  parts: number
  sessions: number
  pages: number
  /** Files brought in from the parts (linked or copied). */
  linked: number
  /** Sessions whose files SITE already held from an earlier merge or build. */
  unchanged: number
  warnings: Warning[]
  /** The parts' problems (logs that could not be read, sessions dsh-view failed on): exit code 1. */
  problems: DiscoveryProblem[]
  /** Parts built with `--redact`: what was replaced, over every session (as `build --redact` reports it). */
  redactions?: RedactionReport
  /** Why the folder's previous manifest could not be used (nothing of it was reused); null or absent: it could, or there was none. */
  manifestDamage?: string | null
}

interface Part {
  dir: string
  shard: ShardManifest
  manifest: Manifest
}

const OPTION_FLAGS: Record<keyof ShardOptions, string> = {
  locale: '--locale',
  title: '--title',
  baseUrl: '--base-url',
  view: '--view',
  highlight: 'code colouring',
  redact: '--redact / --redact-config',
  prices: '--prices',
}

/** An option's value in a message; the redaction rules by a short hash (a config file's fingerprint is its whole text). */
function optionText(key: keyof ShardOptions, value: ShardOptions[keyof ShardOptions]): string {
  if (key !== 'redact') return JSON.stringify(value)
  return value === null ? 'off' : `on (rules ${createHash('sha256').update(String(value)).digest('hex').slice(0, 8)})`
}

/** Reads and cross-checks the parts; throws MergeError naming the first thing that does not fit. */
export async function readParts(dirs: readonly string[], rendererId: string): Promise<Part[]> {
  if (dirs.length === 0) throw new MergeError('merge needs at least one part')
  const parts: Part[] = []
  for (const dir of dirs) {
    const shard = await readShardManifest(dir)
    const manifest = shard === null ? null : await readManifest(dir)
    if (shard === null || manifest === null) {
      throw new MergeError(`${dir} is not a part written by \`dsh-view build --shard i/n\` (no readable ${SHARD_FILE}; a copy must keep the hidden folder)`)
    }
    parts.push({ dir, shard, manifest })
  }
  const [first] = parts as [Part, ...Part[]]
  for (const part of parts) {
    if (part.shard.version !== VERSION || part.shard.rendererId !== rendererId) {
      const which = part.shard.version === VERSION ? `another build of dsh-view ${VERSION} (renderer ${part.shard.rendererId}; this one is ${rendererId})` : `dsh-view ${part.shard.version} (this is ${VERSION})`
      throw new MergeError(`${part.dir} was built by ${which}`)
    }
  }
  for (const part of parts) {
    if (part.shard.optionsKey === first.shard.optionsKey) continue
    const keys = Object.keys(OPTION_FLAGS) as (keyof ShardOptions)[]
    const differs = keys.filter(k => part.shard.options[k] !== first.shard.options[k])
    const named = differs.map(k => `${OPTION_FLAGS[k]} ${optionText(k, first.shard.options[k])} vs ${optionText(k, part.shard.options[k])}`)
    throw new MergeError(`${first.dir} and ${part.dir} were built with different options${named.length > 0 ? `: ${named.join(', ')}` : ''}`)
  }
  const count = first.shard.shard.count
  const byIndex = new Map<number, Part>()
  for (const part of parts) {
    const { index, count: n } = part.shard.shard
    if (n !== count) throw new MergeError(`${first.dir} is a shard of ${count} but ${part.dir} is a shard of ${n}`)
    const other = byIndex.get(index)
    if (other !== undefined) throw new MergeError(`shard ${index}/${count} is given twice: ${other.dir} and ${part.dir}`)
    byIndex.set(index, part)
  }
  const missing: number[] = []
  for (let i = 1; i <= count; i++) if (!byIndex.has(i)) missing.push(i)
  if (missing.length > 0) throw new MergeError(`${missing.length === 1 ? 'shard' : 'shards'} ${missing.map(i => `${i}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing`)
  const owner = new Map<string, Part>()
  for (const part of parts) {
    for (const s of part.shard.sessions) {
      const other = owner.get(s.stem)
      if (other !== undefined) throw new MergeError(`session ${s.stem} is in two parts: ${other.dir} and ${part.dir}`)
      owner.set(s.stem, part)
      if (part.manifest.sessions[s.stem] === undefined) throw new MergeError(`${part.dir} lists session ${s.stem} but holds no record of it`)
    }
  }
  for (const part of parts) {
    if (part.shard.discovery !== first.shard.discovery || part.shard.total !== first.shard.total) {
      throw new MergeError(`${first.dir} and ${part.dir} were built from different session roots (or the logs changed between the shard jobs)`)
    }
  }
  if (owner.size !== first.shard.total) throw new MergeError(`the parts hold ${owner.size} sessions of the ${first.shard.total} their root has`)
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, part]) => part)
}

export interface MergeOptions {
  parts: string[]
  outDir: string
  /** Prebuilt shell and assets; default: dist/site of this package. */
  assets?: SiteAssets
}

export async function mergeSite(options: MergeOptions): Promise<MergeReport> {
  const assets = options.assets ?? (await loadSiteAssets())
  const finalDir = resolve(options.outDir)
  for (const dir of options.parts) {
    if (resolve(dir) === finalDir) throw new MergeError(`${dir} is a part and the output folder: merge into another folder`)
  }
  const parts = await readParts(options.parts, assets.rendererId)
  return writeSiteFolder(options.outDir, (previous, stage) => mergeInto(parts, previous, stage, assets))
}

/**
 * Links in flight at once. Each is two syscalls (link, rename) done on libuv's threads; one at a time, the
 * merge would spend most of its time waiting for them (measured: 2,000 sessions, 1.6 s of 2.5 s idle).
 */
const LINKS_IN_FLIGHT = 16

/** Runs queued jobs at most `limit` at a time; `flush` waits for all and rethrows the first failure. */
class Lanes {
  readonly #pending = new Set<Promise<void>>()
  #failure: unknown = null
  constructor(private readonly limit: number) {}

  async add(job: () => Promise<void>): Promise<void> {
    if (this.#failure !== null) throw this.#failure
    while (this.#pending.size >= this.limit) await Promise.race(this.#pending)
    const running: Promise<void> = job().then(
      () => void this.#pending.delete(running),
      (err: unknown) => {
        this.#failure ??= err
        this.#pending.delete(running)
      },
    )
    this.#pending.add(running)
  }

  /** Waits for every job, failed or not. */
  async settle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled(this.#pending)
  }

  async flush(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending)
    if (this.#failure !== null) throw this.#failure
  }
}

const codeOf = (err: unknown): unknown => (err instanceof Error && 'code' in err ? err.code : undefined)
let tempCounter = 0

/**
 * `from` at `to` as a hard link (a copy across file systems). A file already at `to` (`mayExist`: the site
 * had one there) is replaced by rename, never changed in place: the staging copy shares it with the live
 * site. Where there was none, one link does (a fresh merge: half the syscalls).
 */
async function bringIn(from: string, to: string, dirs: Set<string>, mayExist: boolean): Promise<void> {
  const dir = dirname(to)
  if (!dirs.has(dir)) {
    await mkdir(dir, { recursive: true })
    dirs.add(dir)
  }
  if (!mayExist) {
    const linked = await link(from, to).then(
      () => true,
      (err: unknown) => {
        if (codeOf(err) === 'EEXIST') return false
        return copyFile(from, to, constants.COPYFILE_EXCL).then(() => true)
      },
    )
    if (linked) return
  }
  const temp = `${to}.${process.pid}-${++tempCounter}.tmp`
  try {
    await link(from, temp).catch(async (err: unknown) => {
      if (codeOf(err) === 'EEXIST') throw err
      await copyFile(from, temp)
    })
    await rename(temp, to)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}

/** What the parts' sessions add to the merged site: records, families, and their files brought into `outDir`. */
interface Gathered {
  manifest: Manifest
  written: Set<string>
  ordered: { order: number; record: SessionRecord }[]
  report: Omit<MergeReport, 'outDir' | 'indexPath'>
}

async function bringInParts(parts: readonly Part[], previous: Manifest | null, outDir: string, { manifest, written, ordered, report }: Gathered, links: Lanes): Promise<void> {
  const dirs = new Set<string>()
  // Files the staging copy of the site may hold already; any other path is free (EEXIST still falls back).
  const listed = new Set(previous?.files ?? [])
  for (const part of parts) {
    const families = new Map<string, string[]>()
    for (const s of part.shard.sessions) {
      const members = families.get(s.family)
      if (members === undefined) families.set(s.family, [s.stem])
      else members.push(s.stem)
      ordered.push({ order: s.order, record: part.manifest.sessions[s.stem] as SessionRecord })
    }
    for (const [key, stems] of families) {
      const family = part.manifest.families[key]
      if (family === undefined) throw new MergeError(`${part.dir} lists family ${key} but holds no record of it`)
      manifest.families[key] = family
      const records = stems.map(stem => part.manifest.sessions[stem] as SessionRecord)
      // Unchanged since SITE's last merge or build: the same hash covers logs, names, options and renderer.
      const before = previous?.families[key]
      const unchanged = before !== undefined && before.hash === family.hash && stems.every(stem => previous?.sessions[stem] !== undefined) &&
        records.every(r => r.files.every(f => existsSync(join(outDir, f))))
      for (const [i, stem] of stems.entries()) {
        const record = records[i] as SessionRecord
        manifest.sessions[stem] = record
        for (const file of record.files) {
          if (file.includes('..') || file.startsWith(`${STATE_DIR}/`)) throw new MergeError(`${part.dir} lists a file outside the site: ${file}`)
          written.add(file)
          if (unchanged) continue
          await links.add(() =>
            bringIn(join(part.dir, file), join(outDir, file), dirs, listed.has(file)).catch((err: unknown) => {
              throw codeOf(err) === 'ENOENT' && !existsSync(join(part.dir, file)) ? new MergeError(`${part.dir} lacks ${file}, which its manifest lists (an incomplete copy of the part?)`) : err
            }),
          )
          report.linked++
        }
        if (unchanged) report.unchanged++
      }
    }
    report.problems.push(...part.shard.problems)
  }
}

async function mergeInto(parts: readonly Part[], previous: Manifest | null, outDir: string, assets: SiteAssets): Promise<Omit<MergeReport, 'outDir' | 'indexPath'>> {
  const first = (parts[0] as Part).shard
  const gathered: Gathered = {
    manifest: emptyManifest(),
    written: new Set<string>(),
    ordered: [],
    report: { parts: parts.length, sessions: 0, pages: 0, linked: 0, unchanged: 0, warnings: [], problems: [...first.scanProblems] },
  }
  const { manifest, written, ordered, report } = gathered
  const links = new Lanes(LINKS_IN_FLIGHT)
  // Every link settles before this goes on or throws: none may land after the staging folder is removed.
  try {
    await bringInParts(parts, previous, outDir, gathered, links)
  } finally {
    await links.settle()
  }
  await links.flush()
  ordered.sort((a, b) => a.order - b.order)
  const records = ordered.map(o => o.record)
  for (const r of records) {
    report.pages += r.summary.pages
    report.warnings.push(...r.warnings)
  }
  report.sessions = records.length
  if (first.options.redact !== null) report.redactions = mergeReports(records.flatMap(r => (r.redactions === undefined ? [] : [r.redactions])))

  const options = first.options
  const locale: Locale = options.locale === 'zh' ? 'zh' : 'en'
  const listed = new Set((previous?.files ?? []).map(f => join(outDir, f)))
  const writer = new FileWriter(path => listed.has(path))
  await writeIndexAndAssets(writer, outDir, assets, records, { text: siteText(locale), title: options.title, lang: locale === 'zh' ? 'zh-CN' : 'en', baseUrl: options.baseUrl, live: false, price: priceOf(options.prices) }, written)
  await writer.flush()
  await removeUnlisted(previous, written, outDir)
  manifest.files = [...written].sort()
  await writeManifest(outDir, first.options.redact !== null ? withoutLogPaths(manifest) : manifest)
  // The highlight cache the one build would have left; a site left by an earlier build keeps no other.
  for (const name of ['highlight-cache.json', 'highlight-cache.redacted.json']) {
    const target = join(outDir, STATE_DIR, name)
    await rm(target, { force: true })
    if (first.cacheFile === name) await mergeCacheFiles(parts.map(p => join(p.dir, STATE_DIR, name)), target)
  }
  await rm(join(outDir, SHARD_FILE), { force: true })
  return report
}

/** The parts' price table words (they agree: the price table is in the options key every part shares). */
function priceOf(text: string | undefined): PriceInfo | null {
  if (text === undefined) return null
  try {
    const p = JSON.parse(text) as Partial<PriceInfo>
    return typeof p.currency === 'string' && typeof p.date === 'string' && typeof p.source === 'string' ? { currency: p.currency, date: p.date, source: p.source } : null
  } catch {
    return null
  }
}
