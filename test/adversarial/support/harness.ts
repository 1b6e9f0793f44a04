/**
 * Runs the commands of the adversarial suite in-process, the way bin.ts does: parsed argv, the real handler,
 * a captured Io, a fixed home. A thrown UserError comes back as its exit code and message (as bin.ts prints
 * it); anything else thrown is a crash and fails the test that sees it.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseInvocation } from '../../../cli/args'
import type { Io } from '../../../cli/io'
import { UserError } from '../../../cli/user-error'
import { runBuild } from '../../../cli/build'
import { runExport } from '../../../cli/export'
import { runSnapshot } from '../../../cli/snapshot'

export interface Run {
  code: number
  out: string
  err: string
}

const temps: string[] = []
export function temp(prefix = 'dv-adv-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}
export function cleanTemps(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export async function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  let out = ''
  let err = ''
  const io: Io = { stdout: t => void (out += t), stderr: t => void (err += t), stderrIsTty: false, env: { DSH_HOME: '/nonexistent-dsh-home', ...env }, open: async () => {} }
  try {
    const inv = parseInvocation(argv)
    let code: number
    if (inv.mode === 'build') code = await runBuild(inv, io) // stderr is not a TTY: no progress redraws
    else if (inv.mode === 'export') code = await runExport(inv, io)
    else if (inv.mode === 'snapshot') code = await runSnapshot(inv, io, { homedir: '/nonexistent-home' })
    else throw new Error(`not run here: ${inv.mode}`)
    return { code, out, err }
  } catch (error) {
    if (error instanceof UserError) return { code: error.exitCode, out, err: `${err}dsh-view: ${error.message}\n` }
    throw error
  }
}

/** Every file under `dir`, relative, sorted (folders left out). */
export function filesUnder(dir: string, base = dir): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, base))
    else out.push(path.slice(base.length + 1))
  }
  return out.sort()
}

/** Leftover temporary files of atomic writes (`*.tmp`) under `dir`. */
export const tmpFilesUnder = (dir: string): string[] => filesUnder(dir).filter(f => f.endsWith('.tmp'))
