/**
 * `dsh-view snapshot` end to end (issue 5), text format: printing, recording, `--check` against a folder
 * (equal → 0; a card change → 1 with a readable unified diff; a missing file → 1 and nothing written), the
 * `DSH_SNAPSHOT=refresh` writer, file names from session ids, and unreadable input. Runs the real handler
 * (cli/snapshot.ts) on copies of fixture logs.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parseInvocation } from '../../cli/args'
import type { Io } from '../../cli/io'
import { runSnapshot } from '../../cli/snapshot'
import { UserError } from '../../cli/user-error'

const corpus = (p: string) => fileURLToPath(new URL(`../../fixtures/corpus/${p}`, import.meta.url))
const BASH = 'v0/acp-agent/bash-tool-turn/session.jsonl'
/** Its session id, hence its snapshot's file name. */
const BASH_ID = 'e128dda9-ed11-4868-8266-0ef90d03c3d6'

const temps: string[] = []
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-view-snapshot-cli-'))
  temps.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

/** A copy of a fixture log under a fresh folder, optionally edited. */
function logCopy(fixture: string, edit: (text: string) => string = (t) => t): string {
  const dir = temp()
  const path = join(dir, 'session.jsonl')
  writeFileSync(path, edit(readFileSync(corpus(fixture), 'utf8')))
  return path
}

interface Run {
  code: number
  out: string
  err: string
}

async function run(argv: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const inv = parseInvocation(['snapshot', ...argv])
  if (inv.mode !== 'snapshot') throw new Error('not a snapshot invocation')
  let out = ''
  let err = ''
  const io: Io = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), stderrIsTty: false, env, open: async () => {} }
  const code = await runSnapshot(inv, io, { homedir: '/nonexistent-home' })
  return { code, out, err }
}

