/**
 * One long dsh session made of real turns, for the same-conversation benchmark (issue 14) and the memory case
 * (issue 17): the real logs in `fixtures/corpus` (upstream dsh test snapshots and the real-host runs, see
 * fixtures/README.md for their provenance) chained one after another into a single valid log of a chosen
 * format version, repeated until it reaches the wanted size. Nothing is generated but the numbering: each
 * copy of a source log is renumbered as log-format.md requires — `seq`/`seq0` continue the previous copy
 * (every reference to a seq moves with it: `sourceEventSeqs` including ranges, `messageSeqs`, replace ops,
 * `shadowedRange`/`shadowedSeqs`, `image/offload` targets, `throughSeq`), turns continue the previous copy's
 * numbers, times are shifted so each copy starts after the last one ended, and from the second copy on every
 * message id, tool call id, compaction id and command id gets a `~rN` suffix so ids stay unique in the session. Version 0 sources keep
 * their packed chunk rows; version 3/4 sources (whose upstream fixtures have their envelopes stripped) get
 * `seq` = line index and a synthetic time. Child sessions (a `parentSession` or seeded header) and logs
 * that would not chain (no envelope where the version needs one, an open turn at the end) are left out.
 * Same inputs, same bytes. The output is streamed to disk, so a 1 GB session costs no more memory than
 * the corpus.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decompress } from 'fzstd'
import { isKnownType } from '../src/log/events/schema'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { [key: string]: Json }

/** A renumbered value in a line template. */
type Hole = { kind: 'seq' | 'time' | 'turn'; value: number } | { kind: 'id'; value: string }

/** One source log, split into literal text and the values each copy renumbers. */
export interface SourceTemplate {
  path: string
  /** Per line: literal JSON text alternating with holes (`parts[2k]` text, `parts[2k+1]` a hole). */
  lines: Array<Array<string | Hole>>
  /** Events in the log (packed rows count their members). */
  events: number
  maxTurn: number
  /** `turn/start` events. */
  turnStarts: number
  /** Message and tool call ids it holds (renamed in copies, and where another source has them too). */
  ids: string[]
  minTime: number
  maxTime: number
  plaintextBytes: number
}

export interface ChainOptions {
  /** Header `version` of the session: 0 (packed rows, `session.jsonl`) or 3/4 (`session.vN.jsonl`). */
  version: 0 | 3 | 4
  /** Session id written to the header. */
  id: string
  cwd?: string
}

export interface ChainResult {
  bytes: number
  events: number
  turns: number
  /** `turn/start` events written. */
  turnStarts: number
  /** Source logs used, and how many copies of the corpus the session holds. */
  sources: number
  copies: number
}

/** Keys whose values name a tool call (PTC sub-calls name their root and parent too). */
const CALL_ID_KEYS = ['callId', 'toolCallId', 'subCallId', 'rootCallId', 'parentCallId']
/** Other keys the fold matches events by (a compaction's start/summary/end, a command's output): renamed too. */
const EVENT_ID_KEYS = ['compactionId', 'commandId']
const ID_KEYS = new Set(['id', ...CALL_ID_KEYS, ...EVENT_ID_KEYS])
const SENTINEL = /"@@HOLE(\d+)@@"/g
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The corpus logs of one format version that can be chained (paths sorted, so the order is fixed). */
export function corpusSources(corpusDir: string, version: 0 | 3 | 4): string[] {
  const out: string[] = []
  const stack = [corpusDir]
  while (stack.length > 0) {
    const dir = stack.pop() as string
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) stack.push(path)
      else if (/(^|_)session(\.v\d+)?\.jsonl(\.zstd)?$/.test(name)) out.push(path)
    }
  }
  return out.sort().filter((path) => {
    const header = JSON.parse(firstLine(readLog(path))) as Obj
    return header['type'] === 'session' && (header['version'] ?? 0) === version && header['parentSession'] === undefined && header['isSeeded'] !== true
  })
}

