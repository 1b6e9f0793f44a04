/**
 * One table per command: its usage line, its flags (name, short form, value placeholder, one help line) and
 * its examples. args.ts builds each command's `parseArgs` options from its table, help.ts prints
 * `dsh-view <command> --help` from it, and suggest.ts names the nearest flag of *that* command when one is
 * mistyped — so a flag exists in exactly one place. A new command is one more entry in `COMMANDS`.
 */
import { DEFAULT_VIEW_MODE, VIEW_MODES } from '../src/cards/view-mode'

export interface FlagSpec {
  /** Long name without the dashes (`out` for `--out`). */
  name: string
  short?: string
  type: 'string' | 'boolean'
  /** Placeholder for the value in help (`DIR`); string flags only. */
  value?: string
  /** What it does, one or more lines of help (wrapped by hand). */
  help: string
  /** A string flag that may be given more than once (its values in order). */
  multiple?: boolean
}

export interface CommandSpec {
  name: string
  /** After `dsh-view `: the synopsis, one form a line. */
  usage: string
  /** One line for the command list. */
  summary: string
  flags: readonly FlagSpec[]
  /** Paragraphs after the flags (exit codes, notes). */
  notes?: string
  examples: readonly string[]
}

const quiet: FlagSpec = { name: 'quiet', short: 'q', type: 'boolean', help: 'no progress and no warnings on stderr (errors still print)' }
const verbose: FlagSpec = { name: 'verbose', type: 'boolean', help: 'list every warning (by default each kind shows a count and a few examples)' }
const help: FlagSpec = { name: 'help', short: 'h', type: 'boolean', help: 'this help' }
/** Every command takes these. */
export const COMMON_FLAGS: readonly FlagSpec[] = [quiet, verbose, help]

const locale: FlagSpec = { name: 'locale', type: 'string', value: 'en|zh', help: 'language of the page and card strings (default en)' }
const view: FlagSpec = {
  name: 'view',
  type: 'string',
  value: 'MODE',
  help: `the page's default view mode: ${VIEW_MODES.join(', ')}\n(default ${DEFAULT_VIEW_MODE}); the page header switches it and remembers the reader's choice`,
}
const redact: FlagSpec = { name: 'redact', type: 'boolean', help: 'replace secrets (API keys, tokens, passwords, private keys…) with\n[REDACTED:<kind>] before anything is written; report what was replaced' }
const redactConfig: FlagSpec = { name: 'redact-config', type: 'string', value: 'FILE', help: 'extra rules, allowlist and disabled rules from a JSON file (implies --redact)' }
const latest: FlagSpec = {
  name: 'latest',
  type: 'string',
  value: 'N',
  help: 'only the N newest sessions (newest = latest start time, from the session header;\nsubagents come with their parent)',
}

const PATHS_NOTE = `Paths may be a sessions root (at any depth below the path), a project directory, a session
directory, one log file (session.jsonl, session.jsonl.zstd, session.vN.jsonl[.zstd], legacy <id>.jsonl)
or an export ZIP. With no path, dsh-view reads $DSH_HOME/sessions, else ~/.dsh/sessions.`

