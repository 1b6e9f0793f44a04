/**
 * Pure argument parser: argv (without node and script) → one `Invocation`. No IO and no exit here, so
 * tests pass plain arrays. Unknown flags and bad values throw `UserError` (exit code 2). Each mode's
 * handler lives in its own file and is loaded lazily by bin.ts, so `--help` never pays for React or shiki.
 */
import { parseArgs } from 'node:util'
import { UserError } from './user-error'
import { DEFAULT_VIEW_MODE, VIEW_MODES, type ViewMode } from '../src/cards/view-mode'

export type Locale = 'en' | 'zh'

export type Invocation =
  | { mode: 'help'; text: string }
  | { mode: 'version' }
  | { mode: 'inspect'; inputs: string[]; json: boolean }
  | {
      mode: 'build'
      inputs: string[]
      /** `--demo`: build the demo sessions shipped in the package (demo/sessions) instead of `inputs`. */
      demo?: boolean
      outDir: string
      open: boolean
      baseUrl: string | null
      title: string | null
      locale: Locale
      quiet: boolean
      /** `--redact` / `--redact-config FILE`: redact secrets before writing (absent: no redaction). */
      redact?: RedactRequest | null
      /** `--view MODE`: the pages' default view mode (absent: `DEFAULT_VIEW_MODE`). */
      view?: ViewMode
      /** `--shard i/n`: build part i of n for `dsh-view merge` (absent or null: the whole site). */
      shard?: ShardRequest | null
    }
  | MergeInvocation
  | RedactInvocation
  | LiveInvocation
  | ExportInvocation
  | {
      mode: 'snapshot'
      inputs: string[]
      format: SnapshotFormat
      /** Snapshot folder; null prints to stdout. */
      outDir: string | null
      check: boolean
      expand: SnapshotExpand
      locale: Locale
      /** `--view MODE` (aria): the mode the page is captured in (absent: `DEFAULT_VIEW_MODE`). */
      view?: ViewMode
    }

export type SnapshotFormat = 'text' | 'aria'

/**
 * `--expand` of `snapshot --format aria`: `all` every row (and every turn and activity fold), `none` nothing,
 * `process` every whole-turn control and activity header and nothing else (what upstream's capture helper opens).
 */
export type SnapshotExpand = 'all' | 'none' | 'process'

