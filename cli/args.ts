/**
 * Pure argument parser: argv (without node and script) → one `Invocation`. No IO and no exit here, so
 * tests pass plain arrays. Each command's flags come from its table in commands.ts (the same table prints
 * its `--help`); an unknown flag throws a `UserError` naming the nearest flag of that command (suggest.ts),
 * bad values a one-line `UserError` (exit code 2). Each mode's handler lives in its own file and is loaded
 * lazily by bin.ts, so `--help` never pays for React or shiki.
 */
import { parseArgs } from 'node:util'
import { UserError } from './user-error'
import { COMMANDS, commandSpec, flagsOf, type CommandSpec } from './commands'
import { commandHelp, mainHelp } from './help'
import { nearest } from './suggest'
import { DEFAULT_VIEW_MODE, VIEW_MODES, type ViewMode } from '../src/cards/view-mode'
import { GROUP_BY, type GroupBy } from '../src/stats/aggregate'
import type { Mark } from '../src/replay/schedule'

export type Locale = 'en' | 'zh'

/** What every command takes: `-q/--quiet` (no progress, no warnings) and `--verbose` (every warning). */
export interface Output {
  /** Optional in the type so handlers can be called with older literal invocations; the parser sets both. */
  quiet?: boolean
  verbose?: boolean
}

export type Invocation =
  | { mode: 'help'; text: string }
  | { mode: 'version' }
  | ({
      mode: 'inspect'
      inputs: string[]
      json: boolean
      /** `--latest N`: only the N newest root sessions (and their subagents); null or absent: all. */
      latest?: number | null
    } & Output)
  | ({
      mode: 'build'
      inputs: string[]
      /** `--demo`: build the demo sessions shipped in the package (demo/sessions) instead of `inputs`. */
      demo?: boolean
      /** `--or-demo` (`npm start`): with no path, the demo sessions when the default root holds none. */
      orDemo?: boolean
      outDir: string
      open: boolean
      baseUrl: string | null
      title: string | null
      locale: Locale
      quiet: boolean
      /** `--latest N`: only the N newest root sessions (and their subagents); null or absent: all. */
      latest?: number | null
      /** `--redact` / `--redact-config FILE`: redact secrets before writing (absent: no redaction). */
      redact?: RedactRequest | null
      /** `--view MODE`: the pages' default view mode (absent: `DEFAULT_VIEW_MODE`). */
      view?: ViewMode
      /** `--shard i/n`: build part i of n for `dsh-view merge` (absent or null: the whole site). */
      shard?: ShardRequest | null
      /** `--mark "N:LABEL"`: replay chapters (absent: none). */
      marks?: Mark[]
      /** `--prices FILE`: the price table the overview's cost comes from (absent or null: the bundled one). */
      prices?: string | null
    } & Output)
  | StatsInvocation
  | MergeInvocation
  | RedactInvocation
  | LiveInvocation
  | ExportInvocation
  | ReplayInvocation
  | ({
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
      /** `--tab`: the session's Chat (default) or its Trajectory (issue 29). */
      tab?: SnapshotTab
    } & Output)

/** `dsh-view stats`: archive totals, optionally broken down (src/stats/aggregate.ts). */
export type StatsInvocation = {
  mode: 'stats'
  inputs: string[]
  format: 'text' | 'json' | 'csv'
  by: GroupBy | null
  /** `YYYY-MM-DD` (UTC), inclusive; null: no bound. */
  since: string | null
  until: string | null
  /** `--prices FILE`: a price table instead of the bundled one (read and checked by cli/prices.ts). */
  prices: string | null
} & Output

export type SnapshotFormat = 'text' | 'aria'

export type SnapshotTab = 'chat' | 'trajectory'

/**
 * `--expand` of `snapshot --format aria`: `all` every row (and every turn and activity fold), `none` nothing,
 * `process` every whole-turn control and activity header and nothing else (what upstream's capture helper opens).
 */
export type SnapshotExpand = 'all' | 'none' | 'process'

/** `dsh-view --help`. Each command has its own (`dsh-view build --help`, help.ts). */
export const HELP = mainHelp()

