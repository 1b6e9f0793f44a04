/**
 * `FakeDshWriter`: writes a session the way dsh's Gen A JSONL backend does, as seen by a tail-follower
 * (live.md §6, §11.1), so live mode can be tested without dsh. Written from the spec, not dsh's code.
 * - Layout `<root>/--<project>--/<encoded-id>/`, dir 0700, file 0600; Gen A `.lock` JSON (created empty,
 *   then written, then fsynced) or a never-removed Gen B `session.lock`.
 * - First append materializes: header + first batch into `<name>.<12hex>.tmp`, fsync, `link` to the final
 *   name, unlink the temp file (so the file appears already holding both). zstd: the header is frame 0.
 * - Batching: `enqueue` opens a fixed window (`batchDelayMs`, dsh: 200 ms) at the first pending record;
 *   records arriving during a write form the next batch; `flush` skips the wait.
 * - Each append: `open('a')` → stat → write → fsync → close. Raw batches are `lines.join('\n') + '\n'`,
 *   zstd batches one checksummed frame. A split policy writes a batch in two syscalls with a pause, so a
 *   reader can observe a partial line or frame.
 * - Faults: rollback (partial append, ftruncate back, retry as a bigger batch), crash (torn tail, lock
 *   left with a dead pid), resume repair (truncate the torn tail, re-append what a decoder salvages, add
 *   closers), replacement (new inode), Gen B generation upgrade (`session.vN…` beside the old file).
 * `durable` mirrors what a complete read of the current file yields, for assertions. Test-only.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { link, mkdir, open, rename, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { sessionKey } from '../protocol'
import { interruptedTurnClosers } from './closers'
import { projectDirName } from './timeline'
import { createRawFrameEncoder, recoverablePlaintext, type FrameEncoder } from './zstd-raw-frame'

export interface SplitPolicy {
  /** Byte index at which to cut this batch's bytes (clamped to 1..length-1), or null to write it whole. */
  at(length: number, batch: number): number | null
  pauseMs: number
  /** Called while the first part is on disk and the rest is not (after the pause): tests look then. */
  onPartial?: (batch: number) => Promise<void> | void
}

export interface RollbackOptions {
  /** Share of the batch's bytes written before the failure. */
  cutFraction: number
  pauseMs: number
  /** Records that arrived meanwhile; the retry writes the failed records and these as one batch. */
  retryWith: readonly string[]
  onPartial?: () => Promise<void> | void
  onTruncated?: () => Promise<void> | void
}

export interface FakeWriterOptions {
  root: string
  /** The header record, JSON text without newline; its `id` and `cwd` name the directories. */
  header: string
  encoding: 'raw' | 'zstd'
  generation?: number
  batchDelayMs?: number
  split?: SplitPolicy
  lock?: 'gen-a' | 'gen-b' | 'none'
}

interface TornBatch {
  records: string[]
  /** Bytes of the batch that reached the file. */
  cut: number
  plaintextLength: number
}

