import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { zipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { defaultSessionsRoot, discoverLogs, type Discovery } from './discover'
import { decodeSegment, flatLogId, isIgnoredName, parseTranscriptName } from './names'
import { encodeSegment, projectDir, writeFile } from './testing/layout'
import { initZstdEncoder, zstdFrame } from './testing/zstd-encode'

const tmp = mkdtempSync(join(tmpdir(), 'dsh-view-discover-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const HEADER = '{"type":"session","version":0,"id":"x","createdAt":1,"delegationDepth":0}\n'
await initZstdEncoder()
const ZSTD_HEADER = zstdFrame(new TextEncoder().encode(HEADER))
let caseNo = 0

/** Builds a tree (path → content; a trailing "/" makes an empty directory) and returns its root. */
function tree(files: Record<string, string | Uint8Array>): string {
  const root = join(tmp, `case-${++caseNo}`)
  mkdirSync(root, { recursive: true })
  for (const [rel, content] of Object.entries(files)) {
    if (rel.endsWith('/')) mkdirSync(join(root, rel), { recursive: true })
    else writeFile(join(root, rel), content)
  }
  return root
}

/** Discovery as comparable rows, paths relative to `root`. */
function rows(found: Discovery, root: string) {
  return {
    logs: found.logs.map((log) => {
      const where = log.source.location
      const path = where.kind === 'file' ? relative(root, where.path) : `${relative(root, where.zip)}!${where.entry}`
      return { path, layout: log.layout, encoding: log.source.encoding, nameId: log.nameId, generation: log.generation, older: log.olderGenerations.map((p) => relative(root, p)) }
    }),
    problems: found.problems.map((p) => ({ path: relative(root, p.path), message: p.message })),
  }
}

const opts = { env: {}, homedir: tmp }

describe('discoverLogs: every layout', () => {
  const cases: { name: string; files: Record<string, string | Uint8Array>; input: string; want: ReturnType<typeof rows> }[] = [
    {
      name: 'sessions root: project dirs, _no-cwd, escaped ids, dsh bookkeeping ignored',
      files: {
        '--home-alice-my~0020project--/11111111-aaaa/session.jsonl.zstd': new Uint8Array(0),
        '--home-alice-my~0020project--/11111111-aaaa/.lock': '{"pid":1}',
        '--home-alice-my~0020project--/11111111-aaaa/session.jsonl.zstd.0123456789ab.tmp': 'x',
        '--home-alice-my~0020project--/never-appended/': '',
        '_no-cwd/a~002Fb/session.jsonl': HEADER,
        '_no-cwd/a~002Fb/session.lock': '',
      },
      input: '.',
      want: {
        logs: [
          { path: '--home-alice-my~0020project--/11111111-aaaa/session.jsonl.zstd', layout: 'session-dir', encoding: 'zstd', nameId: '11111111-aaaa', generation: 0, older: [] },
          { path: '_no-cwd/a~002Fb/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 'a/b', generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'one project directory',
      files: { '--p--/s1/session.jsonl': HEADER, '--p--/s2/session.jsonl.zstd': '' },
      input: '--p--',
      want: {
        logs: [
          { path: '--p--/s1/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 's1', generation: 0, older: [] },
          { path: '--p--/s2/session.jsonl.zstd', layout: 'session-dir', encoding: 'zstd', nameId: 's2', generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'one session directory with format generations: highest N is current',
      files: { 'sess/session.jsonl': HEADER, 'sess/session.v1.jsonl': HEADER, 'sess/session.v3.jsonl.zstd': ZSTD_HEADER, 'sess/session.lock': '' },
      input: 'sess',
      want: {
        logs: [{ path: 'sess/session.v3.jsonl.zstd', layout: 'session-dir', encoding: 'zstd', nameId: 'sess', generation: 3, older: ['sess/session.v1.jsonl', 'sess/session.jsonl'] }],
        problems: [],
      },
    },
    {
      name: 'generation fallback: an empty newest generation is reported, the newest readable one is current',
      files: { 'sess/session.jsonl': HEADER, 'sess/session.v1.jsonl': HEADER, 'sess/session.v3.jsonl.zstd': '' },
      input: 'sess',
      want: {
        logs: [{ path: 'sess/session.v1.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 'sess', generation: 1, older: ['sess/session.v3.jsonl.zstd', 'sess/session.jsonl'] }],
        problems: [{ path: 'sess/session.v3.jsonl.zstd', message: 'the newest generation cannot be read (empty file); showing session.v1.jsonl instead' }],
      },
    },
    {
      name: 'generation fallback: garbage newest generations (raw and zstd, child slot too) fall back in turn',
      files: {
        'sess/session.jsonl': HEADER,
        'sess/session.v4.jsonl': 'garbage\n',
        'sess/session.v4.jsonl.zstd': 'not zstd at all',
        'sess/session.2.jsonl': HEADER,
        'sess/session.2.v4.jsonl': '{"type":"turn/start"}\n',
      },
      input: 'sess',
      want: {
        logs: [
          { path: 'sess/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 'sess', generation: 0, older: ['sess/session.v4.jsonl.zstd', 'sess/session.v4.jsonl'] },
          { path: 'sess/session.2.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: null, generation: 0, older: ['sess/session.2.v4.jsonl'] },
        ],
        problems: [
          { path: 'sess/session.v4.jsonl.zstd', message: 'the newest generation cannot be read (no session header); showing session.jsonl instead' },
          { path: 'sess/session.v4.jsonl', message: 'the newest generation cannot be read (no session header); showing session.jsonl instead' },
          { path: 'sess/session.2.v4.jsonl', message: 'the newest generation cannot be read (no session header); showing session.2.jsonl instead' },
        ],
      },
    },
    {
      name: 'generation fallback: with no readable generation the newest stays current, nothing extra reported',
      files: { 'sess/session.jsonl': '', 'sess/session.v2.jsonl': 'x\n' },
      input: 'sess',
      want: {
        logs: [{ path: 'sess/session.v2.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 'sess', generation: 2, older: ['sess/session.jsonl'] }],
        problems: [],
      },
    },
    {
      name: 'one log file, any name',
      files: { 'logs/my-copy.jsonl': HEADER },
      input: 'logs/my-copy.jsonl',
      want: { logs: [{ path: 'logs/my-copy.jsonl', layout: 'file', encoding: 'jsonl', nameId: null, generation: 0, older: [] }], problems: [] },
    },
    {
      name: 'legacy flat layout <project>/<id>.jsonl[.zstd], .tmp ignored',
      files: { '--p--/abc.jsonl': HEADER, '--p--/d~0020e.jsonl.zstd': '', '--p--/abc.jsonl.0123456789ab.tmp': '', '--p--/notes.txt': '' },
      input: '.',
      want: {
        logs: [
          { path: '--p--/abc.jsonl', layout: 'flat', encoding: 'jsonl', nameId: 'abc', generation: 0, older: [] },
          { path: '--p--/d~0020e.jsonl.zstd', layout: 'flat', encoding: 'zstd', nameId: 'd e', generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'a root mixing encodings and layouts',
      files: { '--a--/s1/session.jsonl': HEADER, '--a--/s2/session.jsonl.zstd': '', '--b--/old.jsonl': HEADER },
      input: '.',
      want: {
        logs: [
          { path: '--a--/s1/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 's1', generation: 0, older: [] },
          { path: '--a--/s2/session.jsonl.zstd', layout: 'session-dir', encoding: 'zstd', nameId: 's2', generation: 0, older: [] },
          { path: '--b--/old.jsonl', layout: 'flat', encoding: 'jsonl', nameId: 'old', generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'upstream fixture children session.<n>.jsonl beside session.jsonl',
      files: { 'scenario/session.jsonl': HEADER, 'scenario/session.1.jsonl': HEADER, 'scenario/session.2.jsonl': HEADER },
      input: 'scenario',
      want: {
        logs: [
          { path: 'scenario/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 'scenario', generation: 0, older: [] },
          { path: 'scenario/session.1.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: null, generation: 0, older: [] },
          { path: 'scenario/session.2.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: null, generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'export ZIP: root first, then subagents; media ignored',
      files: {
        'dsh-session-x.zip': zipSync({
          'subagents/child_2/session.jsonl': new TextEncoder().encode(HEADER),
          'session.jsonl': new TextEncoder().encode(HEADER),
          'subagents/child_1/session.jsonl': new TextEncoder().encode(HEADER),
          'media/sha256_ab.png': new Uint8Array([1, 2, 3]),
        }),
      },
      input: 'dsh-session-x.zip',
      want: {
        logs: [
          { path: 'dsh-session-x.zip!session.jsonl', layout: 'zip', encoding: 'jsonl', nameId: null, generation: 0, older: [] },
          { path: 'dsh-session-x.zip!subagents/child_1/session.jsonl', layout: 'zip', encoding: 'jsonl', nameId: 'child_1', generation: 0, older: [] },
          { path: 'dsh-session-x.zip!subagents/child_2/session.jsonl', layout: 'zip', encoding: 'jsonl', nameId: 'child_2', generation: 0, older: [] },
        ],
        problems: [],
      },
    },
    {
      name: 'a ZIP that is no session export',
      files: { 'other.zip': zipSync({ 'readme.txt': new Uint8Array([65]) }) },
      input: 'other.zip',
      want: { logs: [], problems: [{ path: 'other.zip', message: 'no session.jsonl in the archive (not a dsh session export?)' }] },
    },
    {
      name: 'a file named .zip that is not a ZIP',
      files: { 'broken.zip': 'not a zip' },
      input: 'broken.zip',
      want: { logs: [], problems: [{ path: 'broken.zip', message: expect.stringContaining('not a readable ZIP archive') }] },
    },
    {
      name: 'a directory without logs',
      files: { 'empty/': '', 'empty/--p--/sess/.lock': '' },
      input: 'empty',
      want: { logs: [], problems: [{ path: 'empty', message: 'no session logs found here (looked through 3 folders, 2 levels deep; saw 1 other file)' }] },
    },
    {
      name: 'a sessions root five folders below the path (issue 15: any depth)',
      files: { 'a/b/c/d/sessions/--p--/s/session.jsonl': HEADER },
      input: 'a',
      want: { logs: [{ path: 'a/b/c/d/sessions/--p--/s/session.jsonl', layout: 'session-dir', encoding: 'jsonl', nameId: 's', generation: 0, older: [] }], problems: [] },
    },
    {
      name: '.jsonl files of other programs are not logs, and the problem says what was seen',
      files: { 'data/events.jsonl': '{"event":"click","at":1}\n', 'data/more/rows.jsonl': '{"type":"row"}\n', 'data/.git/x.jsonl': '{}\n', 'data/readme.md': '#' },
      input: 'data',
      want: {
        logs: [],
        problems: [{ path: 'data', message: expect.stringMatching(/^no session logs found here \(looked through 2 folders, 1 level deep; saw 2 \.jsonl files that are not a dsh log \(.*events\.jsonl, .*rows\.jsonl\), 1 hidden folder skipped\)$/) }],
      },
    },
    {
      name: 'a headerless dsh log is still a (damaged) log, not a foreign file',
      files: { '--p--/old.jsonl': '{"type":"plan/mode","data":{}}\n' },
      input: '.',
      want: { logs: [{ path: '--p--/old.jsonl', layout: 'flat', encoding: 'jsonl', nameId: 'old', generation: 0, older: [] }], problems: [] },
    },
    {
      name: 'a path that does not exist',
      files: {},
      input: 'missing',
      want: { logs: [], problems: [{ path: 'missing', message: 'no such file or directory' }] },
    },
  ]

  it.each(cases)('$name', async ({ files, input, want }) => {
    const root = tree(files)
    expect(rows(await discoverLogs([join(root, input)], opts), root)).toEqual(want)
  })

  it('an export ZIP\'s logs carry where their entries\' records are, so each is read without walking the directory again', async () => {
    const bytes = zipSync({ 'session.jsonl': new TextEncoder().encode(HEADER), 'subagents/c_1/session.jsonl': new TextEncoder().encode(HEADER) })
    const root = tree({ 'x.zip': bytes })
    const found = await discoverLogs([join(root, 'x.zip')], opts)
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length)
    const records = found.logs.map((l) => (l.source.location.kind === 'zip' ? l.source.location.record : undefined))
    expect(records).toHaveLength(2)
    for (const record of records) expect(view.getUint32(record ?? -1, true)).toBe(0x02014b50)
  })

  it('ends on a symlink loop and reads each real folder once', async () => {
    const root = tree({ 'r/--p--/s/session.jsonl': HEADER, 'r/deep/': '' })
    symlinkSync(join(root, 'r'), join(root, 'r/deep/loop'))
    const found = await discoverLogs([join(root, 'r')], opts)
    expect(found.logs.map((l) => relative(root, l.source.display))).toEqual(['r/--p--/s/session.jsonl'])
    expect(found.problems).toEqual([])
  })

  it('keeps a relative input relative in display paths', async () => {
    const root = tree({ '--p--/s/session.jsonl': HEADER })
    const rel = relative(process.cwd(), root)
    const found = await discoverLogs([rel], opts)
    expect(found.logs.map((l) => l.source.display)).toEqual([join(rel, '--p--/s/session.jsonl')])
    expect(found.logs[0]?.source.display.startsWith('/')).toBe(false)
  })

  it('lists a file reached through two inputs once', async () => {
    const root = tree({ '--p--/s/session.jsonl': HEADER })
    const found = await discoverLogs([root, join(root, '--p--'), join(root, '--p--/s/session.jsonl')], opts)
    expect(found.logs).toHaveLength(1)
  })

  it('reads the default root when no path is given', async () => {
    const home = tree({ '.dsh/sessions/--p--/s/session.jsonl': HEADER, 'custom/sessions/--q--/t/session.jsonl': HEADER })
    const viaHome = await discoverLogs([], { env: {}, homedir: home })
    expect(viaHome.logs.map((l) => relative(home, l.source.display))).toEqual(['.dsh/sessions/--p--/s/session.jsonl'])
    const viaEnv = await discoverLogs([], { env: { DSH_HOME: join(home, 'custom') }, homedir: home })
    expect(viaEnv.logs.map((l) => relative(home, l.source.display))).toEqual(['custom/sessions/--q--/t/session.jsonl'])
  })
})

describe('defaultSessionsRoot', () => {
  it.each([
    ['no DSH_HOME', {}, '/home/u/.dsh/sessions'],
    ['blank DSH_HOME is ignored', { DSH_HOME: '  ' }, '/home/u/.dsh/sessions'],
    ['DSH_HOME', { DSH_HOME: '/opt/dsh' }, '/opt/dsh/sessions'],
    ['DSH_HOME with ~', { DSH_HOME: '~/dsh-home' }, '/home/u/dsh-home/sessions'],
  ])('%s', (_, env, want) => {
    expect(defaultSessionsRoot({ env, homedir: '/home/u' })).toBe(want)
  })
})

describe('names', () => {
  it.each([
    ['session.jsonl', { generation: 0, child: null, encoding: 'jsonl' }],
    ['session.jsonl.zstd', { generation: 0, child: null, encoding: 'zstd' }],
    ['session.v12.jsonl.zstd', { generation: 12, child: null, encoding: 'zstd' }],
    ['session.2.v4.jsonl', { generation: 4, child: 2, encoding: 'jsonl' }],
    ['session.jsonl.zstd.0123456789ab.tmp', null],
    ['session.expected.jsonl', null],
    ['session.lock', null],
  ])('parseTranscriptName(%s)', (name, want) => {
    expect(parseTranscriptName(name)).toEqual(want)
  })

  it('ignores dsh bookkeeping files only', () => {
    expect(['.lock', 'session.lock', 'session.jsonl.abcdefabcdef.tmp'].every(isIgnoredName)).toBe(true)
    expect(isIgnoredName('session.jsonl')).toBe(false)
    expect(flatLogId('x.jsonl.tmp')).toBeNull()
    expect(flatLogId('session.jsonl')).toBeNull()
  })

  // The spec's own examples (log-format.md §2.2, §2.3), through dsh's encoders and back.
  it.each([
    ['/home/alice/my project', '--home-alice-my~0020project--'],
    ['C:\\Users\\Bob\\repo', '--C-Users-Bob-repo--'],
    ['/', '--root--'],
    ['/srv/app/', '--srv-app---'],
    ['/var/x~y', '--var-x~007Ey--'],
    ['/home/李/код', '--home-~674E-~043A~043E~0434--'],
  ])('projectDir(%s) = %s', (cwd, dir) => {
    expect(projectDir(cwd)).toBe(dir)
  })

  it.each([
    ['a/b', 'a~002Fb'],
    ['sess 1', 'sess~00201'],
    ['x~y', 'x~007Ey'],
    ['日本', '~65E5~672C'],
    ['😀', '~D83D~DE00'],
    ['.', '~002E'],
  ])('session id %s ↔ directory %s', (id, dir) => {
    expect(encodeSegment(id)).toBe(dir)
    expect(decodeSegment(dir)).toBe(id)
  })
})
