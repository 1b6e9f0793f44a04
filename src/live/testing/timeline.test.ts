import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { projectDirName, timelineFromJsonl, timelineFromZstd, timelineRecords } from './timeline'

const REAL_ZSTD = new URL('../../../fixtures/corpus/real-host/node22-basic/sessions/--home-dev-project--/session-b94a9975-e964-4e8f-8181-dea1d289823b/session.jsonl.zstd', import.meta.url)

describe('timelines', () => {
  it('cuts a raw log into batches of the given sizes, keeping every record in order', () => {
    const records = Array.from({ length: 10 }, (_, i) => `{"seq":${i}}`)
    const timeline = timelineFromJsonl(['{"type":"session"}', ...records, ''].join('\n'), [1, 3])
    expect(timeline.header).toBe('{"type":"session"}')
    expect(timeline.batches.map((b) => b.length)).toEqual([1, 3, 1, 3, 1, 1])
    expect(timelineRecords(timeline)).toEqual(records)
  })

  it('takes a real zstd log frame by frame: frame 0 the header, each later frame one batch', async () => {
    const timeline = timelineFromZstd(new Uint8Array(await readFile(REAL_ZSTD)))
    expect(JSON.parse(timeline.header)).toMatchObject({ type: 'session', id: 'session-b94a9975-e964-4e8f-8181-dea1d289823b' })
    expect(timeline.batches.length).toBeGreaterThan(5)
    for (const batch of timeline.batches) for (const record of batch) expect(() => JSON.parse(record)).not.toThrow()
  })
})

describe('projectDirName (log-format.md §2.2)', () => {
  it.each([
    ['/home/alice/my project', '--home-alice-my~0020project--'],
    ['C:\\Users\\Bob\\repo', '--C-Users-Bob-repo--'],
    ['/', '--root--'],
    ['/srv/app/', '--srv-app---'],
    ['/var/x~y', '--var-x~007Ey--'],
    ['/home/李/код', '--home-~674E-~043A~043E~0434--'],
    [undefined, '_no-cwd'],
  ])('%s → %s', (cwd, dir) => {
    expect(projectDirName(cwd)).toBe(dir)
  })
})