function readLog(path: string): string {
  const bytes = readFileSync(path)
  return Buffer.from(path.endsWith('.zstd') ? decompress(bytes) : bytes).toString('utf8')
}

const firstLine = (text: string) => text.slice(0, text.indexOf('\n'))

/**
 * Parses a source log into a template, or returns why it cannot be chained. Version 0 logs must carry
 * their envelopes (seq contiguous from 0); version 3/4 logs are numbered by line.
 */
export function templateOf(path: string, version: 0 | 3 | 4): SourceTemplate | string {
  const text = readLog(path)
  if (text.includes('@@HOLE')) return 'holds the template sentinel'
  const rows = text.split('\n').filter((l) => l.length > 0)
  const header = JSON.parse(rows[0] ?? 'null') as Obj
  const created = typeof header['createdAt'] === 'number' ? header['createdAt'] : 0
  const lines: Array<Array<string | Hole>> = []
  let next = 0
  let maxTurn = 0
  let minTime = Number.POSITIVE_INFINITY
  let maxTime = Number.NEGATIVE_INFINITY
  let openTurn = false
  let turnStarts = 0
  const ids = new Set<string>()
  const events: Obj[] = []
  for (const raw of rows.slice(1)) {
    const parsed = JSON.parse(raw) as Json
    if (!isObj(parsed) || typeof parsed['type'] !== 'string') return `line ${events.length + 2} is not a record`
    let record = parsed
    const members = packedMembers(record)
    if (version === 0) {
      const seq = members === 0 ? record['seq'] : record['seq0']
      const time = members === 0 ? record['time'] : record['time0']
      if (seq !== next || typeof time !== 'number') return `line ${events.length + 2}: no envelope or a seq gap`
    } else {
      if (members > 0 || 'seq' in record) return `line ${events.length + 2}: unexpected envelope or packed row`
      const { type, ...rest } = record
      record = { type: type as string, seq: next, time: created + next, ...rest }
    }
    // dsh refuses a log with an event type outside its catalog (log-format.md §6.3); a fork's extra event is one.
    if (members === 0 && !inCatalog(record['type'] as string) && record['ignorable'] !== true) return `holds an event type outside the catalog (${String(record['type'])})`
    next += members === 0 ? 1 : members
    if (record['type'] === 'turn/start') turnStarts++
    if (record['type'] === 'turn/start') openTurn = true
    if (record['type'] === 'turn/end') openTurn = false
    collectIds(record, ids)
    events.push(record)
  }
  if (openTurn) return 'ends inside an open turn'
  for (const record of events) {
    const holes: Hole[] = []
    const hole = (h: Hole) => `@@HOLE${holes.push(h) - 1}@@`
    const data = isObj(record['data']) ? record['data'] : null
    const seqHolders = new Set<unknown>([record])
    const rangeHolders = new Set<unknown>()
    if (isObj(record['surfaceOp'])) rangeHolders.add(record['surfaceOp'])
    if (data !== null) {
      if (isObj(data['shadowedRange'])) rangeHolders.add(data['shadowedRange'])
      if (Array.isArray(data['targets'])) for (const t of data['targets']) seqHolders.add(t)
    }
    const seqList = (list: Json[]): Json[] => list.map((v) => (typeof v === 'number' ? hole({ kind: 'seq', value: v }) : Array.isArray(v) ? seqList(v) : v))
    const json = JSON.stringify(record, function (this: unknown, key: string, value: Json): Json {
      if (typeof value === 'number') {
        if (this === record && (key === 'seq' || key === 'seq0')) return hole({ kind: 'seq', value })
        // Normalized fixtures write time 0 on some events: those stay 0 rather than become far-off dates.
        if (this === record && (key === 'time' || key === 'time0') && value >= 1e12) {
          minTime = Math.min(minTime, value)
          maxTime = Math.max(maxTime, value)
          return hole({ kind: 'time', value })
        }
        if (this === data && key === 'turn') {
          maxTurn = Math.max(maxTurn, value)
          return hole({ kind: 'turn', value })
        }
        if (this === data && key === 'throughSeq') return hole({ kind: 'seq', value })
        if (seqHolders.has(this) && this !== record && key === 'seq') return hole({ kind: 'seq', value })
        if (rangeHolders.has(this) && (key === 'start' || key === 'end' || key === 'startSeq' || key === 'endSeq')) return hole({ kind: 'seq', value })
      }
      if (Array.isArray(value) && ((this === record && key === 'sourceEventSeqs') || (this === data && (key === 'messageSeqs' || key === 'shadowedSeqs')))) return seqList(value)
      if (typeof value === 'string' && ID_KEYS.has(key) && ids.has(value)) return hole({ kind: 'id', value })
      return value
    })
    const parts: Array<string | Hole> = []
    let at = 0
    for (const m of json.matchAll(SENTINEL)) {
      parts.push(json.slice(at, m.index), holes[Number(m[1])] as Hole)
      at = (m.index ?? 0) + m[0].length
    }
    parts.push(`${json.slice(at)}\n`)
    lines.push(parts)
  }
  if (events.length === 0 || maxTurn === 0) return 'no turns'
  return { path, lines, events: next, maxTurn, turnStarts, ids: [...ids], minTime: Number.isFinite(minTime) ? minTime : created, maxTime: Number.isFinite(maxTime) ? maxTime : created, plaintextBytes: Buffer.byteLength(text) }
}