const LOCALES: readonly Locale[] = ['en', 'zh']

export function parseInvocation(argv: readonly string[]): Invocation {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h') return { mode: 'help', text: HELP }
  if (command === 'help') {
    // `dsh-view help build` is `dsh-view build --help`.
    const topic = rest[0] === undefined ? undefined : commandSpec(rest[0])
    return { mode: 'help', text: topic === undefined ? HELP : commandHelp(topic) }
  }
  if (command === '--version' || command === '-v' || command === 'version') return { mode: 'version' }
  const spec = commandSpec(command)
  if (spec === undefined) {
    const guess = nearest(command, COMMANDS.map(c => c.name))
    throw new UserError(`unknown command "${command}"${guess === null ? '' : ` (did you mean ${guess}?)`}`, 'Run `dsh-view --help` for the list of commands.')
  }
  if (rest.includes('--help') || rest.includes('-h')) return { mode: 'help', text: commandHelp(spec) }
  switch (spec.name) {
    case 'inspect': {
      const { values, positionals } = parse(spec, rest)
      return { mode: 'inspect', inputs: positionals, json: values['json'] === true, latest: parseLatest(values['latest']), ...output(values) }
    }
    case 'stats':
      return parseStats(spec, rest)
    case 'build': {
      const { values, positionals } = parse(spec, rest)
      if (values['demo'] === true && positionals.length > 0) {
        throw new UserError('--demo builds the bundled demo sessions; it takes no paths', 'Drop the paths, or drop --demo to build them.')
      }
      if (values['or-demo'] === true && positionals.length > 0) {
        throw new UserError('--or-demo stands in for the default sessions root; it takes no paths', 'Drop the paths, or drop --or-demo to build them.')
      }
      const shard = parseShard(str(values['shard']))
      if (shard !== null && values['open'] === true) throw new UserError('--open does not go with --shard', 'A part has no index page; open the site `dsh-view merge` makes of the parts.')
      return {
        mode: 'build',
        inputs: positionals,
        demo: values['demo'] === true,
        orDemo: values['or-demo'] === true,
        outDir: nonEmpty(str(values['out']), '--out') ?? 'dsh-view-site',
        open: values['open'] === true,
        baseUrl: parseBaseUrl(str(values['base-url'])),
        title: nonEmpty(str(values['title']), '--title'),
        locale: parseLocale(str(values['locale'])),
        latest: parseLatest(values['latest']),
        ...output(values),
        redact: parseRedactRequest(values['redact'] === true, str(values['redact-config'])),
        prices: nonEmpty(str(values['prices']), '--prices'),
        view: parseView(str(values['view'])),
        shard,
        marks: parseMarks(values['mark']),
      }
    }
    case 'merge': {
      const { values, positionals } = parse(spec, rest)
      if (positionals.length === 0) throw new UserError('merge needs the parts to merge', 'Usage: dsh-view merge PART… -o DIR (each PART written by `dsh-view build --shard i/n`)')
      return { mode: 'merge', parts: positionals, outDir: nonEmpty(str(values['out']), '--out') ?? 'dsh-view-site', ...output(values) }
    }
    case 'redact':
      return parseRedact(spec, rest)
    case 'snapshot':
      return parseSnapshot(spec, rest)
    case 'live':
      return parseLive(spec, rest)
    case 'export':
      return parseExport(spec, rest)
    case 'replay':
      return parseReplay(spec, rest)
    default:
      throw new Error(`command table lists "${spec.name}" but the parser does not`)
  }
}

type Values = Record<string, string | boolean | string[] | undefined>

