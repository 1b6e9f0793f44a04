/**
 * `dsh-view replay` (issue 30): its arguments, the play range of --turns/--from/--to, and real recordings of
 * a corpus session — WebM and GIF — probed with ffmpeg's own ffprobe (codec, size, frame count).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseInvocation } from './args'
import { findFfmpeg, runReplay } from './replay'
import type { ReplayInvocation } from './args'
import { UserError } from './user-error'
import { checkMarks, recordRange } from '../src/record/record'
import { chromiumExecutable } from '../src/snapshot/node/aria'

const usageError = (argv: string[]): UserError => {
  try {
    parseInvocation(argv)
  } catch (error) {
    if (error instanceof UserError) return error
    throw error
  }
  throw new Error('no error')
}

describe('replay arguments', () => {
  it('defaults: compressed, 1×, 10 fps, 1024x640', () => {
    expect(parseInvocation(['replay', 's.jsonl', '-o', 'demo.webm'])).toMatchObject({ mode: 'replay', input: 's.jsonl', out: 'demo.webm', format: 'webm', timing: 'compressed', speed: 1, fps: 10, width: 1024, height: 640, turns: null, from: null, to: null })
  })
  it.each([
    [['--turns', '3-7'], { turns: [3, 7] }],
    [['--turns', '4'], { turns: [4, 4] }],
    [['--from', '2', '--to', '9.5'], { from: 2, to: 9.5 }],
    [['--timing', 'paced', '--speed', '0.5', '--fps', '24', '--size', '800x600'], { timing: 'paced', speed: 0.5, fps: 24, width: 800, height: 600 }],
  ])('%j', (flags, want) => {
    expect(parseInvocation(['replay', 's.jsonl', '-o', 'x.gif', ...flags])).toMatchObject({ format: 'gif', ...want })
  })
  it.each([
    [['replay', 's.jsonl'], 'replay needs -o FILE.webm or FILE.gif'],
    [['replay', '-o', 'a.webm'], 'replay records one session: name its log'],
    [['replay', 's', '-o', 'a.mp4'], '-o must end in .webm or .gif (got "a.mp4")'],
    [['replay', 's', '-o', 'a.webm', '--turns', '7-3'], '--turns must be A-B with A ≤ B, or one turn A (got "7-3")'],
    [['replay', 's', '-o', 'a.webm', '--turns', '1', '--from', '2'], '--turns does not go with --from/--to'],
    [['replay', 's', '-o', 'a.webm', '--turns', '1-99999999999999999999'], '--turns takes turn numbers of up to 9 digits (got "1-99999999999999999999")'],
    [['replay', 's', '-o', 'a.webm', '--from', '-5'], "Option '--from' argument is ambiguous."],
    [['replay', 's', '-o', 'a.webm', '--speed', '3'], '--speed must be 0.5, 1, 2, 4 or 10 (got "3")'],
    [['replay', 's', '-o', 'a.webm', '--fps', '60'], '--fps must be a whole number from 1 to 30 (got "60")'],
  ])('%j is a usage error', (argv, message) => {
    const error = usageError(argv)
    expect(error.message).toBe(message)
    expect(error.exitCode).toBe(2)
  })
})

describe('a value starting with a dash', () => {
  it("says how to write it: node's remedy, then the command's help", () => {
    const error = usageError(['replay', 's', '-o', 'a.webm', '--mark', '-1:x'])
    expect(error.message).toBe("Option '--mark' argument is ambiguous.")
    expect(error.hint).toBe("To specify an option argument starting with a dash use '--mark=-XYZ'. Run `dsh-view replay --help` for its options.")
  })
  it('keeps the plain hint for a missing value', () => {
    expect(usageError(['replay', 's', '-o']).hint).toBe('Run `dsh-view replay --help` for its options.')
  })
})

describe('recordRange', () => {
  const info = { timed: true, mode: 'compressed' as const, total: 10_000, turns: [{ turn: 1, at: 0 }, { turn: 2, at: 3_000 }, { turn: 3, at: 7_000 }] }
  it.each([
    [null, null, null, { start: 0, end: 10_000 }],
    [[2, 2], null, null, { start: 3_000, end: 7_000 }],
    [[2, 3], null, null, { start: 3_000, end: 10_000 }],
    [null, 1, 4, { start: 1_000, end: 4_000 }],
    [null, 8, 99, { start: 8_000, end: 10_000 }],
  ] as const)('turns %j, from %j, to %j', (turns, from, to, want) => {
    expect(recordRange(info, turns === null ? null : [turns[0], turns[1]], from, to)).toEqual(want)
  })
  it('names the turns a session has when asked for another', () => {
    expect(() => recordRange(info, [5, 6], null, null)).toThrow('the session has no turn 5 (it has turns 1–3)')
  })
  it('refuses a --mark at a turn the session does not have, and takes the ones it has', () => {
    expect(() => checkMarks(info, [2, 9])).toThrow('--mark 9: the session has no turn 9 (it has turns 1–3)')
    expect(() => checkMarks(info, [1, 3])).not.toThrow()
    expect(() => checkMarks({ ...info, turns: [] }, [1])).toThrow('--mark 1: the session has no turn 1 (it has no turns)')
  })
})

const ffmpeg = findFfmpeg(process.env)
const chromium = chromiumExecutable(process.env)
const ffprobe = ffmpeg === null ? null : join(ffmpeg, '..', 'ffprobe')
const enabled = ffmpeg !== null && chromium.exists && ffprobe !== null && existsSync(ffprobe)
const LOG = fileURLToPath(new URL('../fixtures/corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd', import.meta.url))

function probe(file: string): { codec: string; width: number; height: number; frames: number } {
  const json = execFileSync(ffprobe as string, ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' })
  const stream = (JSON.parse(json) as { streams: Record<string, string | number>[] }).streams[0] ?? {}
  return { codec: String(stream['codec_name']), width: Number(stream['width']), height: Number(stream['height']), frames: Number(stream['nb_read_frames']) }
}

describe.skipIf(!enabled)('replay -o records a file that plays', () => {
  const io = (lines: string[]) => ({ stdout: (t: string) => void lines.push(t), stderr: (t: string) => void lines.push(t), stderrIsTty: false, env: process.env, open: async () => {} })
  const base = (out: string): ReplayInvocation => ({ mode: 'replay', input: LOG, out, format: 'webm', turns: null, from: null, to: null, timing: 'real', speed: 1, fps: 10, width: 640, height: 400, marks: [], locale: 'en', quiet: false, verbose: false })

  it('WebM: VP9 at the window size, one frame per 100 ms of the session (1.0 s logged → 11 frames)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dv-rec-')), 'demo.webm')
    const lines: string[] = []
    expect(await runReplay(base(out), io(lines))).toBe(0)
    expect(lines).toContain(`${out}\n`)
    // The log runs 999 ms from its first row to its last (turn/start … turn/end).
    expect(probe(out)).toEqual({ codec: 'vp9', width: 640, height: 400, frames: 11 })
  }, 120_000)

  it('GIF, trimmed with --from/--to at 2×', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dv-rec-')), 'demo.gif')
    expect(await runReplay({ ...base(out), format: 'gif', from: 0.2, to: 0.8, speed: 2, fps: 20 }, io([]))).toBe(0)
    // 600 ms of replay at 2× is 300 ms of video: 6 frames at 20 fps, plus the first.
    expect(probe(out)).toEqual({ codec: 'gif', width: 640, height: 400, frames: 7 })
  }, 120_000)
})
