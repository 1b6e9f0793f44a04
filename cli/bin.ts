/**
 * The only file that touches process.argv, exit codes and stderr. Dispatches one Invocation to its
 * handler, loaded with import() so `--help` stays instant. A UserError — and a file-system error (a full
 * disk, a folder without write permission), which user-error.ts turns into one — prints as one line (plus
 * a hint) with no stack and no temporary path; anything else is a bug and keeps its stack.
 */
import { parseInvocation } from './args'
import { fsUserError, UserError } from './user-error'
import { nodeIo } from './node-io'
import { applyHeapPolicy } from './heap'

declare const __VERSION__: string | undefined

applyHeapPolicy()

async function main(): Promise<number> {
  const inv = parseInvocation(process.argv.slice(2))
  switch (inv.mode) {
    case 'help':
      process.stdout.write(inv.text)
      return 0
    case 'version':
      process.stdout.write(`${typeof __VERSION__ === 'string' ? __VERSION__ : 'dev'}\n`)
      return 0
    case 'inspect':
      return (await import('./inspect')).runInspect(inv, nodeIo)
    case 'stats':
      return (await import('./stats')).runStats(inv, nodeIo)
    case 'build':
      return (await import('./build')).runBuild(inv, nodeIo)
    case 'merge':
      return (await import('./merge')).runMerge(inv, nodeIo)
    case 'redact':
      return (await import('./redact')).runRedact(inv, nodeIo)
    case 'live':
      return (await import('./live')).runLive(inv, nodeIo)
    case 'snapshot':
      return (await import('./snapshot')).runSnapshot(inv, nodeIo)
    case 'export':
      return (await import('./export')).runExport(inv, nodeIo)
    case 'replay':
      return (await import('./replay')).runReplay(inv, nodeIo)
    default:
      return inv satisfies never
  }
}

main().then(
  code => {
    process.exitCode = code
  },
  (thrown: unknown) => {
    const err = thrown instanceof UserError ? thrown : fsUserError(thrown)
    if (err === null) throw thrown
    // Messages name paths and log text: through nodeIo, which escapes control characters.
    nodeIo.stderr(`dsh-view: ${err.message}\n${err.hint ? `  ${err.hint}\n` : ''}`)
    process.exitCode = err.exitCode
  },
)