const str = (value: string | boolean | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * `--mark "N:LABEL"` (repeatable): a replay chapter at turn N. The label is shown as text on the page (and
 * escaped in the replay script); a bad form is a one-line usage error.
 */
export function parseMarks(values: string | boolean | string[] | undefined): Mark[] {
  const list = Array.isArray(values) ? values : typeof values === 'string' ? [values] : []
  return list.map(value => {
    const match = /^(\d{1,9}):(.+)$/s.exec(value)
    const label = match?.[2]?.trim() ?? ''
    if (match === null || label === '' || label.length > 200) throw new UserError(`--mark must be N:LABEL with a turn number and a label of up to 200 characters (got "${value.slice(0, 40)}")`, 'For example: --mark "3:The fix lands"')
    return { turn: Number(match[1]), label }
  })
}

function output(values: Values): Required<Output> {
  return { quiet: values['quiet'] === true, verbose: values['verbose'] === true }
}

/** `--latest N`: a whole number from 1; absent: null (every session). */
export function parseLatest(value: string | boolean | string[] | undefined): number | null {
  if (typeof value !== 'string') return null
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UserError(`--latest must be a whole number from 1 (got "${value}")`)
  return Number(value)
}

function parseSnapshot(spec: CommandSpec, rest: string[]): Invocation {
  const { values, positionals } = parse(spec, rest)
  const format = oneOf(str(values['format']), '--format', ['text', 'aria'] as const) ?? 'text'
  const expand = oneOf(str(values['expand']), '--expand', ['all', 'none', 'process'] as const)
  if (expand !== null && format !== 'aria') throw new UserError('--expand applies to --format aria only')
  const view = parseView(str(values['view']))
  const tab = oneOf(str(values['tab']), '--tab', ['chat', 'trajectory'] as const)
  // The Trajectory has no view modes and no card disclosures.
  if (tab === 'trajectory' && values['view'] !== undefined) throw new UserError('--view applies to the Chat tab only')
  if (tab === 'trajectory' && expand === 'process') throw new UserError('--expand process applies to the Chat tab only', 'The Trajectory has no turn controls: --expand all opens every row\'s details, none opens nothing.')
  // The text snapshot is the model and card props, the same in every mode.
  if (values['view'] !== undefined && format !== 'aria') throw new UserError('--view applies to --format aria only', 'The text snapshot is the same in every view mode.')
  const outDir = nonEmpty(str(values['out']), '--out')
  const check = values['check'] === true
  if (check && outDir === null) throw new UserError('--check needs --out DIR (the folder holding the committed snapshots)')
  return { mode: 'snapshot', inputs: positionals, format, outDir, check, expand: expand ?? 'all', locale: parseLocale(str(values['locale'])), view, ...(tab === null || tab === 'chat' ? {} : { tab }), ...output(values) }
}

function oneOf<T extends string>(value: string | undefined, flag: string, allowed: readonly T[]): T | null {
  if (value === undefined) return null
  const found = allowed.find((a) => a === value)
  if (found === undefined) throw new UserError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`)
  return found
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>

/** `args` parsed with the flags of `spec`'s table (commands.ts) and the common ones. */
function parse(spec: CommandSpec, args: string[]): { values: Values; positionals: string[] } {
  const options: OptionSpec = {}
  for (const flag of flagsOf(spec)) options[flag.name] = { type: flag.type, ...(flag.short === undefined ? {} : { short: flag.short }), ...(flag.multiple === true ? { multiple: true } : {}) }
  const hint = `Run \`dsh-view ${spec.name} --help\` for its options.`
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true })
    return { values: values as Values, positionals }
  } catch (err) {
    const code = (err as { code?: unknown }).code
    const message = (err as Error).message
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? ''
      throw new UserError(unknownFlagMessage(spec, flag), hint)
    }
    // node:util's other messages are precise ("Option '--out <value>' argument missing"): one line, no stack.
    // A value starting with a dash (`--from -5`) is "ambiguous"; node's own remedy is on its last line.
    const lines = message.split('\n')
    const remedy = lines.length > 1 && /use '--[^']+'/.test(lines[lines.length - 1] ?? '') ? `${lines[lines.length - 1]} ${hint}` : hint
    throw new UserError(lines[0] ?? message, remedy)
  }
}

