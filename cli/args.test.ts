/**
 * `--view MODE` as every command that renders pages parses it (build, export, live, snapshot --format aria):
 * each of the five modes is accepted, absence means the web client's default (`detailed`), and anything else —
 * including the web client's legacy saved values, which only a saved preference may hold — is a one-line usage
 * error naming the valid modes.
 */
import { describe, expect, it } from 'vitest'
import { HELP, parseInvocation, parseView } from './args'
import { UserError } from './user-error'
import { COMMANDS as SPECS } from './commands'
import { editDistance } from './suggest'
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

  it('is in the help of every command that takes it, with every mode', () => {
    for (const command of ['build', 'export', 'live', 'snapshot']) {
      const text = helpOf(command)
      expect(text).toContain('--view MODE')
      expect(text).toContain('compact, standard, detailed, verbose, classic')
    }
    expect(helpOf('snapshot')).toContain('--expand all|none|process')
    expect(helpOf('inspect')).not.toContain('--view')
  })
})

function helpOf(command: string): string {
  const inv = parseInvocation([command, '--help'])
  if (inv.mode !== 'help') throw new Error(`${command} --help is not help`)
  return inv.text
}

describe('per-command help (issue 15 item 3)', () => {
  it.each(SPECS.map(c => c.name))('%s --help shows its own usage, flags and examples, and no other command', (command) => {
    const text = helpOf(command)
    const spec = SPECS.find(c => c.name === command)
    expect(text.startsWith(`dsh-view ${command} — `)).toBe(true)
    for (const flag of spec?.flags ?? []) expect(text).toContain(`--${flag.name}`)
    for (const flag of ['--quiet', '--verbose', '--help']) expect(text).toContain(flag)
    expect(text).toContain('Examples:')
    for (const other of SPECS) if (other.name !== command) expect(text).not.toContain(`Usage:\n  dsh-view ${other.name}`)
    expect(helpOf(command)).toBe(text)
    expect(parseInvocation(['help', command])).toEqual({ mode: 'help', text })
    expect(parseInvocation([command, 'some/path', '-h'])).toEqual({ mode: 'help', text })
  })

  it('every command has a different help, and the main help lists every command in a few lines', () => {
    const texts = SPECS.map(c => helpOf(c.name))
    expect(new Set(texts).size).toBe(SPECS.length)
    for (const c of SPECS) expect(HELP).toMatch(new RegExp(`^  ${c.name} +\\S`, 'm'))
    expect(HELP.split('\n').length).toBeLessThan(40)
    expect(parseInvocation(['--help'])).toEqual({ mode: 'help', text: HELP })
  })
})

