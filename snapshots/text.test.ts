/**
 * Text snapshots of every fixture log (issue 5): `snapshots/text/<scenario>/<session>.txt`, checked through
 * exactly what CI users run — `dsh-view snapshot <scenario> --out snapshots/text/<scenario> --check`
 * (cli/snapshot.ts), one scenario at a time. A scenario is one fixture folder (a parent log and its
 * subagent children together), a run's sessions root for the real-host logs, and one file for the flat
 * v4/logs folder and for logs discovery would not pick from their folder (the pwsh seed,
 * `session.expected.jsonl`).
 *
 * A failure prints the unified diff. Review it like code; if the change is intended, rewrite the files with
 * `DSH_SNAPSHOT=refresh npx vitest run snapshots/text.test.ts` and say in the commit what users will see.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInvocation } from '../cli/args'
import { captureIo } from '../test/support/io'
import { runSnapshot } from '../cli/snapshot'
import { parseTranscriptName } from '../src/log/node/names'
import { corpusLogs, scenarioName } from './corpus'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

interface Scenario {
  name: string
  /** Input path, relative to fixtures/corpus. */
  input: string
}

/** One scenario per fixture folder (see the module comment). */
export function textScenarios(): Scenario[] {
  const seen = new Map<string, Scenario>()
  for (const log of corpusLogs()) {
    const parts = log.path.split('/')
    const file = parts[parts.length - 1] ?? ''
    let scenario: Scenario
    // A file discovery would not pick from its folder (`seed.jsonl`, `session.expected.jsonl`) stands alone.
    if ((parts[0] === 'v4' && parts[1] === 'logs') || parseTranscriptName(file) === null) scenario = { name: scenarioName(log.path), input: log.path }
    else if (parts[0] === 'real-host') scenario = { name: `real-host-${parts[1] ?? ''}`, input: `real-host/${parts[1] ?? ''}/sessions` }
    else {
      const dir = parts.slice(0, -1).join('/')
      scenario = { name: dir.replaceAll('/', '-'), input: dir }
    }
    seen.set(scenario.name, scenario)
  }
  return [...seen.values()]
}

const scenarios = textScenarios()

describe('text snapshots of the fixture corpus (snapshots/text/)', () => {
  it('covers every fixture log, and every committed folder belongs to a scenario', () => {
    expect(scenarios.length).toBeGreaterThan(90)
    const folders = readdirSync(here('./text/'))
    expect(folders.filter((f) => !scenarios.some((s) => s.name === f))).toEqual([])
    const files = folders.reduce((n, f) => n + readdirSync(here(`./text/${f}`)).length, 0)
    expect(files).toBe(corpusLogs().length)
  })

  it.each(scenarios)('$name', async ({ name, input }) => {
    const inv = parseInvocation(['snapshot', here(`../fixtures/corpus/${input}`), '--out', here(`./text/${name}`), '--check'])
    if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
    const io = captureIo({ DSH_SNAPSHOT: process.env['DSH_SNAPSHOT'] })
    const code = await runSnapshot(inv, io)
    expect(io.out, io.err).toBe('')
    expect(code, io.err).toBe(0)
  })
})
