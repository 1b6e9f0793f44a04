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
