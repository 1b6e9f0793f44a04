/**
 * An `Io` (cli/io.ts) for tests of command handlers: stdout and stderr collected as strings, no terminal,
 * the given environment, and `open` handed to the test (by default it does nothing: no browser window).
 */
import type { Io } from '../../cli/io'

export function captureIo(env: Record<string, string | undefined> = {}, open: (target: string) => Promise<void> = async () => {}): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
    stderrIsTty: false,
    env,
    open,
  }
  return io
}
