import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkSnapshots, snapshotMode, writeSnapshots } from './store'

const temps: string[] = []
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'dsh-view-store-'))
  temps.push(d)
  return d
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true })
})
const files = [{ file: 'a.txt', text: 'one\ntwo\n' }, { file: 'b.txt', text: 'three\n' }]

describe('snapshotMode', () => {
  it.each([[undefined, 'replay'], ['replay', 'replay'], ['refresh', 'refresh'], ['REFRESH', 'replay'], ['1', 'replay']])('DSH_SNAPSHOT=%s → %s', (value, mode) => {
    expect(snapshotMode({ DSH_SNAPSHOT: value })).toBe(mode)
  })
})

describe('checkSnapshots', () => {
  it('replay: equal files pass; a changed file fails with a diff and stays as it was', async () => {
    const d = dir()
    await writeSnapshots(files, d)
    writeFileSync(join(d, 'b.txt'), 'THREE\n')
    const before = statSync(join(d, 'b.txt')).mtimeMs
    const report = await checkSnapshots(files, d, 'replay', '.txt')
    expect(report.failed).toBe(true)
    expect(report.outcomes).toEqual([
      { file: 'a.txt', status: 'equal' },
      { file: 'b.txt', status: 'changed', diff: `--- ${d}/b.txt\n+++ current b.txt\n@@ -1,1 +1,1 @@\n-THREE\n+three\n` },
    ])
    expect(readFileSync(join(d, 'b.txt'), 'utf8')).toBe('THREE\n')
    expect(statSync(join(d, 'b.txt')).mtimeMs).toBe(before)
  })

  it('replay: a missing snapshot fails and is not written', async () => {
    const d = dir()
    const report = await checkSnapshots(files, d, 'replay', '.txt')
    expect(report.failed).toBe(true)
    expect(report.outcomes.map((o) => o.status)).toEqual(['missing', 'missing'])
    expect(readdirSync(d)).toEqual([])
  })

  it('refresh: writes the missing, rewrites the changed, and passes', async () => {
    const d = dir()
    writeFileSync(join(d, 'a.txt'), 'old\n')
    const report = await checkSnapshots(files, d, 'refresh', '.txt')
    expect(report.failed).toBe(false)
    expect(report.outcomes.map((o) => `${o.file}:${o.status}`)).toEqual(['a.txt:updated', 'b.txt:created'])
    expect(readFileSync(join(d, 'a.txt'), 'utf8')).toBe('one\ntwo\n')
    expect(readFileSync(join(d, 'b.txt'), 'utf8')).toBe('three\n')
  })

  it('reports snapshots no session maps to, without touching them', async () => {
    const d = dir()
    await writeSnapshots(files, d)
    writeFileSync(join(d, 'gone.txt'), 'x\n')
    writeFileSync(join(d, 'notes.md'), 'x\n')
    const report = await checkSnapshots(files, d, 'replay', '.txt')
    expect(report).toMatchObject({ failed: false, stale: ['gone.txt'] })
    expect(readdirSync(d).sort()).toEqual(['a.txt', 'b.txt', 'gone.txt', 'notes.md'])
  })
})

describe('writeSnapshots', () => {
  it('writes new and changed files only', async () => {
    const d = dir()
    expect(await writeSnapshots(files, d)).toEqual(['a.txt', 'b.txt'])
    expect(await writeSnapshots([{ file: 'a.txt', text: 'one\ntwo\n' }, { file: 'b.txt', text: 'new\n' }], d)).toEqual(['b.txt'])
  })
})
