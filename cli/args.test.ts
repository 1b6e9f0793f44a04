/**
 * `--view MODE` as every command that renders pages parses it (build, export, live, snapshot --format aria):
 * each of the five modes is accepted, absence means the web client's default (`detailed`), and anything else —
 * including the web client's legacy saved values, which only a saved preference may hold — is a one-line usage
 * error naming the valid modes.
 */
import { describe, expect, it } from 'vitest'
import { HELP, parseInvocation, parseView } from './args'
import { UserError } from './user-error'
import { DEFAULT_VIEW_MODE, VIEW_MODES } from '../src/cards/view-mode'

const COMMANDS: Record<string, string[]> = {
  build: ['build', 'logs'],
  export: ['export', 'session-id', '-o', 'out.html'],
  live: ['live'],
  snapshot: ['snapshot', '--format', 'aria'],
}

function usageError(argv: string[]): UserError {
  try {
    parseInvocation(argv)
  } catch (err) {
    if (err instanceof UserError) return err
    throw err
  }
  throw new Error(`${argv.join(' ')} parsed without an error`)
}

describe('--view MODE', () => {
  it.each(Object.keys(COMMANDS))('%s: defaults to detailed', (command) => {
    expect(DEFAULT_VIEW_MODE).toBe('detailed')
    expect(parseInvocation(COMMANDS[command] ?? [])).toMatchObject({ mode: command, view: 'detailed' })
  })

  it.each(Object.keys(COMMANDS).flatMap((command) => VIEW_MODES.map((view) => [command, view] as const)))('%s --view %s', (command, view) => {
    expect(parseInvocation([...(COMMANDS[command] ?? []), '--view', view])).toMatchObject({ mode: command, view })
    expect(parseInvocation([...(COMMANDS[command] ?? []), `--view=${view}`])).toMatchObject({ view })
  })

  it.each([
    ['build', 'fancy'],
    ['export', 'normal'],
    ['live', 'expanded'],
    ['snapshot', 'Detailed'],
    ['build', ''],
  ])('%s --view %j is a one-line usage error naming the modes', (command, value) => {
    const error = usageError([...(COMMANDS[command] ?? []), '--view', value])
    expect(error.exitCode).toBe(2)
    expect(error.message).toBe(`--view must be one of compact, standard, detailed, verbose, classic (got "${value}")`)
    expect(error.message).not.toContain('\n')
  })

  it('is not a flag of inspect or redact', () => {
    expect(usageError(['inspect', '--view', 'compact']).message).toContain("Unknown option '--view'")
    expect(usageError(['redact', '--check', '--view', 'compact']).message).toContain("Unknown option '--view'")
  })

  it('parseView maps absence to the default and nothing else', () => {
    expect(parseView(undefined)).toBe(DEFAULT_VIEW_MODE)
    for (const m of VIEW_MODES) expect(parseView(m)).toBe(m)
    expect(() => parseView('verbose ')).toThrow(UserError)
  })

  it('is in the help text with every mode', () => {
    expect(HELP).toContain('--view MODE')
    expect(HELP).toContain('compact, standard, detailed, verbose, classic')
    expect(HELP).toContain('--expand all|none|process')
  })
})

describe('build --demo', () => {
  it('builds the bundled demo root instead of paths', () => {
    expect(parseInvocation(['build', '--demo', '-o', 'site'])).toMatchObject({ mode: 'build', demo: true, inputs: [], outDir: 'site' })
    expect(parseInvocation(['build', 'logs'])).toMatchObject({ demo: false, inputs: ['logs'] })
  })

  it('refuses paths beside it in one line', () => {
    const error = usageError(['build', '--demo', 'logs'])
    expect(error.exitCode).toBe(2)
    expect(error.message).toBe('--demo builds the bundled demo sessions; it takes no paths')
  })

  it('is in the help text with an example', () => {
    expect(HELP).toContain('dsh-view build --demo --open')
  })
})

describe('build --shard i/n and merge (issue 16)', () => {
  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/3', { index: 2, count: 3 }],
    ['7/7', { index: 7, count: 7 }],
    ['12/1000', { index: 12, count: 1000 }],
  ])('--shard %s', (value, shard) => {
    expect(parseInvocation(['build', 'logs', '--shard', value, '-o', 'part'])).toMatchObject({ mode: 'build', inputs: ['logs'], outDir: 'part', shard })
  })

  it('without --shard a build is the whole site', () => {
    expect(parseInvocation(['build', 'logs'])).toMatchObject({ mode: 'build', shard: null })
  })

  it.each(['0/2', '3/2', '1/0', '2', '1/2/3', 'a/b', '1.5/2', '1/1001', ''])('--shard %j is a one-line usage error', value => {
    const error = usageError(['build', 'logs', '--shard', value])
    expect(error.exitCode).toBe(2)
    expect(error.message).toBe(`--shard must be i/n with 1 ≤ i ≤ n ≤ 1000 (got "${value}")`)
  })

  it('--shard does not go with --open (a part has no index)', () => {
    expect(usageError(['build', 'logs', '--shard', '1/2', '--open']).message).toBe('--open does not go with --shard')
  })

  it('merge takes the parts and -o', () => {
    expect(parseInvocation(['merge', 'p1', 'p2', 'p3', '-o', 'site', '-q'])).toEqual({ mode: 'merge', parts: ['p1', 'p2', 'p3'], outDir: 'site', quiet: true })
    expect(parseInvocation(['merge', 'p1'])).toEqual({ mode: 'merge', parts: ['p1'], outDir: 'dsh-view-site', quiet: false })
  })

  it('merge without parts, or with a build flag, is a usage error', () => {
    expect(usageError(['merge', '-o', 'site']).message).toBe('merge needs the parts to merge')
    expect(usageError(['merge', 'p1', '--title', 'x']).message).toContain("Unknown option '--title'")
  })

  it('both are in the help text', () => {
    expect(HELP).toContain('--shard i/n')
    expect(HELP).toContain('dsh-view merge PART… -o DIR')
  })
})