const encoder = new TextEncoder()
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class FakeDshWriter {
  readonly dir: string
  /** Records (after the header) a complete read of the current file yields, in order. */
  readonly durable: string[] = []
  #header: string
  #encoding: 'raw' | 'zstd'
  #generation: number
  #materialized = false
  #batches = 0
  #queue: string[] = []
  #waiters: (() => void)[] = []
  #timer: NodeJS.Timeout | null = null
  #writing: Promise<void> | null = null
  #torn: TornBatch | null = null
  readonly #o: FakeWriterOptions
  readonly #frame: FrameEncoder

  private constructor(options: FakeWriterOptions, frame: FrameEncoder) {
    this.#o = options
    this.#frame = frame
    this.#header = options.header
    this.#encoding = options.encoding
    this.#generation = options.generation ?? 0
    const header: unknown = JSON.parse(options.header)
    const id = isRecord(header) && typeof header['id'] === 'string' ? header['id'] : 'fake-session'
    const cwd = isRecord(header) && typeof header['cwd'] === 'string' ? header['cwd'] : undefined
    this.dir = join(options.root, projectDirName(cwd), sessionKey(id))
  }

  static async create(options: FakeWriterOptions): Promise<FakeDshWriter> {
    return new FakeDshWriter(options, await createRawFrameEncoder())
  }

  get fileName(): string {
    const version = this.#generation === 0 ? '' : `.v${this.#generation}`
    return `session${version}.jsonl${this.#encoding === 'zstd' ? '.zstd' : ''}`
  }

  get path(): string {
    return join(this.dir, this.fileName)
  }

  /** Queues records under dsh's batching; resolves once the batch holding them is durable. */
  enqueue(records: readonly string[]): Promise<void> {
    for (const record of records) this.#queue.push(record)
    const done = new Promise<void>((resolve) => this.#waiters.push(resolve))
    if (this.#timer === null && this.#writing === null) this.#timer = setTimeout(() => void this.#drain(), this.#o.batchDelayMs ?? 200)
    return done
  }

  /** Writes whatever is queued now (dsh's `session/flush`). */
  async flush(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    while (this.#writing !== null) await this.#writing
    if (this.#queue.length > 0) await this.#drain()
  }

  /** One durable append of `records` right now (materializing the file on first use). */
  async append(records: readonly string[]): Promise<void> {
    if (!this.#materialized) return this.#materialize(records)
    await this.#appendBytes(this.#encode(records))
    for (const record of records) this.durable.push(record)
  }

  /**
   * A failed append: part of the batch reaches the file, then dsh truncates back to the previous size;
   * the same records are retried later inside a larger batch (`retryWith` appended to them).
   */
  async rollback(records: readonly string[], options: RollbackOptions): Promise<void> {
    const bytes = this.#encode(records)
    const cut = clamp(Math.floor(bytes.length * options.cutFraction), 1, bytes.length - 1)
    const handle = await open(this.path, 'a')
    const before = (await handle.stat()).size
    await handle.write(bytes.subarray(0, cut))
    await handle.sync()
    await sleep(options.pauseMs)
    await options.onPartial?.()
    await handle.truncate(before)
    await handle.sync()
    await handle.close()
    await sleep(options.pauseMs)
    await options.onTruncated?.()
    await this.append([...records, ...options.retryWith])
  }

  /** The process dies mid-append: `cutFraction` of the batch is on disk and the lock names a dead pid. */
  async crash(records: readonly string[], cutFraction: number): Promise<void> {
    const bytes = this.#encode(records)
    const cut = clamp(Math.floor(bytes.length * cutFraction), 1, bytes.length - 1)
    const handle = await open(this.path, 'a')
    await handle.write(bytes.subarray(0, cut))
    await handle.sync()
    await handle.close()
    const plaintextLength = encoder.encode(`${records.join('\n')}\n`).length
    this.#torn = { records: [...records], cut, plaintextLength }
    if (this.#encoding === 'raw') {
      // Complete lines of a torn raw batch are readable and kept by repair: they count as durable.
      const complete = countCompleteLines(records, cut)
      for (const record of records.slice(0, complete)) this.durable.push(record)
    }
    if ((this.#o.lock ?? 'gen-a') === 'gen-a') await this.#writeLock(deadPid())
  }

  /**
   * A new process resumes the session after `crash`: truncate the torn tail, re-append (zstd) the records
   * a decoder can still recover from the torn frame, then the closers of the open turn; take the lock.
   * Returns the records appended.
   */
  async repair(): Promise<string[]> {
    const torn = this.#torn
    if (torn === null) throw new Error('repair() needs a crash() first')
    this.#torn = null
    if ((this.#o.lock ?? 'gen-a') === 'gen-a') await this.#writeLock(process.pid)
    const handle = await open(this.path, 'r+')
    const size = (await handle.stat()).size
    await handle.truncate(size - (this.#encoding === 'raw' ? partialLineBytes(torn.records, torn.cut) : torn.cut))
    await handle.sync()
    await handle.close()
    let recovered: string[] = []
    if (this.#encoding === 'zstd') {
      const salvage = recoverablePlaintext(torn.plaintextLength, torn.cut)
      recovered = torn.records.slice(0, countCompleteLines(torn.records, salvage))
    }
    const closers = interruptedTurnClosers([...this.durable, ...recovered])
    const appended = [...recovered, ...closers]
    if (appended.length > 0) await this.append(appended)
    return appended
  }

  /** Someone replaced the file (new inode), e.g. an editor's save: same path, `records` as content. */
  async replace(records: readonly string[] = this.durable): Promise<void> {
    const content = [...records]
    const temp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`
    await writeFile(temp, this.#fileBytes(content), { mode: 0o600 })
    await rename(temp, this.path)
    this.durable.length = 0
    for (const record of content) this.durable.push(record)
  }

  /**
   * Gen B write-open of an older generation: publish `session.v<generation>…` holding `header` and
   * `records` (the migrated log) beside the old file, which is never written again.
   */
  async upgrade(generation: number, header: string, records: readonly string[]): Promise<void> {
    await this.flush()
    this.#generation = generation
    this.#header = header
    this.#materialized = false
    this.durable.length = 0
    await this.#materialize(records)
  }

  /** Clean shutdown: drain the queue and remove the Gen A lock. */
  async close(): Promise<void> {
    await this.flush()
    if ((this.#o.lock ?? 'gen-a') === 'gen-a') await unlink(join(this.dir, '.lock')).catch(() => {})
  }

  async #drain(): Promise<void> {
    this.#timer = null
    const batch = this.#queue
    const waiters = this.#waiters
    this.#queue = []
    this.#waiters = []
    const write = this.append(batch)
    this.#writing = write
    try {
      await write
    } finally {
      this.#writing = null
      for (const resolve of waiters) resolve()
      if (this.#queue.length > 0) this.#timer = setTimeout(() => void this.#drain(), this.#o.batchDelayMs ?? 200)
    }
  }

  async #materialize(records: readonly string[]): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const lock = this.#o.lock ?? 'gen-a'
    if (lock === 'gen-a') await this.#writeLock(process.pid)
    if (lock === 'gen-b') await writeFile(join(this.dir, 'session.lock'), '', { flag: 'a', mode: 0o600 })
    const temp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`
    const handle = await open(temp, 'wx', 0o600)
    await handle.write(this.#fileBytes(records))
    await handle.sync()
    await handle.close()
    await link(temp, this.path)
    await unlink(temp)
    this.#materialized = true
    for (const record of records) this.durable.push(record)
  }

  async #appendBytes(bytes: Uint8Array): Promise<void> {
    const batch = this.#batches++
    const handle = await open(this.path, 'a')
    try {
      await handle.stat()
      const split = this.#o.split
      const at = split?.at(bytes.length, batch) ?? null
      if (split !== undefined && at !== null && bytes.length > 1) {
        const cut = clamp(at, 1, bytes.length - 1)
        await handle.write(bytes.subarray(0, cut))
        await sleep(split.pauseMs)
        await split.onPartial?.(batch)
        await handle.write(bytes.subarray(cut))
      } else {
        await handle.write(bytes)
      }
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  /** Header plus records as a complete file (zstd: header frame, then one frame for the records). */
  #fileBytes(records: readonly string[]): Uint8Array {
    const head = this.#encode([this.#header])
    if (records.length === 0) return head
    const body = this.#encode(records)
    const out = new Uint8Array(head.length + body.length)
    out.set(head, 0)
    out.set(body, head.length)
    return out
  }

  #encode(records: readonly string[]): Uint8Array {
    const plain = encoder.encode(`${records.join('\n')}\n`)
    return this.#encoding === 'zstd' ? this.#frame(plain) : plain
  }

  async #writeLock(pid: number): Promise<void> {
    const path = join(this.dir, '.lock')
    const handle = await open(path, 'w', 0o600)
    await handle.write(`${JSON.stringify({ pid, hostname: hostname(), startedAt: Date.now() })}\n`)
    await handle.sync()
    await handle.close()
  }
}

/** A pid that belonged to a process which has exited (a crashed writer's). */
export function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  return child.pid ?? 2 ** 22 + 1
}

/** Records of a raw batch wholly inside its first `cut` bytes. */
function countCompleteLines(records: readonly string[], cut: number): number {
  let at = 0
  let complete = 0
  for (const record of records) {
    at += encoder.encode(record).length + 1
    if (at > cut) break
    complete++
  }
  return complete
}

/** Bytes after the last newline within the first `cut` bytes of a raw batch. */
function partialLineBytes(records: readonly string[], cut: number): number {
  let at = 0
  for (const record of records) {
    const end = at + encoder.encode(record).length + 1
    if (end > cut) return cut - at
    at = end
  }
  return 0
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