export const HELP = `dsh-view — read, render and follow DeepSeek Harness (dsh) session logs

Usage:
  dsh-view inspect [paths…] [--json]      summarise sessions (formats, counts, damage)
  dsh-view build [paths…] [-o DIR]        render sessions as a static site (opens from file://)
  dsh-view build [paths…] --shard i/n -o PART
                                          part i of n of that site, for a CI matrix
  dsh-view merge PART… -o DIR             the site from all n parts (= one build, byte for byte)
  dsh-view snapshot [paths…] [--format text|aria] [--out DIR] [--check]
                  [--view MODE] [--expand all|none|process]
                                          card snapshots for CI, one file per session
  dsh-view live [paths…] [--port N] [--open] [--attach URL]
                                          serve the site on 127.0.0.1 and follow sessions as dsh writes them
  dsh-view redact --check [paths…]        exit 1 if logs or built output still hold secrets (CI)
  dsh-view export <session> [-o FILE.html] [--markdown FILE.md]
                                          one session and its subagents as one self-contained HTML
                                          file, and/or a Markdown summary for a pull request
  dsh-view --help | --version

Paths may be a sessions root, a project directory, a session directory, one log file
(session.jsonl, session.jsonl.zstd, session.vN.jsonl[.zstd], legacy <id>.jsonl) or an export ZIP.
With no path, dsh-view reads $DSH_HOME/sessions, else ~/.dsh/sessions.

Options:
  --json              inspect, redact --check: print machine-readable JSON on stdout
  -o, --out DIR       build, merge: output directory (default dsh-view-site); snapshot: the snapshot
                      folder, one DIR/<session-id>.txt (.aria.yml) per session; without it,
                      snapshots are printed
  --open              build: open index.html when done
  --demo              build: the demo sessions shipped with dsh-view (real dsh logs), to try it
  --base-url URL      build: absolute URL the site will be published under
  --shard i/n         build: render part i of n (sessions split by a stable hash, balanced by
                      log bytes) into PART, for \`dsh-view merge\` to join into the site
  --title TEXT        build: title of the index page
  --locale en|zh      card strings language (default en)
  --format text|aria  snapshot: text (model and card props, no browser; default) or aria
                      (the rendered transcript's accessibility tree, via Chromium)
  --check             snapshot: compare with DIR, print a unified diff per changed session,
                      exit 1 on any difference; writes only with DSH_SNAPSHOT=refresh;
                      redact: list secret-looking strings left in logs or published files
  --expand all|none|process
                      snapshot --format aria: open every row first (all, the default), nothing
                      (none), or only the whole-turn controls and activity headers (process)
  --view MODE         build, export, live, snapshot --format aria: the page's default view mode,
                      one of ${VIEW_MODES.join(', ')} (default ${DEFAULT_VIEW_MODE});
                      the page header switches it and remembers the reader's choice
  -q, --quiet         no progress output
  --redact            build: replace secrets (API keys, tokens, passwords, private keys…) with
                      [REDACTED:<kind>] before anything is written; report what was replaced
  --redact-config F   build, redact: extra rules, allowlist and disabled rules from JSON file F
                      (implies --redact)

Export (dsh-view export <session>; <session> is a log file, a session directory, an export ZIP,
or a session id under the sessions root):
  -o, --out FILE      the self-contained HTML file (no other files, opens offline)
  --markdown FILE     the PR summary (GitHub comment sized, at most 64 KB)
  --link-base URL     the URL FILE.html (or, without -o, the site) is published under: the
                      summary links the transcript there instead of naming its path
  --redact, --redact-config F, --locale en|zh, --view MODE   as for build

Live mode (dsh-view live):
  --port N            port to listen on (default 0: a free port; the URL is printed)
  --host ADDR         address to bind (default 127.0.0.1); a non-loopback address also needs
                      --allow-remote, since live mode has no authentication
  -o, --out DIR       keep the site in DIR (default: a temporary folder, removed on exit)
  --open              open the index in the browser
  --attach URL        also follow a running \`dsh web\` host (e.g. http://127.0.0.1:3080), read-only;
                      its events show ahead of the log file, which wins on any difference
  --token T           the launch token newer hosts print (\`dsh web: http://…/?token=T\`)

Exit codes: 0 every session was read (damage is reported, not fatal), 1 a path could not be read
(snapshot --check: or a snapshot differs; redact --check: or a secret remains), 2 usage error.

Examples:
  dsh-view build --demo --open              a site from the bundled demo sessions
  dsh-view inspect ~/.dsh/sessions --json
  dsh-view build ./sessions -o site         every session as a static site
  dsh-view build session.jsonl.zstd --open  one log, opened when done
  dsh-view build ./sessions -o site --view compact   pages open in the Compact view
  dsh-view build ./sessions --shard 2/4 -o part-2   one of four CI jobs; then:
  dsh-view merge part-1 part-2 part-3 part-4 -o site
  dsh-view live --open                      follow running sessions under ~/.dsh/sessions
  dsh-view snapshot logs/ --out snapshots --check   fail CI when a card changes
  dsh-view build ./sessions -o site --redact && dsh-view redact --check site   publish without secrets
  dsh-view export ~/.dsh/sessions/--home-me-app--/<id> -o session.html --markdown summary.md
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
        redact: { type: 'boolean' },
        'redact-config': { type: 'string' },
        view: { type: 'string' },
        demo: { type: 'boolean' },
        shard: { type: 'string' },
      })
      if (values.demo === true && positionals.length > 0) {
        throw new UserError('--demo builds the bundled demo sessions; it takes no paths', 'Drop the paths, or drop --demo to build them.')
      }
      const shard = parseShard(values.shard)
      if (shard !== null && values.open === true) throw new UserError('--open does not go with --shard', 'A part has no index page; open the site `dsh-view merge` makes of the parts.')
      return {
        mode: 'build',
        inputs: positionals,
        demo: values.demo === true,
        outDir: nonEmpty(values.out, '--out') ?? 'dsh-view-site',
        open: values.open === true,
        baseUrl: parseBaseUrl(values['base-url']),
        title: nonEmpty(values.title, '--title'),
        locale: parseLocale(values.locale),
        quiet: values.quiet === true,
        redact: parseRedactRequest(values.redact, values['redact-config']),
        view: parseView(values.view),
        shard,
      }
    }
    case 'merge':
      return parseMerge(rest)
    case 'redact':
      return parseRedact(rest)
    case 'snapshot':
      return parseSnapshot(rest)
    case 'live':
      return parseLive(rest)
    case 'export':
      return parseExport(rest)
    default:
      throw new UserError(`unknown command "${command}"`, 'Run `dsh-view --help` for the list of commands.')
  }
}

function parseSnapshot(rest: string[]): Invocation {
  const { values, positionals } = parse(rest, {
    format: { type: 'string' },
    out: { type: 'string', short: 'o' },
    check: { type: 'boolean' },
    expand: { type: 'string' },
    locale: { type: 'string' },
    view: { type: 'string' },
  })
  const format = oneOf(values.format, '--format', ['text', 'aria'] as const) ?? 'text'
  const expand = oneOf(values.expand, '--expand', ['all', 'none', 'process'] as const)
  if (expand !== null && format !== 'aria') throw new UserError('--expand applies to --format aria only')
  const view = parseView(values.view)
  // The text snapshot is the model and card props, the same in every mode.
  if (values.view !== undefined && format !== 'aria') throw new UserError('--view applies to --format aria only', 'The text snapshot is the same in every view mode.')
  const outDir = nonEmpty(values.out, '--out')
  const check = values.check === true
  if (check && outDir === null) throw new UserError('--check needs --out DIR (the folder holding the committed snapshots)')
  return { mode: 'snapshot', inputs: positionals, format, outDir, check, expand: expand ?? 'all', locale: parseLocale(values.locale), view }
}

function oneOf<T extends string>(value: string | undefined, flag: string, allowed: readonly T[]): T | null {
  if (value === undefined) return null
  const found = allowed.find((a) => a === value)
  if (found === undefined) throw new UserError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`)
  return found
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

