/**
 * Long sessions made of real dsh events: the one turn of a real-host log (fixtures/corpus/real-host/
 * node20-basic: a prompt, reasoning, bash / write / read / edit / grep / glob calls, a closing reply, as dsh
 * wrote them, streamed chunks and packed rows included) replayed `turns` times — seqs, times, turn numbers,
 * call ids and message ids shifted so every copy is its own turn, and each prompt numbered. The last turn can
 * end another way (aborted, error, open) or the log can end in a torn line, for the index's statuses. Same
 * arguments, same bytes. Written in a sessions root `depth` folders above dsh's `--<cwd>--/<id>/` layout.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE = fileURLToPath(
  new URL('../../fixtures/corpus/real-host/node20-basic/sessions/--home-dev-project--/session-c1b30693-54cd-473a-b18c-92c5df8fa13b/session.jsonl', import.meta.url),
)
const PROMPT = 'Tour the tools on notes.txt'
const TURN_MS = 60_000

export interface ReplayOptions {
  id: string
  turns: number
  title?: string
  /** How the last turn ends: as logged (`completed`), or `aborted`, `error`, `open` (no turn/end). */
  lastEnd?: 'completed' | 'aborted' | 'error' | 'open'
  /** End the log in a partial line (a torn tail). */
  torn?: boolean
  /** Extra words in the bash output of turn `k` (something to search for). */
  outputWords?: ReadonlyMap<number, string>
  /** Hour offset of the session's start (orders sessions on the index: later starts list first). */
  startHours?: number
  /** The parent session's id: the session is its subagent (header `parentSession`, log-format.md §2.6). */
  parent?: string
}

interface Source {
  header: Record<string, unknown>
  /** Records before the turn (permission preset, sandbox mode, approval policy). */
  preamble: Record<string, unknown>[]
  /** The turn's records, from the inbox splice before `turn/start` to `turn/end`. */
  turn: Record<string, unknown>[]
}

let cached: Source | undefined
function source(): Source {
  if (cached !== undefined) return cached
  const records = readFileSync(SOURCE, 'utf8').split('\n').filter(l => l !== '').map(l => JSON.parse(l) as Record<string, unknown>)
  const start = records.findIndex(r => r['type'] === 'agent/inbox/spliced')
  // Titles name the first prompt's seq; a replayed session is titled by its first prompt (or `title`).
  const turn = records.slice(start).filter(r => r['type'] !== 'session/title' && r['type'] !== 'session/title-llm-request')
  cached = { header: records[0] as Record<string, unknown>, preamble: records.slice(1, start), turn }
  return cached
}

/** Logical events a stored record holds: a packed row one per member (log-format.md §2.4). */
function members(r: Record<string, unknown>): number {
  if (typeof r['seq0'] !== 'number') return 1
  const data = r['data'] as { args?: unknown[]; texts?: unknown[] }
  return (data.args ?? data.texts ?? [null]).length
}

/** The log text of a replayed session. */
export function replayedLog(options: ReplayOptions): string {
  const { header, preamble, turn } = source()
  const created = Number(header['createdAt'])
  const t0 = created + (options.startHours ?? 0) * 3_600_000
  const lineage = options.parent === undefined ? {} : { parentSession: options.parent, origin: 'subagent', delegationDepth: 1 }
  const out = [JSON.stringify({ ...header, id: options.id, createdAt: t0, ...lineage })]
  let seq = 0
  /** Renumbers one record (seqs contiguous from 0) and returns it with the map old seq → new. */
  const renumber = (record: Record<string, unknown>, timeShift: number, seqs: Map<number, number>): Record<string, unknown> => {
    const r: Record<string, unknown> = { ...record }
    const key = typeof r['seq0'] === 'number' ? 'seq0' : 'seq'
    const old = Number(r[key])
    for (let i = 0; i < members(r); i++) seqs.set(old + i, seq + i)
    r[key] = seq
    seq += members(r)
    if (typeof r['time'] === 'number') r['time'] = r['time'] + timeShift
    if (typeof r['time0'] === 'number') r['time0'] = r['time0'] + timeShift
    return r
  }
  for (const record of preamble) out.push(JSON.stringify(renumber(record, t0 - created, new Map())))
  if (options.title !== undefined) out.push(JSON.stringify({ type: 'session/title', seq: seq++, time: t0, data: { title: options.title, messageSeqs: [], source: { kind: 'user' } } }))
  for (let k = 1; k <= options.turns; k++) {
    const seqs = new Map<number, number>()
    const timeShift = t0 - created + TURN_MS * (k - 1)
    const last = k === options.turns
    for (const record of turn) {
      if (last && record['type'] === 'turn/end' && options.lastEnd === 'open') continue
      const r = renumber(record, timeShift, seqs)
      const data = { ...(r['data'] as Record<string, unknown>) }
      if (typeof data['turn'] === 'number') data['turn'] = k
      if (last && r['type'] === 'turn/end' && options.lastEnd === 'aborted') data['reason'] = { kind: 'aborted', reason: { kind: 'user' } }
      if (last && r['type'] === 'turn/end' && options.lastEnd === 'error') data['reason'] = { kind: 'error', error: { kind: 'provider', message: 'upstream 500' } }
      r['data'] = data
      let line = JSON.stringify(r)
        .replace(/"sourceEventSeqs":\[([\d,]*)\]/g, (_m, list: string) => `"sourceEventSeqs":[${list.split(',').filter(Boolean).map(n => seqs.get(Number(n)) ?? Number(n)).join(',')}]`)
        .replace(/call_(\d+)_(\d+)/g, `call_t${k}s$1_$2`)
        .replace(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}/g, (_m, head: string) => `${head}${k.toString(16).padStart(12, '0')}`)
        .replaceAll(PROMPT, `Prompt ${k}: tour the tools on notes.txt`)
      const words = options.outputWords?.get(k)
      if (words !== undefined) line = line.replace('"text":"HELLO\\n"', `"text":"HELLO ${words}\\n"`)
      out.push(line)
    }
  }
  let text = `${out.join('\n')}\n`
  if (options.torn === true) text += '{"type":"assistant/chunk","seq":'
  return text
}

/**
 * Writes sessions into `root`, each at `<root>/<nest…>/--home-dev-<project>--/<id>/session.jsonl`, where
 * `nest` is `depth` extra folders (0: dsh's own layout).
 */
export function writeReplayed(root: string, sessions: readonly (ReplayOptions & { project?: string })[], depth = 0): void {
  const nest = Array.from({ length: depth }, (_, i) => `level-${i + 1}`)
  for (const s of sessions) {
    const dir = join(root, ...nest, `--home-dev-${s.project ?? 'project'}--`, s.id)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), replayedLog(s))
  }
}
