/**
 * `dsh-view build ROOT --shard i/n -o PART` (issue 16): which families of sessions shard i renders, and the
 * part's own manifest (`PART/.dsh-view/shard.json`) that `dsh-view merge` (merge.ts) reads to write the index
 * and check the parts belong together.
 *
 * The partition is by family (a parent and its subagent children render each other's links, so they stay in
 * one part), keyed by the family's root session id. It is a pure function of what every shard job sees the
 * same way — each family's key, creation time and log bytes — so n jobs over the same root agree without
 * talking to each other. Placement is "two choices" over a stable hash: the key's rendezvous hash ranks
 * the shards, and families, taken oldest first, go to the less loaded (in log bytes) of their two
 * top-ranked shards. So shards are balanced by bytes, not by session count, and a family's place depends
 * only on the families created before it: a new session (the way an archive grows) lands on a shard and
 * moves no other session. (A session added with an older creation time than others — a backfill — or an
 * older family whose logs grow can move later ones, and a family's key changes when a parent arrives for
 * children that were alone.)
 */
import { createHash } from 'node:crypto'
import { readJsonObject } from '../write/read-json'
import { join } from 'node:path'
import { writeFileAtomic } from '../write/atomic-write'
import { MANIFEST_BYTES_MAX, STATE_DIR } from '../write/manifest'
import type { DiscoveryProblem } from '../../log/node/discover'

/** Shard `index` (1-based) of `count`. */
export interface ShardSpec {
  index: number
  count: number
}

/** What the placement knows of a family. */
export interface FamilyPlacement {
  /** The root session's id. */
  key: string
  /** The root's header `createdAt` (ms); null when it has none. */
  createdAt: number | null
  /** Log bytes of all its members. */
  bytes: number
}

/** murmur3's 32-bit finaliser: every input bit reaches every output bit. */
function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** The key's rendezvous ranking of `count` shards: best first (ties, never seen in practice, by index). */
export function shardRanking(key: string, count: number): number[] {
  const digest = createHash('sha256').update(key).digest()
  const a = digest.readUInt32BE(0)
  const b = digest.readUInt32BE(4)
  const scores = Array.from({ length: count }, (_, s) => fmix32((a ^ fmix32((b + Math.imul(s + 1, 0x9e3779b1)) >>> 0)) >>> 0))
  return scores.map((_, s) => s).sort((x, y) => (scores[y] as number) - (scores[x] as number) || x - y)
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The 0-based shard of every family, in input order. Families are placed oldest first (creation time, then
 * key; a family without a time counts as oldest), each on the less loaded of its key's two best shards
 * (the best on a tie). Input order matters only between families with the same key and time.
 */
export function placeFamilies(families: readonly FamilyPlacement[], count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shard count must be a positive integer (got ${count})`)
  const shards = new Array<number>(families.length).fill(0)
  if (count === 1) return shards
  const order = families.map((_, i) => i)
  const time = (i: number) => families[i]?.createdAt ?? Number.NEGATIVE_INFINITY
  order.sort((x, y) => time(x) - time(y) || cmp(families[x]?.key ?? '', families[y]?.key ?? '') || x - y)
  const loads = new Array<number>(count).fill(0)
  for (const i of order) {
    const family = families[i] as FamilyPlacement
    const [first, second] = shardRanking(family.key, count) as [number, number]
    const pick = (loads[second] as number) < (loads[first] as number) ? second : first
    loads[pick] = (loads[pick] as number) + family.bytes
    shards[i] = pick
  }
  return shards
}

export const SHARD_FILE = `${STATE_DIR}/shard.json`
const FORMAT = 'dsh-view-shard/1'

/** The build options a part was made with, as the user gave them (named in merge errors). */
export interface ShardOptions {
  locale: string
  title: string | null
  baseUrl: string | null
  view: string
  highlight: boolean
  /** The `--redact` rules' fingerprint; null without `--redact`. */
  redact: string | null
  /** The price table's currency, date and source (JSON), for the merged overview's cost note; absent in older parts. */
  prices?: string
}

/** One session of a part. */
export interface ShardSession {
  stem: string
  /** Its place in the discovery (readable sessions only): the index lists sessions in this order on ties. */
  order: number
  /** xxHash64 of the log (the content hash the family hash is made from). */
  log: string
  /** Stem of its family's first member: the key of the family record in the part's manifest.json. */
  family: string
}

/** `PART/.dsh-view/shard.json`. The index rows and files of each session are in the part's manifest.json. */
export interface ShardManifest {
  format: typeof FORMAT
  /** The dsh-view version and the renderer (its sources and assets): a merge needs both to equal its own. */
  version: string
  rendererId: string
  options: ShardOptions
  /** Everything options change in the pages, as the build hashes it: parts must agree exactly. */
  optionsKey: string
  shard: ShardSpec
  /** Hash of the whole discovery as the partition saw it: every shard job must have seen the same root. */
  discovery: string
  /** Readable sessions in the whole discovery (every part must cover its share of them). */
  total: number
  sessions: ShardSession[]
  /** Logs that could not be read at all (every shard meets the same). */
  scanProblems: DiscoveryProblem[]
  /** Sessions of this part that dsh-view failed on (they got a damaged-session page). */
  problems: DiscoveryProblem[]
  /** The part's highlight cache file under `.dsh-view/`, or null when the build did not colour code. */
  cacheFile: string | null
}

export type ShardManifestBody = Omit<ShardManifest, 'format'>

/** A fingerprint of the partition's input: in order, each readable session's stem, id, parent, time and bytes. */
export function discoveryHash(members: readonly { stem: string; id: string; parent: string | null; createdAt: number | null; bytes: number }[]): string {
  const hash = createHash('sha256')
  for (const m of members) hash.update(JSON.stringify([m.stem, m.id, m.parent, m.createdAt, m.bytes])).update('\n')
  return hash.digest('hex')
}

export async function writeShardManifest(outDir: string, body: ShardManifestBody): Promise<void> {
  const manifest: ShardManifest = { format: FORMAT, ...body }
  await writeFileAtomic(join(outDir, SHARD_FILE), `${JSON.stringify(manifest, null, 1)}\n`)
}

/** A part's shard manifest; null when the folder has none or one this version cannot read. */
export async function readShardManifest(dir: string): Promise<ShardManifest | null> {
  const value = await readJsonObject(join(dir, SHARD_FILE), MANIFEST_BYTES_MAX)
  if (value === null) return null
  const m = value as Partial<ShardManifest>
  const spec = m.shard
  if (m.format !== FORMAT || typeof m.version !== 'string' || typeof m.rendererId !== 'string' || typeof m.optionsKey !== 'string') return null
  if (typeof spec !== 'object' || spec === null || !Number.isInteger(spec.index) || !Number.isInteger(spec.count)) return null
  if (!Array.isArray(m.sessions) || !Array.isArray(m.scanProblems) || !Array.isArray(m.problems) || typeof m.discovery !== 'string') return null
  if (typeof m.total !== 'number' || typeof m.options !== 'object' || m.options === null) return null
  const sessionOk = (s: unknown): s is ShardSession => {
    const x = s as Partial<ShardSession> | null
    return typeof x === 'object' && x !== null && typeof x.stem === 'string' && typeof x.order === 'number' && typeof x.family === 'string' && typeof x.log === 'string'
  }
  if (!m.sessions.every(sessionOk)) return null
  return m as ShardManifest
}
