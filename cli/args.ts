/**
 * Pure argument parser: argv (without node and script) → one `Invocation`. No IO and no exit here, so
 * tests pass plain arrays. Unknown flags and bad values throw `UserError` (exit code 2). Each mode's
 * handler lives in its own file and is loaded lazily by bin.ts, so `--help` never pays for React or shiki.
 */
import { parseArgs } from 'node:util'
import { UserError } from './user-error'

export type Locale = 'en' | 'zh'

export type Invocation =
  | { mode: 'help'; text: string }
  | { mode: 'version' }
  | { mode: 'inspect'; inputs: string[]; json: boolean }
  | {
      mode: 'build'
      inputs: string[]
      outDir: string
      open: boolean
      baseUrl: string | null
      title: string | null
      locale: Locale
      quiet: boolean
    }

export const HELP = `dsh-view — read, render and follow DeepSeek Harness (dsh) session logs

Usage:
  dsh-view inspect [paths…] [--json]      summarise sessions (formats, counts, damage)
  dsh-view build [paths…] [-o DIR]        render sessions as a static site (opens from file://)
  dsh-view --help | --version

Paths may be a sessions root, a project directory, a session directory, one log file
(session.jsonl, session.jsonl.zstd, session.vN.jsonl[.zstd], legacy <id>.jsonl) or an export ZIP.
With no path, dsh-view reads $DSH_HOME/sessions, else ~/.dsh/sessions.

Options:
  --json              inspect: print machine-readable JSON on stdout
  -o, --out DIR       build: output directory (default dsh-view-site)
  --open              build: open index.html when done
  --base-url URL      build: absolute URL the site will be published under
  --title TEXT        build: title of the index page
  --locale en|zh      card strings language (default en)
  -q, --quiet         no progress output

Exit codes: 0 every session was read (damage is reported, not fatal), 1 a path could not be read,
2 usage error.

Examples:
  dsh-view inspect ~/.dsh/sessions --json
  dsh-view build ./sessions -o site         every session as a static site
  dsh-view build session.jsonl.zstd --open  one log, opened when done
`

const LOCALES: readonly Locale[] = ['en', 'zh']

export function parseInvocation(argv: readonly string[]): Invocation {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    return { mode: 'help', text: HELP }
  }
  if (command === '--version' || command === '-v' || command === 'version') return { mode: 'version' }
  if (rest.includes('--help') || rest.includes('-h')) return { mode: 'help', text: HELP }
  switch (command) {
    case 'inspect': {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } })
      return { mode: 'inspect', inputs: positionals, json: values.json === true }
    }
    case 'build': {
      const { values, positionals } = parse(rest, {
        out: { type: 'string', short: 'o' },
        open: { type: 'boolean' },
        'base-url': { type: 'string' },
        title: { type: 'string' },
        locale: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
      })
      return {
        mode: 'build',
        inputs: positionals,
        outDir: nonEmpty(values.out, '--out') ?? 'dsh-view-site',
        open: values.open === true,
        baseUrl: parseBaseUrl(values['base-url']),
        title: nonEmpty(values.title, '--title'),
        locale: parseLocale(values.locale),
        quiet: values.quiet === true,
      }
    }
    default:
      throw new UserError(`unknown command "${command}"`, 'Run `dsh-view --help` for the list of commands.')
  }
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>

function parse<T extends OptionSpec>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (err) {
    // node:util's messages are already precise ("Unknown option '--x'"); keep them, drop the stack.
    throw new UserError((err as Error).message, 'Run `dsh-view --help` for usage.')
  }
}

function nonEmpty(value: string | undefined, flag: string): string | null {
  if (value === undefined) return null
  if (value.trim() === '') throw new UserError(`${flag} needs a value`)
  return value
}

export function parseLocale(value: string | undefined): Locale {
  if (value === undefined) return 'en'
  if ((LOCALES as readonly string[]).includes(value)) return value as Locale
  throw new UserError(`--locale must be one of ${LOCALES.join(', ')} (got "${value}")`)
}

function parseBaseUrl(value: string | undefined): string | null {
  if (value === undefined) return null
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new UserError(`--base-url must be an http(s) URL (got "${value}")`)
  }
  return value.endsWith('/') ? value : `${value}/`
}