/** `--view MODE`; absent: the web client's default (`detailed`). A bad value is a one-line usage error. */
export function parseView(value: string | undefined): ViewMode {
  if (value === undefined) return DEFAULT_VIEW_MODE
  const found = VIEW_MODES.find((m) => m === value)
  if (found === undefined) throw new UserError(`--view must be one of ${VIEW_MODES.join(', ')} (got "${value}")`)
  return found
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

/** `dsh-view live`: serve and follow (cli/live.ts). */
export interface LiveInvocation {
  mode: 'live'
  inputs: string[]
  /** Site folder; null: a temporary one, removed on exit. */
  outDir: string | null
  /** 0: the OS picks a free port. */
  port: number
  host: string
  /** A non-loopback `--host` is refused unless this is set. */
  allowRemote: boolean
  open: boolean
  /** A dsh web host to attach to (`http://127.0.0.1:3080`), or null. */
  attach: string | null
  token: string | null
  locale: Locale
  quiet: boolean
  /** `--view MODE`: the pages' default view mode (absent: `DEFAULT_VIEW_MODE`). */
  view?: ViewMode
}

function parseLive(rest: string[]): LiveInvocation {
  const { values, positionals } = parse(rest, {
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-remote': { type: 'boolean' },
    out: { type: 'string', short: 'o' },
    open: { type: 'boolean' },
    attach: { type: 'string' },
    token: { type: 'string' },
    locale: { type: 'string' },
    quiet: { type: 'boolean', short: 'q' },
    view: { type: 'string' },
  })
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!/^\d{1,5}$/.test(values.port ?? '0') || !Number.isInteger(port) || port > 65535) {
    throw new UserError(`--port must be a number from 0 to 65535 (got "${values.port}")`)
  }
  const attach = nonEmpty(values.attach, '--attach')
  if (attach !== null && (!URL.canParse(attach) || new URL(attach).protocol !== 'http:')) {
    throw new UserError(`--attach must be the http:// URL a dsh web host prints (got "${attach}")`, 'For example: --attach http://127.0.0.1:3080')
  }
  const token = nonEmpty(values.token, '--token')
  if (token !== null && attach === null) throw new UserError('--token needs --attach')
  return {
    mode: 'live',
    inputs: positionals,
    outDir: nonEmpty(values.out, '--out'),
    port,
    host: nonEmpty(values.host, '--host') ?? '127.0.0.1',
    allowRemote: values['allow-remote'] === true,
    open: values.open === true,
    attach,
    token,
    locale: parseLocale(values.locale),
    quiet: values.quiet === true,
    view: parseView(values.view),
  }
}

/** What `--redact` / `--redact-config FILE` ask for (shared by build and export); null when neither is given. */
export interface RedactRequest {
  /** The JSON config with user rules and allowlist; null: built-in rules only. */
  configFile: string | null
}

