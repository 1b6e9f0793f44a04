/**
 * The pull-request recipe runs (issue 15 item 2): every `run:` step of
 * examples/github-actions/pr-transcript.yml is executed, in order, with bash as GitHub runs it
 * (`bash --noprofile --norc -eo pipefail`), the built CLI as `$DSH_VIEW`, the real-dsh corpus logs as the
 * branch's sessions and a fake GitHub REST API on 127.0.0.1 — so the rendering, the summary and the
 * sticky-comment logic are the ones a user copies. `${{ … }}` expressions are replaced from a fixed table
 * (an unknown one fails the test); `uses:` steps are checked for what they need (the upload's folder
 * exists). Run twice: the first run creates one comment, the second edits it; an unrelated comment is
 * never touched. examples/ci.sh, the recipe for other CI systems, is run the same way.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const CLI = join(repoRoot, 'dist', 'cli.mjs')
const WORKFLOW = join(repoRoot, 'examples', 'github-actions', 'pr-transcript.yml')
const CORPUS = join(repoRoot, 'fixtures', 'corpus', 'real-host')
const ARTIFACT_URL = 'https://github.com/acme/app/actions/runs/11/artifacts/22'
const MARKER = '<!-- dsh-view:pr-transcript -->'

interface Step {
  name?: string
  id?: string
  uses?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
  run?: string
}
interface Workflow {
  on: Record<string, unknown>
  permissions: Record<string, string>
  jobs: Record<string, { env?: Record<string, string>; steps: Step[] }>
}

/** The `${{ … }}` expressions the workflow may use, as a pull_request run would resolve them. */
const EXPRESSIONS = new Map([
  ['steps.upload.outputs.artifact-url', ARTIFACT_URL],
  ['secrets.GITHUB_TOKEN', 'test-token'],
  ['github.event.pull_request.number', '7'],
])

function resolve(value: string): string {
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const known = EXPRESSIONS.get(expr)
    if (known === undefined) throw new Error(`unknown expression in the workflow: ${expr}`)
    return known
  })
}

/** A GitHub REST API with issue comments only: list (paged), create, edit; and every request seen. */
class FakeGitHub {
  readonly comments: { id: number; body: string }[] = [{ id: 1, body: 'LGTM, one nit.' }]
  readonly requests: string[] = []
  #next = 100
  readonly server: Server = createServer((req, res) => void this.#handle(req, res))

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = ''
    for await (const chunk of req) text += String(chunk)
    const url = new URL(req.url ?? '/', 'http://x')
    this.requests.push(`${req.method} ${url.pathname}`)
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    if (req.headers.authorization !== 'Bearer test-token') return json(401, { message: 'Bad credentials' })
    if (req.method === 'GET' && url.pathname === '/repos/acme/app/issues/7/comments') {
      const per = Number(url.searchParams.get('per_page') ?? 30)
      const page = Number(url.searchParams.get('page') ?? 1)
      return json(200, this.comments.slice((page - 1) * per, page * per))
    }
    const body = text === '' ? null : (JSON.parse(text) as { body: string })
    if (req.method === 'POST' && url.pathname === '/repos/acme/app/issues/7/comments' && body !== null) {
      const comment = { id: this.#next++, body: body.body }
      this.comments.push(comment)
      return json(201, comment)
    }
    const edit = /^\/repos\/acme\/app\/issues\/comments\/(\d+)$/.exec(url.pathname)
    if (req.method === 'PATCH' && edit !== null && body !== null) {
      const comment = this.comments.find(c => c.id === Number(edit[1]))
      if (comment === undefined) return json(404, { message: 'Not Found' })
      comment.body = body.body
      return json(200, comment)
    }
    json(404, { message: 'Not Found' })
  }
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const file = join(cwd, `.step-${Math.random().toString(36).slice(2)}.sh`)
    writeFileSync(file, script)
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], { cwd, env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => void (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()))
    child.on('error', fail)
    child.on('close', code => {
      rmSync(file, { force: true })
      done({ code, stdout, stderr })
    })
  })
}

const workflow = parse(readFileSync(WORKFLOW, 'utf8')) as Workflow
const [jobName, job] = Object.entries(workflow.jobs)[0] ?? []
const tmp = mkdtempSync(join(tmpdir(), 'dv-prflow-'))
const github = new FakeGitHub()
let api = ''