describe('unknown flags name the nearest flag (edit distance)', () => {
  it.each([
    [['inspect', '--jsno'], "Unknown option '--jsno' for inspect (did you mean --json?)"],
    [['build', '--ouput', 'x'], "Unknown option '--ouput' for build (did you mean --out?)"],
    [['build', '--output', 'x'], "Unknown option '--output' for build (did you mean --out?)"],
    [['build', '--titel=x'], "Unknown option '--titel' for build (did you mean --title?)"],
    [['export', 's', '--markdwon', 'x.md'], "Unknown option '--markdwon' for export (did you mean --markdown?)"],
    [['live', '--prot', '1'], "Unknown option '--prot' for live (did you mean --port?)"],
    [['snapshot', '--verb'], "Unknown option '--verb' for snapshot (did you mean --verbose?)"],
    [['inspect', '--view', 'compact'], "Unknown option '--view' for inspect (it is an option of build, export, snapshot, live)"],
    [['inspect', '--zzzzzz'], "Unknown option '--zzzzzz' for inspect"],
    [['build', '-x'], "Unknown option '-x' for build"],
  ])('%j', (argv, message) => {
    const error = usageError(argv)
    expect(error.message).toBe(message)
    expect(error.hint).toBe(`Run \`dsh-view ${argv[0]} --help\` for its options.`)
    expect(error.exitCode).toBe(2)
  })

  it('a mistyped command names the nearest command', () => {
    expect(usageError(['biuld']).message).toBe('unknown command "biuld" (did you mean build?)')
    expect(usageError(['frobnicate']).message).toBe('unknown command "frobnicate"')
  })

  it.each([
    ['--json', '--jsno', 1],
    ['--out', '--ouput', 2],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('editDistance(%j, %j) = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
  })
})

describe('-q/--quiet and --verbose on every command, --latest N', () => {
  const BASE: Record<string, string[]> = { inspect: ['inspect'], build: ['build'], export: ['export', 's', '--markdown', '-'], snapshot: ['snapshot'], live: ['live'], redact: ['redact', '--check'] }
  it.each(Object.keys(BASE))('%s', (command) => {
    const base = BASE[command] ?? []
    expect(parseInvocation(base)).toMatchObject({ quiet: false, verbose: false })
    expect(parseInvocation([...base, '-q'])).toMatchObject({ quiet: true })
    expect(parseInvocation([...base, '--quiet', '--verbose'])).toMatchObject({ quiet: true, verbose: true })
  })

  it.each([
    [['inspect', '--latest', '3'], { latest: 3 }],
    [['build', '--latest=1', 'root'], { latest: 1, inputs: ['root'] }],
    [['inspect'], { latest: null }],
    [['export', '--latest', '1', '--markdown', '-'], { session: null, inputs: [], latest: 1, markdown: '-' }],
    [['export', '--latest', '1', 'a', 'b', '-o', 'x.html'], { session: null, inputs: ['a', 'b'], latest: 1 }],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toMatchObject(expected)
  })

  it.each([
    [['inspect', '--latest', '0'], '--latest must be a whole number from 1 (got "0")'],
    [['build', '--latest', 'two'], '--latest must be a whole number from 1 (got "two")'],
    [['export', '--latest', '2', '--markdown', '-'], 'export writes one session: --latest must be 1 (got 2)'],
    [['export', '--markdown', '-'], 'export needs the session to export'],
    [['export', 's', '-o', '-'], '-o - is not supported: the HTML file is written to a path'],
    [['export', 's', '-o', 'out.md'], '-o writes the HTML transcript, not Markdown (got "out.md")'],
    [['export', 's', '-o', 'notes/Out.MARKDOWN', '--markdown', 'x.md'], '-o writes the HTML transcript, not Markdown (got "notes/Out.MARKDOWN")'],
    [['export', 's', '--markdown', 'page.html'], '--markdown writes the Markdown summary, not HTML (got "page.html")'],
  ])('%j is a one-line usage error', (argv, message) => {
    const error = usageError(argv)
    expect(error.message).toBe(message)
    expect(error.message).not.toContain('\n')
  })

  it('names the flag that writes Markdown when -o names a Markdown file', () => {
    expect(usageError(['export', 's', '-o', 'out.md']).hint).toBe('For the Markdown summary: --markdown out.md')
    // An HTML name (any case) and a stdout summary stay as they were.
    expect(parseInvocation(['export', 's', '-o', 'OUT.HTML', '--markdown', '-'])).toMatchObject({ html: 'OUT.HTML', markdown: '-' })
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

  it('is in the build help with an example', () => {
    expect(helpOf('build')).toContain('--demo')
    expect(helpOf('build')).toContain('dsh-view build --demo --open')
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
    expect(parseInvocation(['merge', 'p1', 'p2', 'p3', '-o', 'site', '-q'])).toEqual({ mode: 'merge', parts: ['p1', 'p2', 'p3'], outDir: 'site', quiet: true, verbose: false })
    expect(parseInvocation(['merge', 'p1'])).toEqual({ mode: 'merge', parts: ['p1'], outDir: 'dsh-view-site', quiet: false, verbose: false })
  })

  it('merge without parts, or with a build flag, is a usage error', () => {
    expect(usageError(['merge', '-o', 'site']).message).toBe('merge needs the parts to merge')
    expect(usageError(['merge', 'p1', '--title', 'x']).message).toContain("Unknown option '--title'")
  })

  it('both are in the help text', () => {
    expect(HELP).toMatch(/merge +the site from all n parts/)
    const build = parseInvocation(['build', '--help'])
    expect(build.mode === 'help' && build.text).toContain('--shard i/n')
    const merge = parseInvocation(['merge', '--help'])
    expect(merge.mode === 'help' && merge.text).toContain('dsh-view merge PART… [-o DIR]')
  })
})

describe('build --mark N:LABEL (issue 30: replay chapters)', () => {
  it('takes several marks, in order', () => {
    expect(parseInvocation(['build', 'logs', '--mark', '3:The fix lands', '--mark', '12: Done '])).toMatchObject({ mode: 'build', marks: [{ turn: 3, label: 'The fix lands' }, { turn: 12, label: 'Done' }] })
  })
  it('none by default', () => {
    expect(parseInvocation(['build', 'logs'])).toMatchObject({ mode: 'build', marks: [] })
  })
  it.each(['3', ':x', 'x:y', '3:', '3:   ', `3:${'x'.repeat(201)}`])('--mark %j is a one-line usage error', value => {
    const error = usageError(['build', 'logs', '--mark', value])
    expect(error.exitCode).toBe(2)
    expect(error.message).toMatch(/^--mark must be N:LABEL/)
  })
})
