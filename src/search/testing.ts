/**
 * Test helpers for search (test-only; nothing in src imports this outside `*.test.ts`): a real view model
 * from a typed session (reader lines → fold → viewModel), and a shard parsed back from its script.
 */
import { viewModel } from '../cards/view-model'
import type { PageViewModel } from '../cards/types'
import { ConversationBuilder } from '../conversation/builder'
import { linesOf } from '../conversation/testing'
import { session, type SessionBuilder } from '../log/testing/session'
import { asShard } from './client/match'
import type { SearchShard } from './shard'
import { searchText } from './strings'

export const LABELS = searchText('en').labels

export function viewOf(log: SessionBuilder): PageViewModel {
  const builder = new ConversationBuilder()
  builder.append(linesOf(log))
  return viewModel(builder.snapshot(), { cwd: '/home/dev/project', home: null, locale: 'en' })
}

/** A session with a user prompt, a bash call whose long output hides a needle, and a failed read. */
export function sampleSession(needle = 'NEEDLE-42'): SessionBuilder {
  const s = session({ id: 'search-sample' })
  s.turnStart()
  s.user('Please find the flaky test')
  s.stepStart()
  s.call('bash', { command: 'npm test', description: 'Run the tests' }, 'c-bash')
  s.result('c-bash', [...Array.from({ length: 300 }, (_, i) => `ok ${i}`), `FAIL ${needle} timed out`].join('\n'))
  s.call('read', { file_path: '/home/dev/project/missing.ts' }, 'c-read')
  s.result('c-read', 'File not found: /home/dev/project/missing.ts', { isError: true })
  s.stepEnd()
  s.stepStart()
  s.assistant('The **flaky** test is the one that timed out.')
  s.stepEnd()
  s.turnEnd()
  return s
}

/** The shard a shard script pushes (evaluated as the browser would, on a fake window). */
export function shardOf(script: string): SearchShard | null {
  const win: { dshSearch?: unknown[] } = {}
  new Function('window', script)(win)
  return asShard(win.dshSearch?.[0])
}
