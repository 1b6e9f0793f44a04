/**
 * A seeded, deterministic generator of realistic dsh v0 session logs for the decode benchmark: the
 * shapes of fixtures/corpus/real-host (turns of steps; streamed reasoning / text / tool-call chunks as
 * packed rows of 10–40 members; block-start/-end, usage and finish chunks; assistant/message with
 * sourceEventSeqs; tool/call; tool/result with multi-line outputs of up to ~40 KB; request/header with a
 * large system prompt once per turn), grouped into append batches the way dsh's 200 ms write-behind
 * does (a few records each, a flush before every tool runs). About 2% of words are non-ASCII so the
 * UTF-8 path is exercised. Same seed, same bytes.
 */
import { seededRandom } from '../src/log/testing/random'

export interface GeneratedLog {
  header: string
  /** Append batches of stored records (one JSON line each), in order. */
  batches: string[][]
  /** Logical events after expanding packed rows. */
  events: number
}

const WORDS = (
  'the a to of and in is for that on with as this it be are by file function return const value test line ' +
  'error type string number import export from await async data result check update build run path read ' +
  'write config module source change step call index list map set get new true false null undefined ' +
  'session event parse decode frame buffer chunk stream header render card tool output input'
).split(' ')
const WIDE = ['日本語', 'naïve', 'código', 'привет', 'données', '函数', 'über', '🙂']

/** `maxSteps`: steps per turn are 1…maxSteps (default 8); fewer make more, shorter turns per MB (the replay seek bench). */
export function generateLog(targetBytes: number, seed = 1, options: { maxSteps?: number } = {}): GeneratedLog {
  const rand = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1))
  const word = () => (rand() < 0.02 ? pick(WIDE) : pick(WORDS))
  const tokens = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? word() : ` ${word()}`))
  const uuid = () => Array.from({ length: 32 }, () => int(0, 15).toString(16)).join('').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')

  const id = `bench-${seed}`
  const header = JSON.stringify({ type: 'session', version: 0, id, createdAt: 1_796_000_000_000, cwd: '/home/dev/project', delegationDepth: 0 })
  const system = tokens(1500).join('')
  const batches: string[][] = []
  let batch: string[] = []
  let batchBytes = 0
  let batchLimit = 1500
  let seq = 0
  let time = 1_796_000_000_000
  let bytes = header.length + 1

  const flush = () => {
    if (batch.length > 0) batches.push(batch)
    batch = []
    batchBytes = 0
    batchLimit = int(300, 4000)
  }
  const put = (record: unknown) => {
    const line = JSON.stringify(record)
    batch.push(line)
    batchBytes += line.length + 1
    bytes += line.length + 1
    if (batchBytes >= batchLimit) flush()
  }
  const event = (type: string, data: unknown, extra: Record<string, unknown> = {}) => {
    time += int(0, 30)
    put({ type, seq: seq++, time, data, ...extra })
    return seq - 1
  }
  /** One streamed block: block-start, packed rows (single chunks where a row would be shorter than 3). */
  const stream = (turn: number, step: number, index: number, kind: 'reasoning' | 'text' | 'tool-call', parts: string[], call?: { id: string; name: string }) => {
    event('assistant/chunk', { turn, step, chunk: { type: 'block-start', index, blockType: kind } })
    for (let at = 0; at < parts.length; ) {
      const members = parts.slice(at, at + int(10, 40))
      at += members.length
      if (members.length < 3) {
        for (const text of members) {
          const chunk = kind === 'tool-call' ? { type: 'tool-call-delta', index, id: call?.id, name: call?.name, argumentsDelta: text } : { type: `${kind}-delta`, index, text }
          event('assistant/chunk', { turn, step, chunk })
        }
        continue
      }
      const dt = members.slice(1).map(() => int(0, 40))
      // dsh's own key order (fixtures/corpus): dt before id and name.
      const data = kind === 'tool-call' ? { turn, step, index, dt, id: call?.id, name: call?.name, args: members } : { turn, step, index, dt, texts: members }
      put({ type: kind === 'tool-call' ? 'tool-call-chunks' : `${kind}-chunks`, seq0: seq, time0: time, data })
      seq += members.length
      time += dt.reduce((a, b) => a + b, 0)
    }
  }

  for (let turn = 1; bytes < targetBytes; turn++) {
    event('turn/start', { turn })
    event('user/message', { content: [{ type: 'text', text: tokens(int(10, 150)).join('') }], source: { kind: 'user' }, role: 'user', id: uuid() }, { surfaceOp: 'append' })
    event('request/header', { header: { config: { provider: 'deepseek-official', model: 'deepseek-v4-flash', maxTokens: 256000 }, system, tools: '{{tools}}' } })
    const steps = int(1, options.maxSteps ?? 8)
    for (let step = 1; step <= steps; step++) {
      event('step/start', { turn, step })
      const first = seq
      const reasoning = tokens(int(20, 600))
      stream(turn, step, 0, 'reasoning', reasoning)
      const text = step === steps ? tokens(int(20, 400)) : tokens(int(0, 40))
      if (text.length > 0) stream(turn, step, 1, 'text', text)
      const calls = step === steps ? [] : Array.from({ length: int(1, 2) }, (_, i) => ({ id: `call_${turn}_${step}_${i}`, name: pick(['bash', 'read', 'edit', 'grep']), args: '' }))
      const content: unknown[] = [{ type: 'reasoning', text: reasoning.join('') }]
      if (text.length > 0) content.push({ type: 'text', text: text.join('') })
      calls.forEach((call, i) => {
        const args = (call.args = JSON.stringify({ command: tokens(int(3, 60)).join(''), description: tokens(int(2, 8)).join('') }))
        const pieces = args.match(/.{1,12}/gs) ?? [args]
        stream(turn, step, 2 + i, 'tool-call', ['', ...pieces], { id: call.id, name: call.name })
        content.push({ type: 'tool-call', id: call.id, name: call.name, arguments: args })
      })
      event('assistant/chunk', { turn, step, chunk: { type: 'usage', usage: { inputTokens: int(8000, 90000), outputTokens: int(20, 900), cacheReadTokens: 0 } } })
      event('assistant/chunk', { turn, step, chunk: { type: 'finish', reason: { kind: calls.length > 0 ? 'tool-calls' : 'stop' } } })
      const chunkSeqs = Array.from({ length: seq - first }, (_, i) => first + i)
      event('assistant/message', { turn, step, message: { role: 'assistant', content, source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' }, id: uuid() }, usage: { inputTokens: 9000, outputTokens: 300 } }, { surfaceOp: 'append', sourceEventSeqs: chunkSeqs })
      for (const call of calls) {
        const callSeq = event('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.args })
        flush() // dsh flushes before every top-level tool execution
        const output = Array.from({ length: rand() < 0.1 ? int(100, 600) : int(1, 40) }, (_, i) => `${i + 1}: ${tokens(int(2, 12)).join('')}`).join('\n')
        event('tool/result', { turn, step, message: { source: { kind: 'tool', callId: call.id }, content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text: output }], isError: false }], role: 'user', id: uuid() } }, { surfaceOp: 'append', sourceEventSeqs: [callSeq] })
      }
      event('step/end', { turn, step })
    }
    event('turn/end', { turn, reason: { kind: 'completed' } })
    flush()
  }
  flush()
  return { header, batches, events: seq }
}

