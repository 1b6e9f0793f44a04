/**
 * Help text, printed from the command tables (commands.ts): `dsh-view --help` lists the commands, and
 * `dsh-view <command> --help` shows that command's synopsis, its own flags, notes and examples — nothing
 * about the other commands. Pure; bin.ts prints it.
 */
import { COMMANDS, flagsOf, type CommandSpec, type FlagSpec } from './commands'

const FLAG_COLUMN = 22

function flagLabel(flag: FlagSpec): string {
  const long = `--${flag.name}${flag.value === undefined ? '' : ` ${flag.value}`}`
  return flag.short === undefined ? `    ${long}` : `-${flag.short}, ${long}`
}

function flagLines(flag: FlagSpec): string[] {
  const label = `  ${flagLabel(flag)}`
  const [first = '', ...rest] = flag.help.split('\n')
  const pad = ' '.repeat(FLAG_COLUMN)
  const head = label.length < FLAG_COLUMN - 1 ? `${label.padEnd(FLAG_COLUMN)}${first}` : `${label}\n${pad}${first}`
  return [head, ...rest.map(line => `${pad}${line}`)]
}

/** `dsh-view <command> --help`. */
export function commandHelp(spec: CommandSpec): string {
  const out = [`dsh-view ${spec.name} — ${spec.summary}`, '', 'Usage:', ...spec.usage.split('\n').map(u => `  dsh-view ${u}`), '', 'Options:']
  for (const flag of flagsOf(spec)) out.push(...flagLines(flag))
  if (spec.notes !== undefined) out.push('', spec.notes)
  out.push('', 'Examples:', ...spec.examples.map(e => `  ${e}`))
  return `${out.join('\n')}\n`
}

/** `dsh-view --help`: the commands, one line each, and where to read more. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map(c => c.name.length)) + 2
  const out = [
    'dsh-view — read, render and follow DeepSeek Harness (dsh) session logs',
    '',
    'Usage:',
    '  dsh-view <command> [paths…] [options]',
    '  dsh-view <command> --help      that command\'s options and examples',
    '  dsh-view --help | --version',
    '',
    'Commands:',
    ...COMMANDS.map(c => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Paths may be a sessions root, a project directory, a session directory, one log file or an export',
    'ZIP. With no path, dsh-view reads $DSH_HOME/sessions, else ~/.dsh/sessions.',
    'Every command takes -q/--quiet (no progress, no warnings) and --verbose (every warning).',
    '',
    'Examples:',
    '  dsh-view build ./sessions -o site --open',
    '  dsh-view inspect --latest 1 --json',
    '  dsh-view export --latest 1 -o transcript.html --markdown - > comment.md',
  ]
  return `${out.join('\n')}\n`
}
