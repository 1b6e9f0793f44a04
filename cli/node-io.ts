/**
 * The process's own `Io` (./io.ts), which bin.ts hands to every command: stdout and stderr of this process,
 * with log-derived text never reaching the terminal unescaped (./terminal-text.ts `terminalIo`), and the
 * platform's opener for `--open`. A file of its own so that the `Io` contract imports nothing.
 */
import type { Io } from './io'
import { terminalIo } from './terminal-text'

export const nodeIo: Io = terminalIo({
  stdout: text => void process.stdout.write(text),
  stderr: text => void process.stderr.write(text),
  stderrIsTty: process.stderr.isTTY === true,
  env: process.env,
  async open(target) {
    const { spawn } = await import('node:child_process')
    const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
    spawn(cmd, [target], { stdio: 'ignore', detached: true }).on('error', () => {}).unref()
  },
})
