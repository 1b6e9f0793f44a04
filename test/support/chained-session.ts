/**
 * A sessions root holding one session of real corpus turns chained into one log (bench/chain-corpus.ts): the
 * corpus logs of `version`, repeated until the log is `times` the corpus. Tests that need many real turns (the
 * repeats dsh writes from turn to turn) use it instead of a generated log.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { findCorpus, loadTemplates, writeChainedSession } from '../../bench/chain-corpus'
import { tempDir } from './build'

export function chainedRoot(version: 0 | 4, times: number): string {
  const root = tempDir('dv-chained-root-')
  const dir = join(root, '--home-dev-chain--', 'chained')
  mkdirSync(dir, { recursive: true })
  const { templates } = loadTemplates(findCorpus(), version)
  const corpusBytes = templates.reduce((n, t) => n + t.plaintextBytes, 0)
  writeChainedSession(join(dir, version === 0 ? 'session.jsonl' : 'session.v4.jsonl'), templates, corpusBytes * times, { version, id: 'chained' })
  return root
}
