/**
 * The synthetic records dsh appends when it resumes a session whose last turn was left open by a crash
 * (log-format.md §6.2, live.md §6.8): one `tool/result` per unanswered call of the open step
 * (`TOOL_NOT_STARTED` when only the assistant message names it, `TOOL_OUTCOME_UNKNOWN` when a `tool/call`
 * was recorded), then `step/end` if a step is open, then `turn/end {reason:{kind:'interrupted'}}`, with
 * new seqs from the last one + 1 and the last event's time. Works on stored record text (JSON lines), so
 * a fake writer can repair whatever a timeline wrote. Test-only; written from the spec, not dsh's code.
 */

interface Call {
  id: string
  callSeq: number | null
  answered: boolean
}

type Rec = Record<string, unknown>

const NOT_STARTED_TEXT = 'The tool call was interrupted before the Harness recorded it as started. Retry it if it is still needed.'
const OUTCOME_UNKNOWN_TEXT =
  'The tool call was interrupted after it was recorded, but no result was durably recorded. Its outcome is unknown. Decide whether to retry after checking its effects. Do not retry blindly.'

/** Closer records (JSON text, one per line) for `records` (stored lines after the header), or []. */
export function interruptedTurnClosers(records: readonly string[]): string[] {
  let nextSeq = 0
  let lastTime = 0
  let turn: number | null = null
  let step: number | null = null
  let calls: Call[] = []
  for (const text of records) {
    const rec = parseRecord(text)
    if (rec === null) continue
    const type = rec['type']
    const data = isRec(rec['data']) ? rec['data'] : {}
    if (type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks') {
      const members = Array.isArray(data['texts']) ? data['texts'].length : Array.isArray(data['args']) ? data['args'].length : 0
      nextSeq = num(rec['seq0'], nextSeq) + members
      lastTime = num(rec['time0'], lastTime)
      continue
    }
    const seq = num(rec['seq'], nextSeq)
    nextSeq = seq + 1
    lastTime = num(rec['time'], lastTime)
    if (type === 'turn/start') {
      turn = num(data['turn'], (turn ?? 0) + 1)
      step = null
      calls = []
    } else if (type === 'turn/end') {
      turn = null
      step = null
      calls = []
    } else if (type === 'step/start') {
      step = num(data['step'], (step ?? 0) + 1)
      calls = []
    } else if (type === 'step/end') {
      step = null
      calls = []
    } else if (type === 'assistant/message') {
      const message = isRec(data['message']) ? data['message'] : {}
      const content = Array.isArray(message['content']) ? message['content'] : []
      for (const block of content) {
        if (isRec(block) && block['type'] === 'tool-call' && typeof block['id'] === 'string' && find(calls, block['id']) === undefined) {
          calls.push({ id: block['id'], callSeq: null, answered: false })
        }
      }
    } else if (type === 'tool/call' && typeof data['callId'] === 'string') {
      const call = find(calls, data['callId']) ?? pushCall(calls, data['callId'])
      call.callSeq = seq
    } else if (type === 'tool/result') {
      const message = isRec(data['message']) ? data['message'] : {}
      const first = Array.isArray(message['content']) ? message['content'][0] : undefined
      const id = isRec(first) ? first['toolCallId'] : data['callId']
      if (typeof id === 'string') (find(calls, id) ?? pushCall(calls, id)).answered = true
    }
  }
  if (turn === null) return []
  const out: string[] = []
  const envelope = (type: string, payload: Rec, extra: Rec = {}) => {
    out.push(JSON.stringify({ type, seq: nextSeq, time: lastTime, data: payload, ...extra }))
    nextSeq++
  }
  for (const call of calls) {
    if (call.answered) continue
    const started = call.callSeq !== null
    const message = {
      id: `interrupted-tool-result-${call.id}-${nextSeq}`,
      role: 'user',
      source: { kind: 'tool', callId: call.id },
      content: [{ type: 'tool-result', toolCallId: call.id, content: [{ type: 'text', text: started ? OUTCOME_UNKNOWN_TEXT : NOT_STARTED_TEXT }], isError: true }],
    }
    const error = started ? { name: 'ToolOutcomeUnknownError', code: 'TOOL_OUTCOME_UNKNOWN' } : { name: 'ToolNotStartedError', code: 'TOOL_NOT_STARTED' }
    const extra: Rec = started ? { sourceEventSeqs: [call.callSeq], surfaceOp: 'append' } : { surfaceOp: 'append' }
    envelope('tool/result', { turn, step: step ?? 0, message, error }, extra)
  }
  if (step !== null) envelope('step/end', { turn, step })
  envelope('turn/end', { turn, reason: { kind: 'interrupted' } })
  return out
}

function parseRecord(text: string): Rec | null {
  try {
    const value: unknown = JSON.parse(text)
    return isRec(value) ? value : null
  } catch {
    return null
  }
}

function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : fallback
}

function find(calls: Call[], id: string): Call | undefined {
  return calls.find((call) => call.id === id)
}

function pushCall(calls: Call[], id: string): Call {
  const call: Call = { id, callSeq: null, answered: false }
  calls.push(call)
  return call
}
