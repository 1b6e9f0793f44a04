/**
 * The live index at rest (issue 32: `live` rescanned the whole root every second, 58% of a core at 5,000
 * sessions): BENCH_LIVE_SESSIONS (default 5,000) sessions in 50 projects, a header and one turn each, with
 * mtimes a day old (an archive at rest) and then just written (every session "active"). For each, a
 * `RootWatcher` is made ready, left 3 s to settle, then its process CPU is measured over BENCH_LIVE_IDLE_S
 * (default 30) seconds of idle; then a new session folder is written and the time until its `index-upsert`
 * arrives (a notification, not a rescan) is reported. CPU is this process's, so run the stage alone.
 */
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { BenchContext, BenchStage, Figure } from './bench-types'
import { RootWatcher } from '../src/live/node/root-watcher'

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}
const header = (id: string) => JSON.stringify({ type: 'session', version: 0, id, createdAt: 1_783_352_045_000, cwd: '/home/dev/project', delegationDepth: 0 })
const TURN = '{"type":"turn/start","seq":0,"time":1783352045001,"data":{"turn":1}}\n{"type":"turn/end","seq":1,"time":1783352045002,"data":{"turn":1,"reason":{"kind":"completed"}}}\n'
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function writeRoot(root: string, sessions: number, old: boolean): void {
  const past = new Date(Date.now() - 86_400_000)
  for (let i = 0; i < sessions; i++) {
    const dir = join(root, `--home-dev-p${i % 50}--`, `s${i}`)
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'session.jsonl')
    writeFileSync(file, `${header(`s${i}`)}\n${TURN}`)
    if (old) {
      utimesSync(file, past, past)
      utimesSync(dir, past, past)
    }
  }
}

const stage: BenchStage = async (ctx: BenchContext) => {
  const sessions = Math.round(envNumber('BENCH_LIVE_SESSIONS', 5_000))
  const idleSeconds = envNumber('BENCH_LIVE_IDLE_S', 30)
  const figures: Figure[] = []
  for (const old of [true, false]) {
    const label = old ? 'mtimes a day old' : 'just written'
    const root = join(ctx.workDir, old ? 'old' : 'new')
    writeRoot(root, sessions, old)
    const started = Date.now()
    const watcher = new RootWatcher([root])
    await watcher.ready
    const readyMs = Date.now() - started
    await wait(3_000)
    const cpu0 = process.cpuUsage()
    const wall0 = Date.now()
    await wait(idleSeconds * 1000)
    const cpu = process.cpuUsage(cpu0)
    const wall = Date.now() - wall0
    const announced = new Promise<number>((resolve) => {
      const from = Date.now()
      watcher.subscribe((m) => {
        if (m.kind === 'index-upsert' && m.session.key === 'fresh') resolve(Date.now() - from)
      })
    })
    const dir = join(root, '--home-dev-p7--', 'fresh')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), `${header('fresh')}\n${TURN}`)
    const ms = await Promise.race([announced, wait(60_000).then(() => -1)])
    await watcher.close()
    rmSync(root, { recursive: true, force: true })
    const share = (100 * (cpu.user + cpu.system)) / 1000 / wall
    const note = `${sessions} sessions, ready after ${readyMs} ms, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`
    figures.push({ name: `live index idle CPU, ${label}`, value: Number(share.toFixed(2)), unit: '% of a core', note })
    figures.push({ name: `live index: a new session announced, ${label}`, value: ms, unit: 'ms (-1: not within 60 s)', note })
  }
  return figures
}

export default stage
