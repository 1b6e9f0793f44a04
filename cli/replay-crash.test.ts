/**
 * `replay -o` when Chromium dies under it (seen on a loaded CI machine: the browser crashed a second into a
 * recording): the recording is made once more, and if the browser dies again the command fails with the cause
 * named — never a truncated video at the output path, never a `.partial` left behind. The crash is real: the
 * browser's own `Browser.crash` DevTools command, sent after a frame was written.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { findFfmpeg } from './replay'
import { RecordError, recordReplay } from '../src/record/record'
import type { RecordOptions } from '../src/record/record'
import { buildSite } from '../src/site/build-site'
import { createProgress } from '../src/site/progress'
import { chromiumExecutable } from '../src/snapshot/node/aria'

const ffmpeg = findFfmpeg(process.env)
const chromium = chromiumExecutable(process.env)
const ffprobe = ffmpeg === null ? null : join(ffmpeg, '..', 'ffprobe')
const enabled = ffmpeg !== null && chromium.exists && ffprobe !== null && existsSync(ffprobe)
const LOG = fileURLToPath(new URL('../fixtures/corpus/real-host/node22-errors/sessions/--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd', import.meta.url))

const crash = async (browser: Browser) => {
  const cdp = await browser.newBrowserCDPSession()
  // The browser dies before it can answer.
  await cdp.send('Browser.crash').catch(() => {})
}

function frames(file: string): number {
  const json = execFileSync(ffprobe as string, ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'json', file], { encoding: 'utf8' })
  return Number((JSON.parse(json) as { streams: { nb_read_frames: string }[] }).streams[0]?.nb_read_frames)
}

describe.skipIf(!enabled)('replay -o when Chromium crashes', () => {
  let page = ''
  beforeAll(async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dv-rec-site-')), 'site')
    await buildSite({ inputs: [LOG], outDir: out, title: null, baseUrl: null, locale: 'en', marks: [], env: process.env, homedir: homedir() }, createProgress({ write: () => {}, tty: false, quiet: true }))
    const name = readdirSync(join(out, 'sessions')).find(n => /^[^.]+\.html$/.test(n))
    page = join(out, 'sessions', name as string)
  }, 120_000)
  const options = (out: string): RecordOptions => ({ page, out, format: 'webm', timing: 'real', speed: 1, fps: 10, width: 320, height: 200, turns: null, from: null, to: null, chromium: chromium.path, ffmpeg: ffmpeg as string, maxSeconds: 600 })

  it('a crash in the first attempt: recorded again, whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dv-rec-'))
    const out = join(dir, 'demo.webm')
    const notes: string[] = []
    const result = await recordReplay(options(out), line => void notes.push(line), { afterFrame: async (frame, attempt, browser) => { if (attempt === 1 && frame === 2) await crash(browser) } })
    expect(notes).toEqual(['dsh-view: Chromium exited during the recording; recording again'])
    expect(result.frames).toBe(11)
    expect(frames(out)).toBe(11)
    expect(readdirSync(dir)).toEqual(['demo.webm'])
  }, 120_000)

  it('a crash in both attempts: fails naming the cause, writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dv-rec-'))
    const out = join(dir, 'demo.webm')
    const failure = recordReplay(options(out), () => {}, { afterFrame: async (frame, _attempt, browser) => { if (frame === 1) await crash(browser) } })
    await expect(failure).rejects.toThrow(RecordError)
    await expect(failure).rejects.toThrow('Chromium exited during the recording')
    expect(readdirSync(dir)).toEqual([])
  }, 120_000)
})
