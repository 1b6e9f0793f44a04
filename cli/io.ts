/**
 * The side effects a command handler may have, injected so tests capture output and never open a
 * browser window. bin.ts passes `nodeIo`; tests build their own.
 */
import { terminalIo } from './terminal-text'

export interface Io {
  stdout(text: string): void
  stderr(text: string): void
  /**
   * Writes dsh-view's own terminal sequences (the progress line's redraw) unescaped; stdout and stderr of
   * `nodeIo` escape every control character (./terminal-text.ts). Falls back to stderr.
   */
  stderrControl?(text: string): void
  /** Whether stderr is a terminal (progress lines are redrawn in place only then). */
  stderrIsTty: boolean
  env: Record<string, string | undefined>
  /** Open a file or URL in the user's browser. */
  open(target: string): Promise<void>
}

/** The process's streams; log-derived text never reaches the terminal unescaped (terminalIo). */
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
