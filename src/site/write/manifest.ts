/**
 * The build's memory between runs, `<out>/.dsh-view/manifest.json` (issue 4, "incremental"): per family of
 * sessions (a parent and its children render each other's titles and links, so they are rebuilt together)
 * the hash of everything its pages depend on — log contents, file names, renderer, options — and per
 * session its index summary, warnings and the files it wrote. A family whose hash is unchanged and whose
 * files are all still there is not read beyond hashing, nor rendered, nor written.
 *
 * The manifest also lists every file the site owns, so a rebuild deletes pages of sessions that are gone —
 * and never touches a file it did not write. Its presence is what marks a folder as a dsh-view site.
 */
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './atomic-write'
import { ownRecord } from '../../log/own'
import type { RedactionReport } from '../../redact/redactor'
import type { SessionSummary } from '../types'
import { checkManifestShape, ManifestDamage } from './manifest-shape'

export const STATE_DIR = '.dsh-view'
export const MANIFEST_FILE = `${STATE_DIR}/manifest.json`
const FORMAT = 'dsh-view-site/1'
/**
 * A manifest above this size is damage, not read: a build writes ~1–2 KB per session (256 MiB is well over
 * 100,000 sessions), and reading a file means holding it whole, then its text, then its value.
 */
export const MANIFEST_BYTES_MAX = 256 * 1024 * 1024

export interface Warning {
  /** The log, as the user named it. */
  path: string
  /** 1-based line in the decoded log; null for whole-file problems. */
  line: number | null
  message: string
  /** Lines the warning stands for when more than one (a run of unreadable lines, src/log/damage/invalid-runs.ts). */
  lines?: number
}

export interface SessionRecord {
  summary: SessionSummary
  warnings: Warning[]
  /** Files written for this session, relative to the site root. */
  files: string[]
  bytes: number
  /** `--redact` builds: what was replaced in this session's log (reported again when it is reused). */
  redactions?: RedactionReport
}

export interface FamilyRecord {
  hash: string
  /** Stems of the members, in build order. */
  members: string[]
}

export interface Manifest {
  format: typeof FORMAT
  families: Record<string, FamilyRecord>
  sessions: Record<string, SessionRecord>
  /** Every file of the site, sorted. */
  files: string[]
}

// Keyed by session stems (from log ids): no prototype, so `constructor` or `__proto__` is just a key.
export const emptyManifest = (): Manifest => ({ format: FORMAT, families: ownRecord(), sessions: ownRecord(), files: [] })

const ownCopy = <T>(record: object): Record<string, T> => Object.assign(ownRecord<T>(), record)

/**
 * The manifest with no log path in it, for `--redact` sites (issue 32): its warnings and redaction places
 * name the log a session came from, and an absolute path names the user's home and project folders inside
 * the folder people publish. A reused record gets its log's path back from the build that reuses it
 * (`withLogPath`): a session record only ever names its own log.
 */
export function withoutLogPaths(manifest: Manifest): Manifest {
  const sessions = ownRecord<SessionRecord>()
  for (const [stem, record] of Object.entries(manifest.sessions)) sessions[stem] = withLogPath(record, '')
  return { ...manifest, sessions }
}

/** `record` with `path` as the log its warnings and redaction places name. */
export function withLogPath(record: SessionRecord, path: string): SessionRecord {
  const out: SessionRecord = { ...record, warnings: record.warnings.map(w => ({ ...w, path })) }
  if (record.redactions !== undefined) out.redactions = { ...record.redactions, places: record.redactions.places.map(p => ({ ...p, session: path })) }
  return out
}

/** What a site folder's manifest file holds: nothing (no file), a manifest, or damage (why it cannot be used). */
export type ManifestRead = { kind: 'absent' } | { kind: 'read'; manifest: Manifest } | { kind: 'damaged'; reason: string }

/**
 * The previous manifest, read without trusting a byte of it: a file that is too big, unreadable, not JSON
 * or not in the shape a build writes (./manifest-shape.ts) is `damaged`, with the reason.
 */
export async function readSiteManifest(outDir: string): Promise<ManifestRead> {
  let text: string
  try {
    const file = await open(join(outDir, MANIFEST_FILE), 'r')
    try {
      const { size } = await file.stat()
      if (size > MANIFEST_BYTES_MAX) return { kind: 'damaged', reason: `larger than ${MANIFEST_BYTES_MAX / 1024 / 1024} MiB` }
      text = await file.readFile('utf8')
    } finally {
      await file.close()
    }
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : 'unreadable'
    return code === 'ENOENT' ? { kind: 'absent' } : { kind: 'damaged', reason: `unreadable: ${code}` }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'damaged', reason: text.length === 0 ? 'empty' : 'not JSON' }
  }
  try {
    checkManifestShape(value, FORMAT)
  } catch (err) {
    if (err instanceof ManifestDamage) return { kind: 'damaged', reason: err.message }
    throw err
  }
  const m = value as Manifest
  return { kind: 'read', manifest: { format: FORMAT, families: ownCopy(m.families), sessions: ownCopy(m.sessions), files: m.files } }
}

/** The previous manifest, or null when the folder holds none or one this version cannot use. */
export async function readManifest(outDir: string): Promise<Manifest | null> {
  const read = await readSiteManifest(outDir)
  return read.kind === 'read' ? read.manifest : null
}

/** Deterministic bytes: keys sorted at every level that has them. */
export async function writeManifest(outDir: string, manifest: Manifest): Promise<void> {
  await writeFileAtomic(join(outDir, MANIFEST_FILE), manifestText(manifest))
}

/** The manifest file's text (a build's, or a preview's, src/site/preview.ts). */
export function manifestText(manifest: Manifest): string {
  const sortKeys = <T>(record: Record<string, T>): Record<string, T> =>
    Object.assign(ownRecord<T>(), Object.fromEntries(Object.keys(record).sort().map(k => [k, record[k] as T])))
  const body: Manifest = { ...manifest, families: sortKeys(manifest.families), sessions: sortKeys(manifest.sessions), files: [...manifest.files].sort() }
  return `${JSON.stringify(body, null, 1)}\n`
}