describe('dsh-view snapshot (text)', () => {
  it('prints one session to stdout', async () => {
    const r = await run([corpus(BASH)])
    expect(r.code).toBe(0)
    expect(r.out).toBe(readFileSync(fileURLToPath(new URL(`../../snapshots/text/v0-acp-agent-bash-tool-turn/${BASH_ID}.txt`, import.meta.url)), 'utf8'))
  })

  it('prints several sessions each under its file name', async () => {
    const r = await run([corpus('v0/acp-agent/subagent-mixed')])
    expect(r.code).toBe(0)
    expect(r.out.match(/^==> .+\.txt <==$/gm)).toHaveLength(3)
  })

  it('names files after session ids, file-safe and distinct', async () => {
    const out = temp()
    const a = logCopy('v4/logs/zq0929__snapshots_web_ptc-round_session.v4.jsonl')
    const b = logCopy('v4/logs/0217po__snapshots_web_tool-details_session.v3.jsonl')
    const r = await run([a, b, '--out', out])
    expect(r.code).toBe(0)
    expect(r.err).toBe(`dsh-view: 2 snapshots in ${out} (2 written, 0 unchanged)\n`)
    // Both headers say `{{session:1}}`.
    expect(readdirSync(out).sort()).toEqual(['session_1.txt', 'session_1~2.txt'])
  })

  it('--check: exit 0 and nothing on stdout when every snapshot is equal', async () => {
    const out = temp()
    const log = logCopy(BASH)
    expect((await run([log, '--out', out])).code).toBe(0)
    const r = await run([log, '--out', out, '--check'])
    expect(r).toEqual({ code: 0, out: '', err: `dsh-view: 1 snapshot checked against ${out}: 1 equal\n` })
  })

  it('--check: a card change exits 1 with a unified diff of the card', async () => {
    const out = temp()
    const log = logCopy(BASH)
    await run([log, '--out', out])
    // The command now exits 3: the terminal card turns failed and shows the exit pill.
    writeFileSync(log, readFileSync(log, 'utf8').replace('"text":"TERMINAL_OK\\n"', '"text":"TERMINAL_OK\\n[exit code: 3]"'))
    const r = await run([log, '--out', out, '--check'])
    expect(r.code).toBe(1)
    const file = `${out}/${BASH_ID}.txt`
    expect(r.out).toBe(
      [
        `--- ${file}`,
        `+++ current ${BASH_ID}.txt`,
        '@@ -20,8 +20,8 @@',
        ' think Think · The user wants me to run a simple bash command and then reply with "DONE".  #assistant:1.1@3:0',
        '   | The user wants me to run a simple bash command and then reply with "DONE".',
        ' tool Bash · Echo TERMINAL_OK to verify terminal access  #tool:call_00_fkbBRJsUrGKd1pWVc4Gn8233',
        '-  bash · variant bash · layout bash · state ok · icon api · expandable',
        '-  terminal shell · done "Done" · copy "Copy"',
        '+  bash · variant bash · layout bash · state error (model ok) · dot red · hidden "Failed" in-header · expandable',
        '+  terminal shell · failed "Failed" · exit code 3 · copy "Copy"',
        '     description: Echo TERMINAL_OK to verify terminal access',
        '     prompt {{cwd}} echo TERMINAL_OK',
        '     output (1 line):',
        '',
      ].join('\n'),
    )
    expect(r.err).toContain('1 changed')
    // Never rewritten on --check.
    expect(readFileSync(file, 'utf8')).toContain('terminal shell · done "Done"')
  })

  it('--check: other card strings (--locale zh) against English snapshots exit 1', async () => {
    const out = temp()
    const log = logCopy(BASH)
    await run([log, '--out', out])
    const r = await run([log, '--out', out, '--check', '--locale', 'zh'])
    expect(r.code).toBe(1)
    expect(r.out).toContain('-  terminal shell · done "Done" · copy "Copy"\n')
    expect(r.out).toContain('+  terminal shell · done "已完成" · copy "复制"\n')
  })

  it('--check: a missing snapshot fails and is written only under DSH_SNAPSHOT=refresh', async () => {
    const out = temp()
    const log = logCopy(BASH)
    const replay = await run([log, '--out', out, '--check'], { DSH_SNAPSHOT: 'replay' })
    expect(replay.code).toBe(1)
    expect(replay.out).toBe(`missing: ${out}/${BASH_ID}.txt (DSH_SNAPSHOT=refresh writes it)\n`)
    expect(readdirSync(out)).toEqual([])
    const refresh = await run([log, '--out', out, '--check'], { DSH_SNAPSHOT: 'refresh' })
    expect(refresh.code).toBe(0)
    expect(refresh.err).toContain(`wrote ${out}/${BASH_ID}.txt`)
    expect((await run([log, '--out', out, '--check'])).code).toBe(0)
  })

  it('refresh rewrites a changed snapshot; replay then passes', async () => {
    const out = temp()
    const log = logCopy(BASH)
    await run([log, '--out', out])
    writeFileSync(join(out, `${BASH_ID}.txt`), 'stale\n')
    const r = await run([log, '--out', out, '--check'], { DSH_SNAPSHOT: 'refresh' })
    expect(r.code).toBe(0)
    expect(r.err).toContain('1 refreshed')
    expect((await run([log, '--out', out, '--check'])).code).toBe(0)
  })

  it('reads a sessions root with zstd logs; an unreadable path exits 1 and the rest is still checked', async () => {
    const root = temp()
    cpSync(corpus('real-host/node22-basic/sessions'), root, { recursive: true })
    const out = temp()
    await run([root, '--out', out])
    const r = await run([root, join(root, 'missing.jsonl'), '--out', out, '--check'])
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err).toMatch(/could not read .*missing\.jsonl/)
    expect(r.err).toContain('1 equal')
  })

  it('a damaged log is snapshotted with its damage, not refused', async () => {
    const log = logCopy(BASH, (t) => t.replace('{"type":"turn/end"', '{"type":"turn/end" oops\n{"type":"turn/end"'))
    const r = await run([log])
    expect(r.code).toBe(0)
    expect(r.out).toContain('damage: 1 invalid lines')
  })

  it('without paths and without a sessions root, says where it looked (exit 1)', async () => {
    const dir = temp()
    mkdirSync(join(dir, 'empty'))
    await expect(run([], { DSH_HOME: join(dir, 'nowhere') })).rejects.toMatchObject({ exitCode: 1, message: `no sessions at ${join(dir, 'nowhere', 'sessions')}` })
    await expect(run([], { DSH_HOME: join(dir, 'nowhere') })).rejects.toBeInstanceOf(UserError)
  })
})
