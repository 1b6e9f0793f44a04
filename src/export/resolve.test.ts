/**
 * Which logs an export covers: the named session and every descendant found beside it (children are
 * ordinary sessions in the same project directory, linked only by `parentSession`), root first, children
 * by creation; named by directory, file or id; ambiguous or missing names are user errors with exit codes.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { session, T0 } from '../log/testing/session'
import { resolveFamily, ResolveError } from './resolve'

function writeSession(root: string, id: string, parent: string | null, createdAt: number): string {
  const s = session({ id, cwd: '/w', header: { createdAt, ...(parent === null ? {} : { parentSession: parent, delegationDepth: 1 }) } })
  s.turnStart()
  s.user(`hello from ${id}`)
  s.turnEnd()
  const dir = join(root, '--w--', id)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  return dir
}

const root = mkdtempSync(join(tmpdir(), 'dv-export-resolve-'))
const parentDir = writeSession(root, 'parent-1', null, T0)
writeSession(root, 'child-late', 'parent-1', T0 + 20)
const earlyDir = writeSession(root, 'child-early', 'parent-1', T0 + 10)
writeSession(root, 'grandchild', 'child-early', T0 + 30)
writeSession(root, 'parent-2', null, T0)
const byHome = { env: {}, homedir: '/nonexistent-home' }
const ids = async (arg: string, opts = byHome) => (await resolveFamily(arg, opts)).map(m => [m.id, m.parentId])

describe('resolveFamily', () => {
  const tree = [['parent-1', null], ['child-early', 'parent-1'], ['grandchild', 'child-early'], ['child-late', 'parent-1']]

  it('a session directory: the session and its descendants, depth first, children by creation', async () => {
    expect(await ids(parentDir)).toEqual(tree)
  })

  it('a log file: the same tree', async () => {
    expect(await ids(join(parentDir, 'session.jsonl'))).toEqual(tree)
  })

  it('a transcript outside the layout (session.jsonl with session.<n>.jsonl beside it): the tree its folder holds', async () => {
    const corpus = fileURLToPath(new URL('../../fixtures/corpus/v0/acp-agent/subagent-multi', import.meta.url))
    const folder = await ids(corpus)
    expect(folder.map(([, parent]) => parent)).toEqual([null, '14dda109-5728-45ba-a002-7db9543fe50e', '14dda109-5728-45ba-a002-7db9543fe50e'])
    expect(await ids(join(corpus, 'session.jsonl'))).toEqual(folder)
    // Its children are the transcripts beside it: not the folder's other files, nor a loose copy elsewhere.
    const loose = mkdtempSync(join(tmpdir(), 'dv-export-loose-'))
    copyFileSync(join(corpus, 'session.jsonl'), join(loose, 'session.jsonl'))
    copyFileSync(join(corpus, 'session.1.jsonl'), join(loose, 'notes.jsonl'))
    expect(await ids(join(loose, 'session.jsonl'))).toEqual(folder.slice(0, 1))
  })

  it('a child: that child is the root of the export', async () => {
    expect(await ids(earlyDir)).toEqual([['child-early', null], ['grandchild', 'child-early']])
  })

  it('an id or a unique prefix under $DSH_HOME/sessions', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dv-export-home-'))
    const sessions = join(home, 'sessions')
    for (const [id, parent, at] of [['parent-1', null, T0], ['child-early', 'parent-1', T0 + 10], ['other-1', null, T0]] as const) writeSession(sessions, id, parent, at)
    const env = { env: { DSH_HOME: home }, homedir: '/nonexistent-home' }
    expect(await ids('parent-1', env)).toEqual([['parent-1', null], ['child-early', 'parent-1']])
    expect(await ids('par', env)).toEqual([['parent-1', null], ['child-early', 'parent-1']])
    await expect(resolveFamily('nope', env)).rejects.toMatchObject({ exitCode: 1 })
    await expect(resolveFamily('', env)).rejects.toBeInstanceOf(ResolveError)
  })

  it('a prefix of several ids is ambiguous (usage)', async () => {
    const home = mkdtempSync(join(tmpdir(), 'dv-export-home-'))
    for (const id of ['abc-1', 'abc-2']) writeSession(join(home, 'sessions'), id, null, T0)
    await expect(resolveFamily('abc', { env: { DSH_HOME: home }, homedir: '/nonexistent-home' })).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('matches 2 sessions') })
  })

  it('a folder holding two unrelated sessions is ambiguous (usage)', async () => {
    await expect(resolveFamily(join(root, '--w--'), byHome)).rejects.toMatchObject({ exitCode: 2, message: expect.stringContaining('2 separate sessions') })
  })

  it('a path with no log at all cannot be read', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dv-export-empty-'))
    await expect(resolveFamily(empty, byHome)).rejects.toMatchObject({ exitCode: 1 })
  })

  it('an unknown name with no sessions root to look in', async () => {
    await expect(resolveFamily('does-not-exist', byHome)).rejects.toMatchObject({ exitCode: 1, message: expect.stringContaining('no sessions root') })
  })
})