/** dsh's event catalog, with the `tool/ptc-dispatch*` spelling of later forks (log-format.md §7.2). */
const inCatalog = (type: string) => isKnownType(type) || isKnownType(type.replace(/^tool\/ptc-dispatch/, 'tool/code-dispatch'))

/** Packed chunk rows hold several events (version 0 only); 0 for a plain event. */
function packedMembers(record: Obj): number {
  if (!/^(text|reasoning|tool-call)-chunks$/.test(String(record['type']))) return 0
  const data = isObj(record['data']) ? record['data'] : {}
  const list = data['texts'] ?? data['args']
  return Array.isArray(list) ? list.length : 0
}

/** Message ids, tool call ids, compaction and command ids: the identities a copy must not share with the original. */
function collectIds(record: Obj, ids: Set<string>): void {
  const stack: Json[] = [record]
  while (stack.length > 0) {
    const value = stack.pop() as Json
    if (Array.isArray(value)) {
      stack.push(...value)
      continue
    }
    if (!isObj(value)) continue
    for (const key of CALL_ID_KEYS) if (typeof value[key] === 'string') ids.add(value[key] as string)
    for (const key of EVENT_ID_KEYS) if (typeof value[key] === 'string') ids.add(value[key] as string)
    if (value['type'] === 'tool-call' && typeof value['id'] === 'string') ids.add(value['id'])
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child)
  }
  const data = isObj(record['data']) ? record['data'] : null
  if (data === null) return
  if (record['type'] === 'user/message' && typeof data['id'] === 'string') ids.add(data['id'])
  if (isObj(data['message']) && typeof data['message']['id'] === 'string') ids.add(data['message']['id'])
  if (Array.isArray(data['inserted'])) for (const m of data['inserted']) if (isObj(m) && typeof m['id'] === 'string') ids.add(m['id'])
}

/** The templates of every chainable corpus log of `version`, and the ones left out with the reason. */
export function loadTemplates(corpusDir: string, version: 0 | 3 | 4): { templates: SourceTemplate[]; skipped: Array<{ path: string; reason: string }> } {
  const templates: SourceTemplate[] = []
  const skipped: Array<{ path: string; reason: string }> = []
  for (const path of corpusSources(corpusDir, version)) {
    const t = templateOf(path, version)
    if (typeof t === 'string') skipped.push({ path, reason: t })
    else templates.push(t)
  }
  return { templates, skipped }
}

