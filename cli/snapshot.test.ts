import { describe, expect, it } from 'vitest'
import { HELP, parseInvocation } from './args'
import { UserError } from './user-error'

const defaults = { mode: 'snapshot', inputs: [], format: 'text', outDir: null, check: false, expand: 'all', locale: 'en', view: 'detailed', quiet: false, verbose: false }

describe('dsh-view snapshot arguments', () => {
  it.each([
    [['snapshot'], {}],
    [['snapshot', 'a', 'b/c.jsonl'], { inputs: ['a', 'b/c.jsonl'] }],
    [['snapshot', 'logs', '--out', 'snaps', '--check'], { inputs: ['logs'], outDir: 'snaps', check: true }],
    [['snapshot', '-o', 'snaps'], { outDir: 'snaps' }],
    [['snapshot', '--format', 'aria', '--expand', 'none'], { format: 'aria', expand: 'none' }],
    [['snapshot', '--format=aria', 'x'], { format: 'aria', inputs: ['x'] }],
    [['snapshot', '--locale', 'zh'], { locale: 'zh' }],
    [['snapshot', '--format', 'aria', '--expand', 'process'], { format: 'aria', expand: 'process' }],
    [['snapshot', '--format', 'aria', '--view', 'classic'], { format: 'aria', view: 'classic' }],
    [['snapshot', '--tab', 'trajectory'], { tab: 'trajectory' }],
    [['snapshot', '--format', 'aria', '--tab', 'trajectory', '--locale', 'zh', '--expand', 'none'], { format: 'aria', tab: 'trajectory', locale: 'zh', expand: 'none' }],
    [['snapshot', '--tab', 'chat'], {}],
  ])('%j', (argv, expected) => {
    expect(parseInvocation(argv)).toEqual({ ...defaults, ...expected })
  })

  it.each([
    [['snapshot', '--format', 'json'], '--format must be one of text, aria (got "json")'],
    [['snapshot', '--expand', 'some', '--format', 'aria'], '--expand must be one of all, none, process (got "some")'],
    [['snapshot', '--view', 'compact'], '--view applies to --format aria only'],
    [['snapshot', '--format', 'aria', '--view', 'normal'], '--view must be one of compact, standard, detailed, verbose, classic (got "normal")'],
    [['snapshot', '--expand', 'none'], '--expand applies to --format aria only'],
    [['snapshot', '--check'], '--check needs --out DIR (the folder holding the committed snapshots)'],
    [['snapshot', '--out', ' '], '--out needs a value'],
    [['snapshot', '--locale', 'fr'], '--locale must be one of en, zh (got "fr")'],
    [['snapshot', '--bogus'], "Unknown option '--bogus'"],
    [['snapshot', '--tab', 'ledger'], '--tab must be one of chat, trajectory (got "ledger")'],
    [['snapshot', '--format', 'aria', '--tab', 'trajectory', '--view', 'classic'], '--view applies to the Chat tab only'],
    [['snapshot', '--format', 'aria', '--tab', 'trajectory', '--expand', 'process'], '--expand process applies to the Chat tab only'],
  ])('%j is a usage error', (argv, message) => {
    let error: unknown
    try {
      parseInvocation(argv)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(UserError)
    expect(error).toMatchObject({ exitCode: 2 })
    expect((error as Error).message).toContain(message)
  })

  it('is in the help text, with its options', () => {
    const help = parseInvocation(['snapshot', '--help'])
    expect(help).toMatchObject({ mode: 'help' })
    const text = (help as { text: string }).text
    for (const flag of ['dsh-view snapshot', '--format text|aria', '--check', 'DSH_SNAPSHOT=refresh', '--expand all|none|process', '--view MODE']) expect(text).toContain(flag)
    expect(HELP).toContain('snapshot')
  })
})
