/**
 * Build progress on stderr (issue 4): sessions done / total and log MB/s. On a terminal one line is redrawn
 * in place, at most ten times a second; otherwise (CI logs) a line is printed at most every five seconds,
 * so a short build prints nothing but its summary. Quiet mode prints no progress at all.
 */

export interface Progress {
  start(sessions: number, bytes: number): void
  /** One more session handled (`rendered` false: unchanged, skipped). */
  advance(bytes: number): void
  /** A preview of the site is in its folder (src/site/preview.ts): `index` is its index page. */
  preview(index: string): void
  finish(): void
}

export interface ProgressOptions {
  write: (text: string) => void
  tty: boolean
  quiet: boolean
  /** Injectable clock (ms) for tests. */
  now?: () => number
}

const TTY_INTERVAL_MS = 100
const LOG_INTERVAL_MS = 5_000

export function formatRate(bytes: number, ms: number): string {
  if (ms <= 0) return '– MB/s'
  return `${(bytes / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s`
}

export function createProgress({ write, tty, quiet, now = () => performance.now() }: ProgressOptions): Progress {
  let total = 0
  let done = 0
  let bytes = 0
  let totalBytes = 0
  let started = 0
  let lastDraw = 0
  let drawn = false
  const line = () =>
    `dsh-view: ${done}/${total} session${total === 1 ? '' : 's'} · ${(bytes / 1024 / 1024).toFixed(1)}/${(totalBytes / 1024 / 1024).toFixed(1)} MB · ${formatRate(bytes, now() - started)}`
  return {
    start(sessions, allBytes) {
      total = sessions
      totalBytes = allBytes
      started = now()
      lastDraw = started
    },
    advance(n) {
      done++
      bytes += n
      if (quiet) return
      const t = now()
      if (t - lastDraw < (tty ? TTY_INTERVAL_MS : LOG_INTERVAL_MS)) return
      lastDraw = t
      if (tty) {
        write(`\r\x1b[2K${line()}`)
        drawn = true
      } else write(`${line()}\n`)
    },
    preview(index) {
      if (quiet) return
      // Its own line, above the redrawn progress line on a terminal.
      write(`${drawn ? '\r\x1b[2K' : ''}dsh-view: a preview is readable while the rest builds: ${index}\n`)
      drawn = false
    },
    finish() {
      if (drawn) write('\r\x1b[2K')
    },
  }
}
