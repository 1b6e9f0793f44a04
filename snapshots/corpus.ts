/**
 * The fixture corpus as golden scenarios (test-only, Node): every session log under `fixtures/corpus/`
 * with a readable scenario name derived from its path, e.g. `v0/acp-agent/fs-edit/session.jsonl` →
 * `v0-acp-agent-fs-edit`, `v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl` →
 * `v4-zq0929-web-ptc-round-v4`, a real-host run → `real-host-node20-basic`.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const corpusRoot = new URL('../fixtures/corpus/', import.meta.url)

export interface CorpusLog {
  scenario: string
  /** Path relative to fixtures/corpus, with forward slashes. */
  path: string
  url: URL
  zstd: boolean
}

/** `session.jsonl` → '', `session.1.jsonl` → '-1', `session.expected.jsonl` → '-expected'. */
function sessionSuffix(file: string): string {
  const middle = file.replace(/^session/, '').replace(/\.jsonl(\.zstd)?$/, '')
  return middle === '' ? '' : `-${middle.replace(/^\./, '').replaceAll('.', '-')}`
}

export function scenarioName(path: string): string {
  const parts = path.split('/')
  const file = parts[parts.length - 1] ?? path
  if (parts[0] === 'v4' && parts[1] === 'logs') {
    const [owner = '', rest = ''] = file.split('__')
    const stem = rest
      .replace(/\.jsonl$/, '')
      .replace(/(^|_)snapshots_/, '$1')
      .replace(/_session(\.\d+)?\.(v\d)$/, (_m, n: string | undefined, v: string) => `${n === undefined ? '' : `-${n.slice(1)}`}-${v}`)
    return `v4-${owner.toLowerCase()}-${stem.replaceAll('_', '-')}`
  }
  if (parts[0] === 'real-host') return `real-host-${parts[1] ?? ''}`
  const dirs = parts.slice(0, -1).join('-')
  return file.startsWith('session') ? `${dirs}${sessionSuffix(file)}` : `${dirs}-${file.replace(/\.jsonl(\.zstd)?$/, '')}`
}

export function corpusLogs(): CorpusLog[] {
  const root = fileURLToPath(corpusRoot)
  const entries = readdirSync(root, { recursive: true, encoding: 'utf8' })
  return entries
    .map((p) => p.replaceAll('\\', '/'))
    .filter((p) => /\.jsonl(\.zstd)?$/.test(p))
    .sort()
    .map((path) => ({ scenario: scenarioName(path), path, url: new URL(path, corpusRoot), zstd: path.endsWith('.zstd') }))
}
