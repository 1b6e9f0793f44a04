// Chains the repo's real v0 corpus logs (fixtures/corpus/v0, parent sessions only) into one session of about
// N MB, for measuring what a real-content page weighs (bench/page-bytes.mjs; src/site/README.md "Page
// bytes"). Each pass appends every log's records after the previous ones with `seq`/`seq0`, `data.turn` and
// `sourceEventSeqs`/`messageSeqs` shifted, so the result reads as one long session of real turns (tool
// outputs, file reads, diffs, Markdown, packed chunk rows). A few logs have seq gaps of their own, which the
// reader reports as unreadable lines, as it would in theirs. Deterministic: same corpus, same bytes.
//
//   node bench/page-bytes-input.mjs <out session.jsonl> [MB, default 20]
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const [out, mb = '20'] = process.argv.slice(2)
if (!out) {
  console.error('usage: node bench/page-bytes-input.mjs <out session.jsonl> [MB]')
  process.exit(2)
}
const root = fileURLToPath(new URL('../fixtures/corpus/v0', import.meta.url))
const logs = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter(f => /(^|\/)session\.jsonl$/.test(f.split('\\').join('/')))
  .sort()
  .map(f => readFileSync(join(root, f), 'utf8').split('\n').filter(Boolean))
  .filter(lines => { try { const h = JSON.parse(lines[0]); return h.type === 'session' && !h.parentSession } catch { return false } })

const target = Number(mb) * 1e6
const lines = [JSON.stringify({ type: 'session', version: 0, id: 'chain', createdAt: 1783950000000, cwd: '/home/dev/project', delegationDepth: 0 })]
let seq = 0
let turn = 0
let bytes = 0
while (bytes < target) {
  for (const log of logs) {
    let lastSeq = 0
    let lastTurn = 0
    for (const line of log.slice(1)) {
      let r
      try { r = JSON.parse(line) } catch { continue }
      if (typeof r.seq0 === 'number') { lastSeq = Math.max(lastSeq, r.seq0 + (r.data?.dt?.length ?? 0)); r.seq0 += seq }
      else if (typeof r.seq === 'number') { lastSeq = Math.max(lastSeq, r.seq); r.seq += seq }
      else continue
      const d = r.data
      if (d !== null && typeof d === 'object') {
        if (typeof d.turn === 'number') { lastTurn = Math.max(lastTurn, d.turn); d.turn += turn }
        for (const k of ['sourceEventSeqs', 'messageSeqs']) if (Array.isArray(d[k])) d[k] = d[k].map(n => (typeof n === 'number' ? n + seq : n))
      }
      const text = JSON.stringify(r)
      lines.push(text)
      bytes += text.length + 1
    }
    seq += lastSeq + 1
    turn += lastTurn
    if (bytes >= target) break
  }
}
writeFileSync(out, `${lines.join('\n')}\n`)
console.log(`${out}: ${(bytes / 1e6).toFixed(1)} MB, ${lines.length} lines, ${turn} turns`)