const EXIT_NOTE = `Exit codes: 0 every session was read (damage is reported, not fatal), 1 a path could not be read,
2 usage error.`

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'inspect',
    usage: 'inspect [paths…] [--json] [--latest N]',
    summary: 'summarise sessions: format, counts, times, status, model, tokens, damage',
    flags: [
      { name: 'json', type: 'boolean', help: 'one JSON document on stdout: {"sessions":[…],"problems":[…]}' },
      latest,
    ],
    notes: `${PATHS_NOTE}

Status (text and --json) is one of completed, interrupted, failed, running, damaged:
  damaged      the log is corrupt (damage inside its history) or ends in a torn line that is no longer
               being written
  running      the last turn has not ended and the log was written in the last 10 minutes
  interrupted  the last turn was cancelled or aborted, or never ended and the log went quiet
  failed       the last turn ended with an error
  completed    otherwise (the last turn completed, or there is no turn yet)
Progress goes to stderr on long runs (redrawn on a terminal, a line every few seconds otherwise).

${EXIT_NOTE}`,
    examples: ['dsh-view inspect ~/.dsh/sessions', 'dsh-view inspect --latest 1 --json ./sessions'],
  },
  {
    name: 'stats',
    usage: 'stats [paths…] [--json|--csv] [--by day|week|project|model|tool] [--since DATE] [--until DATE] [--prices FILE]',
    summary: 'archive totals: sessions, turns, tool calls, tokens, time; by day, week, project, model or tool',
    flags: [
      { name: 'json', type: 'boolean', help: 'one JSON document on stdout: {"totals":{…},"rows":[…],"problems":[…]}' },
      { name: 'csv', type: 'boolean', help: 'CSV on stdout: a header line, one line per row, then the total' },
      { name: 'by', type: 'string', value: 'KEY', help: 'break the totals down by day, week (from Monday), project, model or tool' },
      { name: 'since', type: 'string', value: 'DATE', help: 'only sessions that started on or after DATE (YYYY-MM-DD, UTC)' },
      { name: 'until', type: 'string', value: 'DATE', help: 'only sessions that started on or before DATE (YYYY-MM-DD, UTC)' },
      { name: 'prices', type: 'string', value: 'FILE', help: 'price table JSON to cost requests with, instead of the bundled DeepSeek table' },
    ],
    notes: `${PATHS_NOTE}

Figures are inspect's, added up: tokens are counted once per provider request (retries, packed rows,
compactions and resumed sessions are not counted twice; a fork or subagent child's copy of its parent's
history is its parent's). By day and week, tokens go to the day each request settled and sessions, turns,
tool calls and time to the day the session started; by model, tokens go to the request's model and the rest
to the session's first model; by tool, the rows are tool calls (and the failed or interrupted sessions that
ended on that tool).

Cost comes from a dated price table (the bundled one: DeepSeek's published prices, with their source;
--prices FILE for another). A request is priced only when the table lists its provider, model and time; a
row with any unpriced request shows no cost ("cost": null in JSON, an empty cell in CSV).

${EXIT_NOTE}`,
    examples: ['dsh-view stats ~/.dsh/sessions', 'dsh-view stats --by day --since 2026-11-01 --json', 'dsh-view stats ./sessions --by model --csv > usage.csv'],
  },
  {
    name: 'build',
    usage: 'build [paths…] [-o DIR] [--open] [--latest N]',
    summary: 'render sessions as a static site (opens from file://)',
    flags: [
      { name: 'out', short: 'o', type: 'string', value: 'DIR', help: 'output directory (default dsh-view-site)' },
      { name: 'open', type: 'boolean', help: 'open index.html when done' },
      { name: 'prices', type: 'string', value: 'FILE', help: 'price table JSON for the overview\'s cost, instead of the bundled DeepSeek table' },
      { name: 'demo', type: 'boolean', help: 'the demo sessions shipped with dsh-view (real dsh logs), to try it' },
      { name: 'or-demo', type: 'boolean', help: 'with no path: the demo sessions when the default sessions root holds none\n(what `npm start` runs; without it, no session found is an error)' },
      { name: 'base-url', type: 'string', value: 'URL', help: 'absolute URL the site will be published under' },
      { name: 'title', type: 'string', value: 'TEXT', help: 'title of the index page' },
      { name: 'shard', type: 'string', value: 'i/n', help: 'render part i of n (sessions split by a stable hash, balanced by log bytes)\ninto the -o folder, for `dsh-view merge` to join into the site' },
      { name: 'mark', type: 'string', value: 'N:LABEL', multiple: true, help: 'a replay chapter named LABEL at turn N (repeatable)' },
      latest,
      locale,
      view,
      redact,
      redactConfig,
    ],
    notes: `${PATHS_NOTE}
stdout gets one line, the path of index.html; progress and the summary go to stderr.

Exit codes: 0 built (damage is reported, not fatal), 1 a path or log could not be read (no session found at
all: nothing is written), 2 usage error.`,
    examples: [
      'dsh-view build ./sessions -o site',
      'dsh-view build session.jsonl.zstd --open',
      'dsh-view build --demo --open',
      'dsh-view build --latest 3 -o site',
      'dsh-view build ./sessions -o site --redact && dsh-view redact --check site',
      'dsh-view build ./sessions --shard 2/4 -o part-2   # one of four CI jobs',
    ],
  },
  {
    name: 'merge',
    usage: 'merge PART… [-o DIR]',
    summary: 'the site from all n parts of `build --shard i/n` (= one build, byte for byte)',
    flags: [{ name: 'out', short: 'o', type: 'string', value: 'DIR', help: 'the site folder (default dsh-view-site); unchanged pages are not rewritten' }],
    notes: `Each PART is a folder written by \`dsh-view build --shard i/n\`, all n of them, from the same dsh-view
version, options and logs; anything else is refused before the site is touched.

Exit codes: 0 merged, 1 a part could not be read, 2 usage error (parts that do not belong together).`,
    examples: ['dsh-view merge part-1 part-2 part-3 part-4 -o site'],
  },
  {
    name: 'replay',
    usage: 'replay <session> -o FILE.webm|FILE.gif [--turns A-B | --from S --to S] [--timing MODE] [--speed N]',
    summary: "record a session's replay (the site's own page played back) to a WebM or GIF",
    flags: [
      { name: 'out', short: 'o', type: 'string', value: 'FILE', help: 'the recording: .webm (VP9) or .gif' },
      { name: 'turns', type: 'string', value: 'A-B', help: 'record turns A to B (one turn: A)' },
      { name: 'from', type: 'string', value: 'S', help: 'start S seconds into the replay (in the chosen timing)' },
      { name: 'to', type: 'string', value: 'S', help: 'stop S seconds into the replay' },
      { name: 'timing', type: 'string', value: 'MODE', help: 'real, compressed (default: idle gaps over 3 s cut to 1 s) or paced' },
      { name: 'speed', type: 'string', value: 'N', help: 'playback speed: 0.5, 1, 2, 4 or 10 (default 1)' },
      { name: 'fps', type: 'string', value: 'N', help: 'frames per second, 1-30 (default 10)' },
      { name: 'size', type: 'string', value: 'WxH', help: 'the browser window (default 1024x640)' },
      { name: 'mark', type: 'string', value: 'N:LABEL', multiple: true, help: 'a replay chapter named LABEL at turn N (repeatable)' },
      locale,
    ],
    notes: 'Needs Chromium (as `snapshot --format aria` does; $DSH_VIEW_CHROMIUM picks one) and ffmpeg on PATH\n($DSH_VIEW_FFMPEG picks one). A recording is at most 10 minutes long.',
    examples: ['dsh-view replay session.jsonl.zstd -o demo.webm', 'dsh-view replay session.jsonl -o demo.gif --turns 2-3 --speed 2'],
  },
  {
    name: 'export',
    usage: 'export <session> [-o FILE.html] [--markdown FILE.md|-] [--link-base URL]\nexport --latest 1 [paths…] [-o FILE.html] [--markdown FILE.md|-]',
    summary: 'one session and its subagents as one HTML file, and/or a Markdown PR summary',
    flags: [
      { name: 'out', short: 'o', type: 'string', value: 'FILE', help: 'the self-contained HTML file (no other files, opens offline)' },
      { name: 'markdown', type: 'string', value: 'FILE', help: 'the PR summary (GitHub comment sized, at most 64 KB); - writes it to stdout\n(and nothing else goes to stdout)' },
      {
        name: 'link-base',
        type: 'string',
        value: 'URL',
        help: 'the URL the HTML file (or, without -o, the site) is published under: the\nsummary links the transcript there instead of naming its relative path',
      },
      {
        name: 'transcript-url',
        type: 'string',
        value: 'URL',
        help: 'the exact URL the summary links as the transcript (a CI artifact page, say);\nwins over --link-base; subagents are then named without links',
      },
      { name: 'latest', type: 'string', value: '1', help: 'export the newest session under the paths (or the sessions root) instead of\nnaming one; newest = latest start time' },
      { name: 'replay', type: 'boolean', help: 'put the session\'s replay in the HTML file: it plays when embedded in an <iframe>\n(or opened with #autoplay) and takes play/pause/seek/speed by postMessage' },
      locale,
      view,
      redact,
      redactConfig,
    ],
    notes: `<session> is a log file, a session directory, an export ZIP, or a session id under the sessions root.
stdout gets the path of each file written, one a line (nothing but the summary with --markdown -).

Exit codes: 0 written, 1 the session (or a subagent) could not be read, 2 usage error.`,
    examples: [
      'dsh-view export ~/.dsh/sessions/--home-me-app--/<id> -o session.html --markdown summary.md',
      'dsh-view export --latest 1 ./sessions -o transcript.html --markdown - > comment.md',
    ],
  },
  {
    name: 'snapshot',
    usage: 'snapshot [paths…] [--format text|aria] [--tab chat|trajectory] [-o DIR] [--check]',
    summary: 'card snapshots for CI, one file per session',
    flags: [
      { name: 'format', type: 'string', value: 'text|aria', help: 'text: model and card props, no browser (default); aria: the rendered\ntranscript\'s accessibility tree, via Chromium' },
      { name: 'out', short: 'o', type: 'string', value: 'DIR', help: 'the snapshot folder, one DIR/<session-id>.txt (.aria.yml) per session;\nwithout it, snapshots are printed' },
      { name: 'check', type: 'boolean', help: 'compare with DIR, print a unified diff per changed session, exit 1 on any\ndifference; writes only with DSH_SNAPSHOT=refresh' },
      { name: 'expand', type: 'string', value: 'all|none|process', help: '--format aria: open every row first (all, the default), nothing (none),\nor only the whole-turn controls and activity headers (process)' },
      { name: 'tab', type: 'string', value: 'chat|trajectory', help: 'which view of the session: its Chat (default) or its Trajectory (every request,\nits usage and timing, tools and sub-calls)' },
      locale,
      { ...view, help: `--format aria: the view mode the page is captured in: ${VIEW_MODES.join(', ')}\n(default ${DEFAULT_VIEW_MODE})` },
    ],
    notes: 'Exit codes: 0 done (and, with --check, equal), 1 a difference or a path that could not be read, 2 usage error.',
    examples: ['dsh-view snapshot logs/ --out snapshots --check', 'DSH_SNAPSHOT=refresh dsh-view snapshot logs/ --out snapshots --check'],
  },
  {
    name: 'live',
    usage: 'live [paths…] [--port N] [--open] [--attach URL]',
    summary: 'serve the site on 127.0.0.1 and follow sessions as dsh writes them',
    flags: [
      { name: 'port', type: 'string', value: 'N', help: 'port to listen on (default 0: a free port; the URL is printed)' },
      { name: 'host', type: 'string', value: 'ADDR', help: 'address to bind (default 127.0.0.1); a non-loopback address also needs\n--allow-remote, since live mode has no authentication' },
      { name: 'allow-remote', type: 'boolean', help: 'allow a non-loopback --host' },
      { name: 'out', short: 'o', type: 'string', value: 'DIR', help: 'keep the site in DIR (default: a temporary folder, removed on exit)' },
      { name: 'open', type: 'boolean', help: 'open the index in the browser' },
      { name: 'attach', type: 'string', value: 'URL', help: 'also follow a running `dsh web` host (e.g. http://127.0.0.1:3080), read-only;\nits events show ahead of the log file, which wins on any difference' },
      { name: 'token', type: 'string', value: 'T', help: 'the launch token newer hosts print (`dsh web: http://…/?token=T`)' },
      locale,
      view,
    ],
    examples: ['dsh-view live --open', 'dsh-view live ./sessions --port 8080 --attach http://127.0.0.1:3080'],
  },
  {
    name: 'redact',
    usage: 'redact --check [paths…] [--json]',
    summary: 'exit 1 if logs or built output still hold secrets (CI)',
    flags: [
      { name: 'check', type: 'boolean', help: 'list secret-looking strings left in logs or published files (required)' },
      { ...redactConfig, help: 'extra rules, allowlist and disabled rules from a JSON file' },
      { name: 'json', type: 'boolean', help: 'one JSON document on stdout' },
    ],
    notes: 'Exit codes: 0 clean, 1 something secret-looking remains (or nothing could be checked), 2 usage error.',
    examples: ['dsh-view build ./sessions -o site --redact && dsh-view redact --check site'],
  },
]

export function commandSpec(name: string): CommandSpec | undefined {
  return COMMANDS.find(c => c.name === name)
}

/** A command's own flags and the common ones. */
export function flagsOf(spec: CommandSpec): readonly FlagSpec[] {
  return [...spec.flags, ...COMMON_FLAGS]
}
