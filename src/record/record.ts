/**
 * `dsh-view replay SESSION -o FILE` (issue 30): a session's replay recorded to a video, from the same page
 * the site builds. Chromium (driven by playwright-core) opens the page with a fake clock; the player starts
 * at the chosen place and, frame by frame, the clock moves on by exactly one frame and a screenshot goes to
 * Debian's ffmpeg (`image2pipe`), which encodes WebM (VP9) or a GIF (its own palette). Playwright's own video
 * capture is not used: it needs a bundled ffmpeg build that distributions do not ship. The fake clock makes
 * the recording independent of how fast the machine is: frame k always shows play position start + k·speed/fps.
 */
import { spawn } from 'node:child_process'
import type { ChildProcessByStdio } from 'node:child_process'
import { rename, rm } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'playwright-core'
import type { TimingMode } from '../replay/modes'
import { launchChromium } from '../snapshot/node/launch-chromium'

export interface RecordOptions {
  /** The session page (a file) to play. */
  page: string
  out: string
  format: 'webm' | 'gif'
  timing: TimingMode
  speed: number
  fps: number
  width: number
  height: number
  /** What to record: turns `[first, last]`, else play seconds `from`/`to` (null: the start, the end). */
  turns: [number, number] | null
  from: number | null
  to: number | null
  /** The turns `--mark` names: each must be a turn of the session, as `--turns` must. */
  marks?: readonly number[]
  chromium: string
  ffmpeg: string
  /** At most this many seconds of video (a real-time replay of a day-long session is not a demo). */
  maxSeconds: number
}

export interface RecordResult {
  frames: number
  /** Play positions recorded, ms. */
  start: number
  end: number
}

export class RecordError extends Error {}

interface Info {
  timed: boolean
  mode: TimingMode
  total: number
  turns: { turn: number; at: number }[]
}

/** The play range of a recording, from turns or seconds, within [0, total]. */
export function recordRange(info: Info, turns: [number, number] | null, from: number | null, to: number | null): { start: number; end: number } {
  let start = 0
  let end = info.total
  if (turns !== null) {
    const first = info.turns.find(t => t.turn === turns[0])
    if (first === undefined) throw new RecordError(noTurn(info, turns[0]))
    start = first.at
    end = info.turns.find(t => t.turn > turns[1])?.at ?? info.total
  }
  if (from !== null) start = from * 1000
  if (to !== null) end = to * 1000
  start = Math.max(0, Math.min(info.total, start))
  end = Math.max(start, Math.min(info.total, end))
  return { start, end }
}

/** A `--mark` at a turn the session does not have is refused like `--turns`: its chapter would never show. */
export function checkMarks(info: Info, marks: readonly number[]): void {
  for (const turn of marks) if (!info.turns.some(t => t.turn === turn)) throw new RecordError(`--mark ${turn}: ${noTurn(info, turn)}`)
}

function noTurn(info: Info, turn: number): string {
  return `the session has no turn ${turn} (it has ${info.turns.length > 0 ? `turns ${info.turns[0]?.turn}–${info.turns[info.turns.length - 1]?.turn}` : 'no turns'})`
}

function encoderArgs(format: 'webm' | 'gif', fps: number, out: string): string[] {
  const input = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'image2pipe', '-framerate', String(fps), '-c:v', 'mjpeg', '-i', '-']
  if (format === 'gif') return [...input, '-vf', 'split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer', '-loop', '0', '-f', 'gif', out]
  return [...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '34', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-pix_fmt', 'yuv420p', '-f', 'webm', out]
}

/** Chromium went away under the recording (its browser or page process crashed, or was killed). */
class BrowserGone extends Error {}

/** Test seams: called after each frame is written, with the attempt (1, 2) and the running browser. */
export interface RecordHooks {
  afterFrame?: (frame: number, attempt: number, browser: Browser) => Promise<void>
}

/**
 * Records the replay. Chromium crashing under a loaded machine is not the session's fault and the fake clock
 * makes a second attempt give the same frames, so a recording whose browser went away is made once more
 * (said on stderr) before the failure is reported.
 */