/** "Unknown option '--jsno' for inspect (did you mean --json?)", or where the flag does belong. */
export function unknownFlagMessage(spec: CommandSpec, flag: string): string {
  const names = flagsOf(spec).flatMap(f => [`--${f.name}`, ...(f.short === undefined ? [] : [`-${f.short}`])])
  const bare = flag.split('=')[0] ?? flag
  const guess = nearest(bare, names.filter(n => n.startsWith('--') === bare.startsWith('--')))
  if (guess !== null) return `Unknown option '${bare}' for ${spec.name} (did you mean ${guess}?)`
  const elsewhere = COMMANDS.filter(c => c !== spec && c.flags.some(f => `--${f.name}` === bare)).map(c => c.name)
  if (elsewhere.length > 0) return `Unknown option '${bare}' for ${spec.name} (it is an option of ${elsewhere.join(', ')})`
  return `Unknown option '${bare}' for ${spec.name}`
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
  verbose?: boolean
  /** `--view MODE`: the pages' default view mode (absent: `DEFAULT_VIEW_MODE`). */
  view?: ViewMode
}

function parseLive(spec: CommandSpec, rest: string[]): LiveInvocation {
  const { values, positionals } = parse(spec, rest)
  const portText = str(values['port'])
  const port = portText === undefined ? 0 : Number(portText)
  if (!/^\d{1,5}$/.test(portText ?? '0') || !Number.isInteger(port) || port > 65535) {
    throw new UserError(`--port must be a number from 0 to 65535 (got "${portText}")`)
  }
  const attach = nonEmpty(str(values['attach']), '--attach')
  if (attach !== null && (!URL.canParse(attach) || new URL(attach).protocol !== 'http:')) {
    throw new UserError(`--attach must be the http:// URL a dsh web host prints (got "${attach}")`, 'For example: --attach http://127.0.0.1:3080')
  }
  const token = nonEmpty(str(values['token']), '--token')
  if (token !== null && attach === null) throw new UserError('--token needs --attach')
  return {
    mode: 'live',
    inputs: positionals,
    outDir: nonEmpty(str(values['out']), '--out'),
    port,
    host: nonEmpty(str(values['host']), '--host') ?? '127.0.0.1',
    allowRemote: values['allow-remote'] === true,
    open: values['open'] === true,
    attach,
    token,
    locale: parseLocale(str(values['locale'])),
    ...output(values),
    view: parseView(str(values['view'])),
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
export interface RedactInvocation extends Output {
  mode: 'redact'
  inputs: string[]
  configFile: string | null
  json: boolean
}

function parseRedact(spec: CommandSpec, rest: string[]): RedactInvocation {
  const { values, positionals } = parse(spec, rest)
  if (values['check'] !== true) {
    throw new UserError('redact needs --check', 'To redact output, pass --redact to `dsh-view build`; `dsh-view redact --check [paths…]` checks logs or a built site.')
  }
  return { mode: 'redact', inputs: positionals, configFile: nonEmpty(str(values['redact-config']), '--redact-config'), json: values['json'] === true, ...output(values) }
}

/** `dsh-view export <session>` (cli/export.ts). */
export interface ExportInvocation extends Output {
  mode: 'export'
  /** The `<session>` argument; null with `--latest 1`, which picks the newest session under `inputs`. */
  session: string | null
  /** `--latest 1`: the paths to pick the newest session from (empty: the sessions root). */
  inputs?: string[]
  latest?: number | null
  /** `-o FILE.html`; null when only the summary is asked for. */
  html: string | null
  /** `--markdown FILE.md`; `-` is stdout. */
  markdown: string | null
  /** Absolute http(s) URL ending in `/`. */
  linkBase: string | null
  /** `--transcript-url URL`: the exact http(s) URL the summary links as the transcript. */
  transcriptUrl?: string | null
  locale: Locale
  redact: RedactRequest | null
  /** `--view MODE`: the file's default view mode (absent: `DEFAULT_VIEW_MODE`). */
  view?: ViewMode
  /** `--replay`: the HTML file carries the session's replay, for embedding (issue 30). */
  replay?: boolean
}

/** File names that say Markdown, and HTML (export's two outputs). */
const MARKDOWN_FILE = /\.(?:md|markdown)$/i
const HTML_FILE = /\.html?$/i

/** `dsh-view replay <session> -o FILE` (cli/replay.ts). */
export interface ReplayInvocation {
  mode: 'replay'
  input: string
  out: string
  format: 'webm' | 'gif'
  turns: [number, number] | null
  from: number | null
  to: number | null
  timing: 'real' | 'compressed' | 'paced'
  speed: number
  fps: number
  width: number
  height: number
  marks: Mark[]
  locale: Locale
  quiet: boolean
  verbose: boolean
}

function seconds(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null
  if (!/^\d{1,7}(\.\d+)?$/.test(value)) throw new UserError(`${flag} must be a number of seconds (got "${value}")`)
  return Number(value)
}

function parseReplay(spec: CommandSpec, rest: string[]): ReplayInvocation {
  const { values, positionals } = parse(spec, rest)
  const hint = 'Usage: dsh-view replay <session> -o demo.webm [--turns 3-7]'
  if (positionals.length !== 1) throw new UserError('replay records one session: name its log', hint)
  const out = nonEmpty(str(values['out']), '--out')
  if (out === null) throw new UserError('replay needs -o FILE.webm or FILE.gif', hint)
  const format = /\.webm$/i.test(out) ? 'webm' : /\.gif$/i.test(out) ? 'gif' : null
  if (format === null) throw new UserError(`-o must end in .webm or .gif (got "${out}")`, hint)
  const turnsText = str(values['turns'])
  let turns: [number, number] | null = null
  if (turnsText !== undefined) {
    const m = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(turnsText)
    if (m === null && /^\d+(-\d+)?$/.test(turnsText)) throw new UserError(`--turns takes turn numbers of up to 9 digits (got "${turnsText.slice(0, 40)}")`)
    if (m === null || Number(m[2] ?? m[1]) < Number(m[1])) throw new UserError(`--turns must be A-B with A ≤ B, or one turn A (got "${turnsText.slice(0, 40)}")`)
    turns = [Number(m[1]), Number(m[2] ?? m[1])]
  }
  const from = seconds(str(values['from']), '--from')
  const to = seconds(str(values['to']), '--to')
  if (turns !== null && (from !== null || to !== null)) throw new UserError('--turns does not go with --from/--to', 'Choose turns or seconds.')
  if (from !== null && to !== null && to <= from) throw new UserError('--to must be after --from')
  const timing = oneOf(str(values['timing']), '--timing', ['real', 'compressed', 'paced'] as const) ?? 'compressed'
  const speedText = str(values['speed']) ?? '1'
  if (!['0.5', '1', '2', '4', '10'].includes(speedText)) throw new UserError(`--speed must be 0.5, 1, 2, 4 or 10 (got "${speedText}")`)
  const fpsText = str(values['fps']) ?? '10'
  if (!/^\d{1,2}$/.test(fpsText) || Number(fpsText) < 1 || Number(fpsText) > 30) throw new UserError(`--fps must be a whole number from 1 to 30 (got "${fpsText}")`)
  const size = /^(\d{3,4})x(\d{3,4})$/.exec(str(values['size']) ?? '1024x640')
  if (size === null) throw new UserError(`--size must be WxH, 100-9999 pixels each (got "${str(values['size'])}")`)
  return {
    mode: 'replay',
    input: positionals[0] as string,
    out,
    format,
    turns,
    from,
    to,
    timing,
    speed: Number(speedText),
    fps: Number(fpsText),
    width: Number(size[1]),
    height: Number(size[2]),
    marks: parseMarks(values['mark']),
    locale: parseLocale(str(values['locale'])),
    ...output(values),
  }
}

function parseExport(spec: CommandSpec, rest: string[]): ExportInvocation {
  const { values, positionals } = parse(spec, rest)
  const hint = 'Usage: dsh-view export <session> [-o FILE.html] [--markdown FILE.md|-], or dsh-view export --latest 1 [paths…] …'
  const latest = parseLatest(values['latest'])
  if (latest !== null && latest !== 1) throw new UserError(`export writes one session: --latest must be 1 (got ${latest})`, 'For several sessions, run export once per id from `dsh-view inspect --latest N --json`.')
  const [session, ...extra] = positionals
  if (latest === null) {
    if (session === undefined || session.trim() === '') throw new UserError('export needs the session to export', hint)
    if (extra.length > 0) throw new UserError(`export takes one session (got ${positionals.length})`, hint)
  }
  const html = nonEmpty(str(values['out']), '--out')
  const markdown = nonEmpty(str(values['markdown']), '--markdown')
  if (html === null && markdown === null) throw new UserError('export needs -o FILE.html, --markdown FILE.md, or both', hint)
  if (values['replay'] === true && html === null) throw new UserError('--replay puts the replay in the HTML file: it needs -o FILE.html', hint)
  if (html === '-') throw new UserError('-o - is not supported: the HTML file is written to a path', 'Use --markdown - for the summary on stdout.')
  if (html !== null && markdown !== null && html === markdown) throw new UserError('-o and --markdown name the same file')
  // `-o` writes the HTML transcript. A `.md` there asks for Markdown, and the Markdown we write is another
  // document (the summary, cut to fit a PR comment): refused with the flag that writes it, rather than HTML
  // under a Markdown name or a summary where the transcript was asked for. The same the other way round.
  if (html !== null && MARKDOWN_FILE.test(html)) throw new UserError(`-o writes the HTML transcript, not Markdown (got "${html}")`, `For the Markdown summary: --markdown ${html}`)
  if (markdown !== null && HTML_FILE.test(markdown)) throw new UserError(`--markdown writes the Markdown summary, not HTML (got "${markdown}")`, `For the HTML transcript: -o ${markdown}`)
  const base = nonEmpty(str(values['link-base']), '--link-base')
  if (base !== null && (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))) {
    throw new UserError(`--link-base must be an http(s) URL (got "${base}")`, 'For example: --link-base https://ci.example.com/artifacts/')
  }
  const linkBase = base === null ? null : base.endsWith('/') ? base : `${base}/`
  const transcriptUrl = nonEmpty(str(values['transcript-url']), '--transcript-url')
  if (transcriptUrl !== null && (!URL.canParse(transcriptUrl) || !/^https?:$/.test(new URL(transcriptUrl).protocol))) {
    throw new UserError(`--transcript-url must be an http(s) URL (got "${transcriptUrl}")`)
  }
  return {
    mode: 'export',
    session: latest === null ? (session ?? null) : null,
    inputs: latest === null ? [] : positionals,
    latest,
    html,
    markdown,
    linkBase,
    ...(transcriptUrl === null ? {} : { transcriptUrl }),
    locale: parseLocale(str(values['locale'])),
    redact: parseRedactRequest(values['redact'] === true, str(values['redact-config'])),
    view: parseView(str(values['view'])),
    ...(values['replay'] === true ? { replay: true } : {}),
    ...output(values),
  }
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
export type MergeInvocation = {
  mode: 'merge'
  parts: string[]
  outDir: string
} & Output

function parseStats(spec: CommandSpec, rest: string[]): StatsInvocation {
  const { values, positionals } = parse(spec, rest)
  if (values['json'] === true && values['csv'] === true) throw new UserError('--json and --csv do not go together', 'Pick one output format.')
  const by = str(values['by'])
  if (by !== undefined && !(GROUP_BY as readonly string[]).includes(by)) throw new UserError(`--by must be one of ${GROUP_BY.join(', ')} (got ${JSON.stringify(by)})`)
  const since = parseDay(str(values['since']), '--since')
  const until = parseDay(str(values['until']), '--until')
  if (since !== null && until !== null && since > until) throw new UserError(`--since ${since} is after --until ${until}`)
  return {
    mode: 'stats',
    inputs: positionals,
    format: values['json'] === true ? 'json' : values['csv'] === true ? 'csv' : 'text',
    by: (by as GroupBy | undefined) ?? null,
    since,
    until,
    prices: nonEmpty(str(values['prices']), '--prices'),
    ...output(values),
  }
}

/** A `YYYY-MM-DD` date that exists (UTC). */
function parseDay(value: string | undefined, flag: string): string | null {
  if (value === undefined) return null
  const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  if (!ok) throw new UserError(`${flag} takes a date as YYYY-MM-DD (got ${JSON.stringify(value)})`)
  return value
}