export function parseRedactRequest(redact: boolean | undefined, configFile: string | undefined): RedactRequest | null {
  const file = nonEmpty(configFile, '--redact-config')
  return redact === true || file !== null ? { configFile: file } : null
}

/** `dsh-view redact --check` (cli/redact.ts). */
export interface RedactInvocation {
  mode: 'redact'
  inputs: string[]
  configFile: string | null
  json: boolean
}

function parseRedact(rest: string[]): RedactInvocation {
  const { values, positionals } = parse(rest, {
    check: { type: 'boolean' },
    'redact-config': { type: 'string' },
    json: { type: 'boolean' },
  })
  if (values.check !== true) {
    throw new UserError('redact needs --check', 'To redact output, pass --redact to `dsh-view build`; `dsh-view redact --check [paths…]` checks logs or a built site.')
  }
  return { mode: 'redact', inputs: positionals, configFile: nonEmpty(values['redact-config'], '--redact-config'), json: values.json === true }
}

/** `dsh-view export <session>` (cli/export.ts). */
export interface ExportInvocation {
  mode: 'export'
  session: string
  /** `-o FILE.html`; null when only the summary is asked for. */
  html: string | null
  /** `--markdown FILE.md`. */
  markdown: string | null
  /** Absolute http(s) URL ending in `/`. */
  linkBase: string | null
  locale: Locale
  redact: RedactRequest | null
  /** `--view MODE`: the file's default view mode (absent: `DEFAULT_VIEW_MODE`). */
  view?: ViewMode
}

function parseExport(rest: string[]): ExportInvocation {
  const { values, positionals } = parse(rest, {
    out: { type: 'string', short: 'o' },
    markdown: { type: 'string' },
    'link-base': { type: 'string' },
    locale: { type: 'string' },
    redact: { type: 'boolean' },
    'redact-config': { type: 'string' },
    view: { type: 'string' },
  })
  const hint = 'Usage: dsh-view export <session> [-o FILE.html] [--markdown FILE.md]'
  const [session, ...extra] = positionals
  if (session === undefined || session.trim() === '') throw new UserError('export needs the session to export', hint)
  if (extra.length > 0) throw new UserError(`export takes one session (got ${positionals.length})`, hint)
  const html = nonEmpty(values.out, '--out')
  const markdown = nonEmpty(values.markdown, '--markdown')
  if (html === null && markdown === null) throw new UserError('export needs -o FILE.html, --markdown FILE.md, or both', hint)
  if (html !== null && markdown !== null && html === markdown) throw new UserError('-o and --markdown name the same file')
  const base = nonEmpty(values['link-base'], '--link-base')
  if (base !== null && (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))) {
    throw new UserError(`--link-base must be an http(s) URL (got "${base}")`, 'For example: --link-base https://ci.example.com/artifacts/')
  }
  const linkBase = base === null ? null : base.endsWith('/') ? base : `${base}/`
  return { mode: 'export', session, html, markdown, linkBase, locale: parseLocale(values.locale), redact: parseRedactRequest(values.redact, values['redact-config']), view: parseView(values.view) }
}

/** `--shard i/n` of `dsh-view build`: part `index` (1-based) of `count`. */
export interface ShardRequest {
  index: number
  count: number
}

/** Shards beyond this are a typo, not a CI matrix. */
const MAX_SHARDS = 1000

export function parseShard(value: string | undefined): ShardRequest | null {
  if (value === undefined) return null
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(value.trim())
  const index = Number(m?.[1])
  const count = Number(m?.[2])
  if (m === null || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new UserError(`--shard must be i/n with 1 ≤ i ≤ n ≤ ${MAX_SHARDS} (got "${value}")`, 'For example: --shard 2/4 builds the second of four parts.')
  }
  return { index, count }
}

/** `dsh-view merge PART… -o DIR` (cli/merge.ts). */
export interface MergeInvocation {
  mode: 'merge'
  parts: string[]
  outDir: string
  quiet: boolean
}

function parseMerge(rest: string[]): MergeInvocation {
  const { values, positionals } = parse(rest, {
    out: { type: 'string', short: 'o' },
    quiet: { type: 'boolean', short: 'q' },
  })
  if (positionals.length === 0) throw new UserError('merge needs the parts to merge', 'Usage: dsh-view merge PART… -o DIR (each PART written by `dsh-view build --shard i/n`)')
  return { mode: 'merge', parts: positionals, outDir: nonEmpty(values.out, '--out') ?? 'dsh-view-site', quiet: values.quiet === true }
}