/** Buffered appends to a file descriptor (about 1 MiB a write). */
class Sink {
  private pending: string[] = []
  private size = 0
  bytes = 0
  constructor(private readonly fd: number) {}
  write(text: string): void {
    this.pending.push(text)
    this.size += text.length
    if (this.size >= 1 << 20) this.flush()
  }
  flush(): void {
    if (this.pending.length === 0) return
    const buf = Buffer.from(this.pending.join(''), 'utf8')
    writeSync(this.fd, buf)
    this.bytes += buf.length
    this.pending = []
    this.size = 0
  }
}

export function headerLine(options: ChainOptions, createdAt: number): string {
  const cwd = options.cwd ?? '/home/dev/project'
  const header = options.version === 0
    ? { type: 'session', version: 0, id: options.id, createdAt, cwd, delegationDepth: 0 }
    : { type: 'session', version: options.version, id: options.id, createdAt, cwd, isSeeded: false, delegationDepth: 0 }
  return `${JSON.stringify(header)}\n`
}

/**
 * Writes the chained session (header included) to `fd` until it holds at least `targetBytes` of plaintext
 * (whole source logs only, so it overshoots by at most one of them). With `headerless`, the header line is
 * left out (the caller writes it in its own zstd frame).
 */
export function writeChain(fd: number, templates: readonly SourceTemplate[], targetBytes: number, options: ChainOptions & { headerless?: boolean }): ChainResult {
  if (templates.length === 0) throw new Error('chain-corpus: no chainable source logs')
  const createdAt = templates[0]?.minTime ?? 0
  const sink = new Sink(fd)
  if (options.headerless !== true) sink.write(headerLine(options, createdAt))
  let seq = 0
  let turns = 0
  let turnStarts = 0
  let clock = createdAt
  const written = options.headerless === true ? Buffer.byteLength(headerLine(options, createdAt)) : 0
  // Two recordings of one scenario share call ids: the later source gets a suffix in every copy.
  const seen = new Set<string>()
  const shared = templates.map((t) => {
    const clash = t.ids.some((id) => seen.has(id))
    for (const id of t.ids) seen.add(id)
    return clash
  })
  for (let copy = 0; ; copy++) {
    for (const [index, t] of templates.entries()) {
      const seqOff = seq
      const turnOff = turns
      const timeOff = clock - t.minTime
      const suffix = `${shared[index] === true ? `~s${index}` : ''}${copy === 0 ? '' : `~r${copy}`}`
      for (const parts of t.lines) {
        let line = ''
        for (const part of parts) {
          if (typeof part === 'string') line += part
          else if (part.kind === 'id') line += JSON.stringify(part.value + suffix)
          else line += String(part.value + (part.kind === 'seq' ? seqOff : part.kind === 'turn' ? turnOff : timeOff))
        }
        sink.write(line)
      }
      seq += t.events
      turns += t.maxTurn
      turnStarts += t.turnStarts
      // Normalized fixtures mix clocks a month apart; at most an hour per copy keeps a 1 GB session's dates sane.
      clock += Math.min(t.maxTime - t.minTime, 3_600_000) + 1000
      sink.flush()
      if (sink.bytes + written >= targetBytes) return { bytes: sink.bytes, events: seq, turns, turnStarts, sources: templates.length, copies: copy + 1 }
    }
  }
}

/** Writes the chained session to `path` (see writeChain). */
export function writeChainedSession(path: string, templates: readonly SourceTemplate[], targetBytes: number, options: ChainOptions): ChainResult {
  const fd = openSync(path, 'w')
  try {
    return writeChain(fd, templates, targetBytes, options)
  } finally {
    closeSync(fd)
  }
}

/** `fixtures/corpus` of this checkout, looked up from this module (it also runs bundled under bench/out/). */
export function findCorpus(from: string = import.meta.url): string {
  for (const rel of ['../fixtures/corpus', '../../fixtures/corpus']) {
    const path = fileURLToPath(new URL(rel, from))
    if (existsSync(path)) return path
  }
  throw new Error('chain-corpus: fixtures/corpus not found')
}
