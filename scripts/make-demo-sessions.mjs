// Regenerates fixtures/demo-sessions/: the sessions root the tests build (not the users' demo: that is
// demo/sessions, made by scripts/make-demo.sh). It is assembled from verbatim corpus logs (fixtures/corpus,
// provenance in fixtures/README.md) laid out exactly as dsh lays out a root (log-format.md §2.1–2.4):
// `--<project>--/<encoded id>/session.jsonl[.zstd]`.
// Run: node scripts/make-demo-sessions.mjs
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = `${root}fixtures/demo-sessions`

/** dsh's projectKey (log-format.md §2.2), for the folder a header's cwd lives in. */
function projectDir(cwd) {
  if (!cwd) return '_no-cwd'
  let slug = ''
  for (let i = 0; i < cwd.length; i++) {
    const c = cwd[i]
    if (c === '/' || c === '\\' || c === ':') slug += slug.endsWith('-') ? '' : '-'
    else if (/[A-Za-z0-9._-]/.test(c)) slug += c
    else slug += `~${cwd.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`
  }
  slug = slug.replace(/^-+/, '') || 'root'
  return `--${slug.slice(0, 251)}--`
}

const LOGS = [
  // Real dsh 0.1.0-rc.8 runs: zstd, packed chunk rows, real tool executions (and failures).
  'corpus/real-host/node22-basic/sessions/--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd',
  'corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd',
  // Upstream snapshot logs: a parent with two subagent children each, reads, edits, code blocks.
  'corpus/v0/headless-agent/advanced-toolchain/session.jsonl',
  'corpus/v0/headless-agent/advanced-toolchain/session.1.jsonl',
  'corpus/v0/headless-agent/advanced-toolchain/session.2.jsonl',
  'corpus/v0/acp-agent/subagent-multi/session.jsonl',
  'corpus/v0/acp-agent/subagent-multi/session.1.jsonl',
  'corpus/v0/acp-agent/subagent-multi/session.2.jsonl',
]

rmSync(out, { recursive: true, force: true })
for (const rel of LOGS) {
  const from = `${root}fixtures/${rel}`
  const zstd = rel.endsWith('.zstd')
  // The zstd logs are already in a real layout; the plain ones get one from their header.
  const header = zstd ? null : JSON.parse(readFileSync(from, 'utf8').split('\n', 1)[0])
  const dir = zstd ? rel.split('/').slice(-3, -1).join('/') : `${projectDir(header.cwd)}/${header.id}`
  mkdirSync(`${out}/${dir}`, { recursive: true })
  copyFileSync(from, `${out}/${dir}/${zstd ? 'session.jsonl.zstd' : 'session.jsonl'}`)
}
