/**
 * The same conversation as a Claude Code transcript (`~/.claude/projects/<p>/<session>.jsonl`), for the
 * comparison issue 4 asks for: claude-replay renders that format, and a dsh log of one conversation is
 * several times larger because dsh also stores every streaming chunk. Only settled records are written —
 * one line per prompt, per assistant message (thinking, text, tool_use blocks) and per tool result — which
 * is what Claude Code stores. Streams the dsh log; writes the transcript to `outPath`.
 */
import { createWriteStream } from 'node:fs'
import { readSession } from '../src/log/node/read'

type Block = Record<string, unknown>

const asBlocks = (value: unknown): Block[] =>
  Array.isArray(value) ? value.filter((b): b is Block => typeof b === 'object' && b !== null) : []

function claudeBlock(block: Block): Block | null {
  switch (block['type']) {
    case 'text':
      return { type: 'text', text: block['text'] }
    case 'reasoning':
      return { type: 'thinking', thinking: block['text'], signature: '' }
    case 'tool-call': {
      let input: unknown = {}
      try {
        input = JSON.parse(String(block['arguments'] ?? '{}'))
      } catch {
        input = { raw: block['arguments'] }
      }
      return { type: 'tool_use', id: block['id'], name: block['name'], input }
    }
    default:
      return null
  }
}

/** Converts; returns the transcript's size in bytes and its line count. */
export async function writeClaudeTranscript(dshLog: string, outPath: string): Promise<{ bytes: number; lines: number }> {
  const out = createWriteStream(outPath)
  let bytes = 0
  let lines = 0
  let parent: string | null = null
  const write = (record: Record<string, unknown>) => {
    const uuid = `u-${lines}`
    const line = `${JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd: '/home/dev/project', sessionId: 'bench', version: '1.0.0', uuid, ...record })}\n`
    parent = uuid
    bytes += Buffer.byteLength(line)
    lines++
    out.write(line)
  }
  for await (const batch of readSession(dshLog)) {
    for (const entry of batch) {
      if (entry.kind !== 'event') continue
      const e = entry.event
      const timestamp = e.time === null ? undefined : new Date(e.time).toISOString()
      if (e.type === 'user/message' && e.data.source.kind === 'user') {
        write({ type: 'user', timestamp, message: { role: 'user', content: asBlocks(e.data.content).map(claudeBlock).filter(Boolean) } })
      } else if (e.type === 'assistant/message') {
        const content = asBlocks(e.data.message.content).map(claudeBlock).filter(Boolean)
        write({ type: 'assistant', timestamp, message: { id: e.data.message.id, type: 'message', role: 'assistant', model: 'bench', content, usage: e.data.usage ?? {} } })
      } else if (e.type === 'tool/result') {
        const block = e.data.message.content[0]
        const text = asBlocks(block.content).map(b => (typeof b['text'] === 'string' ? b['text'] : '')).join('\n')
        write({ type: 'user', timestamp, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: block.toolCallId, content: text, is_error: block.isError === true }] } })
      }
    }
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())))
  return { bytes, lines }
}
