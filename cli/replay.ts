/**
 * `dsh-view replay <session> -o FILE.webm|FILE.gif` (issue 30): builds the session's site into a temporary
 * folder (the same pages `dsh-view build` writes, replay data included), then records its replay
 * (src/record/record.ts) with Chromium and ffmpeg. Prints the file's path; the folder is removed.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import type { ReplayInvocation } from './args'
import type { Io } from './io'
import { UserError } from './user-error'
import { chromiumExecutable } from '../src/snapshot/node/aria'

/** `$DSH_VIEW_FFMPEG`, else `ffmpeg` on PATH; null when there is none. */
export function findFfmpeg(env: Record<string, string | undefined>, exists: (path: string) => boolean = existsSync): string | null {
  const chosen = env['DSH_VIEW_FFMPEG']?.trim()
  if (chosen !== undefined && chosen !== '') return exists(chosen) ? chosen : null
  for (const dir of (env['PATH'] ?? '').split(delimiter)) if (dir !== '' && exists(join(dir, 'ffmpeg'))) return join(dir, 'ffmpeg')
  return null
}

/** The first page of the built session that carries replay data (the input's root session comes first by name). */
async function replayPage(site: string): Promise<string | null> {
  const dir = join(site, 'sessions')
  for (const name of (await readdir(dir)).sort()) {
    if (!/\.html$/.test(name) || /\.p\d+\.html$/.test(name)) continue
    if ((await readFile(join(dir, name), 'utf8')).includes('<meta name="dsh-replay"')) return join(dir, name)
  }
  return null
}

export async function runReplay(inv: ReplayInvocation, io: Io): Promise<number> {
  const chromium = chromiumExecutable(io.env)
  if (!chromium.exists) throw new UserError(`replay needs Chromium: none at ${chromium.path}`, 'Install chromium (Debian: apt install chromium), or set DSH_VIEW_CHROMIUM to a Chromium or Chrome binary.', 1)
  const ffmpeg = findFfmpeg(io.env)
  if (ffmpeg === null) throw new UserError('replay needs ffmpeg on PATH', 'Install it (Debian: apt install ffmpeg), or set DSH_VIEW_FFMPEG.', 1)
  if (!existsSync(inv.input)) throw new UserError(`no such log: ${inv.input}`, undefined, 1)
  const env = process.env
  env['NODE_ENV'] ??= 'production'
  const { buildSite } = await import('../src/site/build-site')
  const { createProgress } = await import('../src/site/progress')
  const { recordReplay, RecordError } = await import('../src/record/record')
  const site = await mkdtemp(join(tmpdir(), 'dsh-view-replay-'))
  try {
    const out = join(site, 'site')
    await buildSite({ inputs: [inv.input], outDir: out, title: null, baseUrl: null, locale: inv.locale, marks: inv.marks, env: io.env, homedir: homedir() }, createProgress({ write: () => {}, tty: false, quiet: true }))
    const page = await replayPage(out)
    if (page === null) throw new UserError(`${inv.input} has no replay: its log has no times`, 'Only logs with clocks can be recorded (dsh writes them; stripped fixtures do not).', 1)
    const result = await recordReplay(
      { page, out: inv.out, format: inv.format, timing: inv.timing, speed: inv.speed, fps: inv.fps, width: inv.width, height: inv.height, turns: inv.turns, from: inv.from, to: inv.to, marks: inv.marks.map(m => m.turn), chromium: chromium.path, ffmpeg, maxSeconds: 600 },
      line => io.stderr(`${line}\n`),
    ).catch((error: unknown) => {
      if (error instanceof RecordError) throw new UserError(error.message, undefined, 1)
      throw error
    })
    if (!inv.quiet) io.stderr(`dsh-view: recorded ${result.frames} frames (${((result.end - result.start) / 1000).toFixed(1)} s of replay at ${inv.speed}×, ${inv.timing})\n`)
    io.stdout(`${inv.out}\n`)
    return 0
  } finally {
    await rm(site, { recursive: true, force: true })
  }
}