beforeAll(async () => {
  await new Promise<void>(ready => github.server.listen(0, '127.0.0.1', ready))
  api = `http://127.0.0.1:${(github.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>(done => github.server.close(() => done()))
  rmSync(tmp, { recursive: true, force: true })
})

/** One run of the job in a fresh checkout (`workspace`): every step in order, like a runner. */
async function runJob(workspace: string): Promise<string> {
  cpSync(CORPUS, join(workspace, '.dsh-sessions'), { recursive: true })
  const summaryFile = join(workspace, 'step-summary.md')
  writeFileSync(summaryFile, '')
  const base: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: workspace,
    GITHUB_API_URL: api,
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    CI: 'true',
  }
  const jobEnv = Object.fromEntries(Object.entries(job?.env ?? {}).map(([k, v]) => [k, resolve(String(v))]))
  let log = ''
  for (const step of job?.steps ?? []) {
    if (step.uses !== undefined) {
      if (step.uses.startsWith('actions/upload-artifact@')) {
        const path = resolve(String(step.with?.['path'] ?? ''))
        expect(existsSync(join(workspace, path, 'transcript.html'))).toBe(true)
        expect(existsSync(join(workspace, path, 'site', 'index.html'))).toBe(true)
      }
      continue
    }
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, resolve(String(v))]))
    // The one substitution the test makes: the CLI under test instead of the registry package.
    const env = { ...base, ...jobEnv, ...stepEnv, DSH_VIEW: `${process.execPath} ${CLI}` }
    const result = await bash(step.run ?? '', workspace, env)
    log += `--- ${step.name}\n${result.stdout}${result.stderr}`
    if (result.code !== 0) throw new Error(`step "${step.name}" failed (${result.code}):\n${result.stderr}`)
  }
  return log
}

describe('examples/github-actions/pr-transcript.yml', () => {
  it('is a pull_request workflow that may write PR comments, with the steps the recipe promises', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request'])
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' })
    expect(jobName).toBe('transcript')
    const uses = (job?.steps ?? []).flatMap(s => (s.uses === undefined ? [] : [s.uses.split('@')[0]]))
    expect(uses).toEqual(['actions/checkout', 'actions/setup-node', 'actions/upload-artifact'])
    expect((job?.steps ?? []).filter(s => s.run !== undefined)).toHaveLength(3)
  })

  it('renders the sessions, writes the summary and creates one sticky comment; a second run edits it', async () => {
    const first = mkdtempSync(join(tmp, 'run1-'))
    await runJob(first)
    const out = join(first, 'dsh-transcript')
    const summary = readFileSync(join(out, 'summary.md'), 'utf8')
    expect(summary.startsWith('### ')).toBe(true)
    expect(summary).toContain(`**[Full transcript](<${ARTIFACT_URL}>)**`)
    expect(readFileSync(join(first, 'step-summary.md'), 'utf8')).toBe(summary)
    const sessions = (JSON.parse(readFileSync(join(out, 'sessions.json'), 'utf8')) as { sessions: { status: string; startTime: string | null }[] }).sessions
    expect(sessions.length).toBeGreaterThan(0)
    for (const s of sessions) expect(['completed', 'interrupted', 'failed', 'running', 'damaged']).toContain(s.status)

    const ours = () => github.comments.filter(c => c.body.startsWith(MARKER))
    expect(github.comments).toHaveLength(2)
    expect(ours()).toHaveLength(1)
    expect(ours()[0]?.body).toBe(`${MARKER}\n${summary}`)
    expect(github.requests.filter(r => r.startsWith('POST'))).toHaveLength(1)

    const second = mkdtempSync(join(tmp, 'run2-'))
    await runJob(second)
    expect(github.comments).toHaveLength(2)
    expect(ours()).toHaveLength(1)
    expect(github.requests.filter(r => r.startsWith('PATCH'))).toEqual([`PATCH /repos/acme/app/issues/comments/${ours()[0]?.id}`])
    expect(github.comments[0]).toEqual({ id: 1, body: 'LGTM, one nit.' })
  }, 240_000)
})

describe('examples/ci.sh', () => {
  it('writes the site, the one-file transcript, the inventory and a summary that links the transcript beside it', async () => {
    const workspace = mkdtempSync(join(tmp, 'ci-'))
    cpSync(CORPUS, join(workspace, 'logs'), { recursive: true })
    const env = { PATH: process.env['PATH'] ?? '', HOME: workspace, SESSIONS: 'logs', LATEST: '2', OUT: 'out', DSH_VIEW: `${process.execPath} ${CLI}` }
    const result = await bash(readFileSync(join(repoRoot, 'examples', 'ci.sh'), 'utf8'), workspace, env)
    expect(result.stderr).not.toMatch(/\n\s+at /)
    expect(result.code).toBe(0)
    expect(result.stdout.trim().split('\n').pop()).toBe('out/summary.md')
    for (const file of ['site/index.html', 'transcript.html', 'sessions.json', 'summary.md']) expect(existsSync(join(workspace, 'out', file))).toBe(true)
    const summary = readFileSync(join(workspace, 'out', 'summary.md'), 'utf8')
    expect(summary).toContain('**[Full transcript](<transcript.html>)**')
    expect(summary).not.toContain(workspace)
  }, 240_000)
})