export async function recordReplay(options: RecordOptions, note: (line: string) => void = () => {}, hooks: RecordHooks = {}): Promise<RecordResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordOnce(options, note, hooks, attempt)
    } catch (error) {
      if (!(error instanceof BrowserGone) || attempt >= 2) throw error instanceof BrowserGone ? new RecordError(error.message) : error
      note(`dsh-view: ${error.message}; recording again`)
    }
  }
}

async function recordOnce(options: RecordOptions, note: (line: string) => void, hooks: RecordHooks, attempt: number): Promise<RecordResult> {
  const browser = await launchChromium(options.chromium)
  let gone: string | null = null
  browser.on('disconnected', () => void (gone ??= 'Chromium exited during the recording'))
  // The encoder writes beside the output and the file is renamed into place once it is whole: a failed or
  // interrupted recording never leaves a truncated video where the finished one is expected.
  const partial = `${options.out}.partial`
  let encoder: ChildProcessByStdio<Writable, null, Readable> | null = null
  let done = false
  try {
    const context = await browser.newContext({ viewport: { width: options.width, height: options.height }, reducedMotion: 'no-preference', timezoneId: 'UTC' })
    const page = await context.newPage()
    page.on('crash', () => void (gone ??= 'the Chromium page crashed during the recording'))
    // Paused before the page loads: a pause set after `goto` must lie ahead of the clock, which a slow load on a
    // busy machine can already have passed ("Cannot fast-forward to the past").
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') })
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'))
    await page.goto(pathToFileURL(options.page).href)
    const loaded = await page.evaluate(async (mode) => {
      const player = window.dshPlayer
      if (player === undefined || !(await player.load())) return null
      if (mode !== player.mode) player.setMode(mode, false)
      return player.info()
    }, options.timing)
    if (loaded === null) throw new RecordError('the page has no replay data (the log has no times, or it did not load)')
    if (!loaded.timed && options.timing !== 'paced' && attempt === 1) note('dsh-view: this log has no times; recording paced timing')
    checkMarks(loaded, options.marks ?? [])
    const { start, end } = recordRange(loaded, options.turns, options.from, options.to)
    const frameMs = 1000 / options.fps
    const frames = Math.max(1, Math.min(Math.ceil((end - start) / options.speed / frameMs) + 1, Math.ceil(options.maxSeconds * options.fps)))
    await page.evaluate(([at, speed]) => window.dshPlayer?.start({ at, speed, play: true }), [start, options.speed] as const)
    const running = spawn(options.ffmpeg, encoderArgs(options.format, options.fps, partial), { stdio: ['pipe', 'ignore', 'pipe'] })
    encoder = running
    let stderr = ''
    running.stderr.on('data', (d: Buffer) => void (stderr += d.toString()))
    const exited = new Promise<number>((resolve, reject) => {
      running.on('error', reject)
      running.on('close', code => resolve(code ?? 1))
    })
    const write = (bytes: Buffer) => new Promise<void>((resolve, reject) => running.stdin.write(bytes, error => (error ? reject(error) : resolve())))
    for (let k = 0; k < frames; k++) {
      if (k > 0) await page.clock.runFor(frameMs)
      // A page turn (the player opens the page holding the position): wait for it to play again.
      await page.waitForFunction(() => window.dshPlayer !== undefined && document.documentElement.hasAttribute('data-replaying'))
      await write(await page.screenshot({ type: 'jpeg', quality: 90 }))
      await hooks.afterFrame?.(k, attempt, browser)
    }
    running.stdin.end()
    const code = await exited
    if (code !== 0) throw new RecordError(`ffmpeg failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`)
    await rename(partial, options.out)
    done = true
    return { frames, start, end }
  } catch (error) {
    // Playwright reports a dead browser as whatever call was waiting on it (its 'disconnected' event may come
    // after that rejection); name the cause instead.
    if (error instanceof RecordError) throw error
    const closed = error instanceof Error && /Target page, context or browser has been closed|Target crashed/.test(error.message)
    const why = gone ?? (!browser.isConnected() || closed ? 'Chromium exited during the recording' : null)
    if (why !== null) throw new BrowserGone(why)
    throw error
  } finally {
    if (!done) {
      encoder?.kill('SIGKILL')
      await rm(partial, { force: true })
    }
    await browser.close()
  }
}
