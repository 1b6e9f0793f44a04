/**
 * `dsh-view build --shard i/n` + `dsh-view merge` (issue 16): the merged parts are the plain build byte for
 * byte — every page, search shard, index page, asset and the state folder — on the corpus fixtures for n = 1,
 * 2, 3, 7 and on a generated root of 2,000 sessions (paginated index, families, a duplicated id). Parts that
 * do not make one site are refused with a message that says why, before anything is written; a merge into
 * the site of an earlier merge leaves unchanged pages alone.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { session, T0 } from '../../src/log/testing/session'
import { DEFAULT_CONFIG } from '../../src/redact'
import type { BuildOptions } from '../../src/site/build-site'
import { MergeError, mergeSite } from '../../src/site/merge'
import { SHARD_FILE, type ShardManifest } from '../../src/site/plan/shard'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { testSiteAssets } from '../support/site-assets'

const CORPUS = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))
const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions/', import.meta.url))

/** Builds the n parts of `inputs` under `base` and merges them into `base/site`; returns the part folders too. */
async function shardAndMerge(inputs: string[], n: number, base: string, options: Partial<BuildOptions> = {}): Promise<{ site: string; parts: string[] }> {
  const parts: string[] = []
  for (let i = 1; i <= n; i++) {
    const part = join(base, `part-${i}`)
    await buildInto(inputs, part, { ...options, shard: { index: i, count: n } })
    parts.push(part)
  }
  const site = join(base, 'site')
  await mergeSite({ parts, outDir: site, assets: options.assets ?? (await testSiteAssets()) })
  return { site, parts }
}

/** Both folders hold the same files with the same bytes (state folder included). */
function expectSameTree(actual: string, expected: string): void {
  const a = treeOf(actual)
  const e = treeOf(expected)
  expect([...a.keys()]).toEqual([...e.keys()])
  const differing = [...e].filter(([path, bytes]) => !a.get(path)?.equals(bytes)).map(([path]) => path)
  expect(differing).toEqual([])
}

const sessionsOf = (part: string): string[] => (JSON.parse(readFileSync(join(part, SHARD_FILE), 'utf8')) as ShardManifest).sessions.map(s => s.stem)

describe('merge of --shard parts equals the plain build, corpus fixtures', () => {
  let full: string
  beforeAll(async () => {
    full = tempDir()
    await buildInto([CORPUS], full)
  }, 300_000)

  it.each([1, 2, 3, 7])('n = %i', async n => {
    const { site, parts } = await shardAndMerge([CORPUS], n, tempDir())
    expectSameTree(site, full)
    // Each part holds its own sessions' pages and no index; together they hold every session once.
    const all = parts.flatMap(sessionsOf)
    expect(new Set(all).size).toBe(all.length)
    expect(all.length).toBeGreaterThan(100)
    for (const part of parts) expect(existsSync(join(part, 'index.html'))).toBe(false)
    if (n > 1) for (const part of parts) expect(sessionsOf(part).length).toBeGreaterThan(0)
    // Pages are brought in as hard links to the part's files: never rendered, nor even copied.
    for (const part of parts) {
      const stem = sessionsOf(part)[0] as string
      for (const file of [`sessions/${stem}.html`, `sessions/${stem}.search.js`]) expect(statSync(join(site, file)).ino, file).toBe(statSync(join(part, file)).ino)
    }
  }, 300_000)
})

/** Tiny sessions in 13 projects; every 10th is a subagent of the one before; two logs share an id. */
function generatedRoot(count: number): string {
  const root = tempDir('dv-gen-root-')
  for (let i = 0; i < count; i++) {
    const id = i === 1_999 ? 'gen-session-7' : `gen-session-${i}`
    const s = session({
      id,
      cwd: `/home/dev/project-${i % 13}`,
      header: { createdAt: T0 + (i % 400) * 60_000, ...(i % 10 === 9 ? { parentSession: `gen-session-${i - 1}` } : {}) },
    })
    s.turnStart()
    s.user(`Question ${i}: what is ${i} squared?`)
    s.stepStart()
    s.assistant(`It is ${i * i}.`)
    s.stepEnd()
    s.turnEnd()
    const dir = join(root, `--home-dev-project-${i % 13}--`, `${id}${i === 1_999 ? '-copy' : ''}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), s.jsonl())
  }
  return root
}

describe('merge of --shard parts equals the plain build, 2,000 generated sessions', () => {
  it('n = 3', async () => {
    const root = generatedRoot(2_000)
    const full = tempDir()
    const report = await buildInto([root], full, { highlight: false })
    expect(report.sessions).toBe(2_000)
    // Big enough for a paginated index, and the duplicated id got its `~2` stem.
    expect(existsSync(join(full, 'index.p2.html'))).toBe(true)
    expect(existsSync(join(full, 'sessions/gen-session-7~2.html'))).toBe(true)
    const { site } = await shardAndMerge([root], 3, tempDir(), { highlight: false })
    expectSameTree(site, full)
  }, 600_000)
})

describe('build options travel with the parts', () => {
  it('--locale zh, --title, --base-url, --view compact, n = 2', async () => {
    const options: Partial<BuildOptions> = { locale: 'zh', title: '团队会话', baseUrl: 'https://example.com/sessions/', view: 'compact' }
    const full = tempDir()
    await buildInto([DEMO], full, options)
    const { site } = await shardAndMerge([DEMO], 2, tempDir(), options)
    expectSameTree(site, full)
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('团队会话')
  }, 120_000)
})

describe('--redact travels with the parts', () => {
  it('the redacted secrets fixtures, n = 2: the same site, and the same redaction report', async () => {
    const SECRETS = fileURLToPath(new URL('../../fixtures/secrets/sessions/', import.meta.url))
    const full = tempDir()
    const plain = await buildInto([SECRETS], full, { redact: DEFAULT_CONFIG })
    const base = tempDir()
    const parts = [join(base, 'part-1'), join(base, 'part-2')]
    for (const [i, part] of parts.entries()) await buildInto([SECRETS], part, { redact: DEFAULT_CONFIG, shard: { index: i + 1, count: 2 } })
    const merged = await mergeSite({ parts, outDir: join(base, 'site'), assets: await testSiteAssets() })
    expectSameTree(join(base, 'site'), full)
    expect(plain.redactions?.total).toBeGreaterThan(0)
    expect(merged.redactions).toEqual(plain.redactions)
    // A part built without --redact does not join them.
    const open = join(base, 'open-2')
    await buildInto([SECRETS], open, { shard: { index: 2, count: 2 } })
    const error = await mergeSite({ parts: [parts[0] as string, open], outDir: join(base, 'mixed'), assets: await testSiteAssets() }).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/different options: --redact \/ --redact-config on \(rules [0-9a-f]{8}\) vs off$/)
  }, 120_000)
})

describe('parts that do not make one site', () => {
  let base: string
  let parts: string[]
  let good: string
  beforeAll(async () => {
    base = tempDir()
    ;({ site: good, parts } = await shardAndMerge([DEMO], 2, base))
  }, 120_000)

  /** The merge fails with `message`, and leaves `out` as it was (absent, or the same files) with no staging or lock beside it. */
  async function refused(partDirs: string[], message: RegExp, out = join(tempDir(), 'site')): Promise<void> {
    const before = existsSync(out) ? treeOf(out) : null
    const error = await mergeSite({ parts: partDirs, outDir: out, assets: await testSiteAssets() }).then(() => null, (err: unknown) => err)
    expect(error).toBeInstanceOf(MergeError)
    expect((error as Error).message).toMatch(message)
    if (before === null) expect(existsSync(out)).toBe(false)
    else expect(treeOf(out)).toEqual(before)
    expect(readdirSync(dirname(out)).filter(n => n.startsWith(`.${basename(out)}.`))).toEqual([])
  }

  it('a part built with other options', async () => {
    const other = join(base, 'titled-2')
    await buildInto([DEMO], other, { shard: { index: 2, count: 2 }, title: 'Team archive' })
    await refused([parts[0] as string, other], /were built with different options: --title null vs "Team archive"/)
  })

  it('a part built by another dsh-view version (another renderer)', async () => {
    const assets = await testSiteAssets()
    const other = join(base, 'other-version', 'part-2')
    await buildInto([DEMO], other, { shard: { index: 2, count: 2 }, assets: { ...assets, rendererId: 'another-renderer' } })
    await refused([parts[0] as string, other], /part-2 was built by another build of dsh-view \S+ \(renderer another-renderer; this one is \w+\)$/)
  })

  it('a missing shard', async () => {
    await refused([parts[0] as string], /^shard 2\/2 is missing$/)
  })

  it('a shard given twice', async () => {
    const copy = join(base, 'copy-of-1')
    cpSync(parts[0] as string, copy, { recursive: true })
    await refused([parts[0] as string, copy, parts[1] as string], /^shard 1\/2 is given twice: .*part-1 and .*copy-of-1$/)
  })

  it('a session in two parts', async () => {
    // Part 2 claiming one of part 1's sessions, as a part of another partition of the same root would.
    const claimed = join(base, 'claiming-2')
    cpSync(parts[1] as string, claimed, { recursive: true })
    const one = JSON.parse(readFileSync(join(parts[0] as string, SHARD_FILE), 'utf8')) as ShardManifest
    const two = JSON.parse(readFileSync(join(claimed, SHARD_FILE), 'utf8')) as ShardManifest
    const stolen = one.sessions[0] as ShardManifest['sessions'][number]
    two.sessions.push(stolen)
    writeFileSync(join(claimed, SHARD_FILE), JSON.stringify(two))
    await refused([parts[0] as string, claimed], new RegExp(`^session ${stolen.stem} is in two parts: .*part-1 and .*claiming-2$`))
  })

  it('parts of different roots', async () => {
    const root = tempDir('dv-root-')
    cpSync(DEMO, root, { recursive: true })
    const extra = session({ id: 'extra-session', header: { createdAt: T0 + 1e9 } })
    extra.turnStart()
    extra.user('one more')
    extra.turnEnd()
    mkdirSync(join(root, '--extra--', 'extra-session'), { recursive: true })
    writeFileSync(join(root, '--extra--', 'extra-session', 'session.jsonl'), extra.jsonl())
    const other = join(base, 'grown-2')
    await buildInto([root], other, { shard: { index: 2, count: 2 } })
    await refused([parts[0] as string, other], /were built from different session roots/)
  })

  it('a folder that is not a part, and shard counts that differ', async () => {
    await refused([parts[0] as string, good], /site is not a part written by `dsh-view build --shard i\/n` \(no readable \.dsh-view\/shard\.json; a copy must keep the hidden folder\)$/)
    const third = join(base, 'third-of-3')
    await buildInto([DEMO], third, { shard: { index: 3, count: 3 } })
    await refused([parts[0] as string, third], /is a shard of 2 but .*third-of-3 is a shard of 3$/)
  })

  it('a part missing a file its manifest lists', async () => {
    const torn = join(base, 'torn-2')
    cpSync(parts[1] as string, torn, { recursive: true })
    const [stem] = sessionsOf(torn)
    rmSync(join(torn, 'sessions', `${stem}.search.js`))
    await refused([parts[0] as string, torn], new RegExp(`torn-2 lacks sessions/${stem}\\.search\\.js, which its manifest lists`))
  })

  it('a refused merge leaves an existing site as it was', async () => {
    const out = join(tempDir(), 'site')
    cpSync(good, out, { recursive: true })
    await refused([parts[1] as string], /^shard 1\/2 is missing$/, out)
  })
})

describe('a merge into the site of an earlier merge', () => {
  it('leaves unchanged pages untouched, brings in the rest, and equals a plain build of the new root', async () => {
    const root = tempDir('dv-root-')
    cpSync(DEMO, root, { recursive: true })
    const base = tempDir()
    const first = await shardAndMerge([root], 2, join(base, 'one'))
    const site = join(tempDir(), 'site')
    cpSync(first.site, site, { recursive: true })
    const pages = readdirSync(join(site, 'sessions')).filter(n => n.endsWith('.html'))
    const inode = new Map(pages.map(p => [p, statSync(join(site, 'sessions', p)).ino]))

    // The root grows by one session, created after the others.
    const added = session({ id: 'added-later', header: { createdAt: T0 + 1e10 } })
    added.turnStart()
    added.user('a new question')
    added.stepStart()
    added.assistant('A new answer.')
    added.stepEnd()
    added.turnEnd()
    mkdirSync(join(root, '--home-dev-project--', 'added-later'), { recursive: true })
    writeFileSync(join(root, '--home-dev-project--', 'added-later', 'session.jsonl'), added.jsonl())

    const second = await shardAndMerge([root], 2, join(base, 'two'))
    // No session changed parts: only the new one is new.
    const before = first.parts.map(sessionsOf)
    const after = second.parts.map(sessionsOf)
    expect(after.map((stems, i) => stems.filter(s => !(before[i] as string[]).includes(s)))).toContainEqual(['added-later'])
    expect(after.flat().filter(s => s !== 'added-later').sort()).toEqual(before.flat().sort())

    const report = await mergeSite({ parts: second.parts, outDir: site, assets: await testSiteAssets() })
    expect(report.unchanged).toBe(8)
    expect(report.sessions).toBe(9)
    for (const page of pages) expect(statSync(join(site, 'sessions', page)).ino, page).toBe(inode.get(page))
    expect(existsSync(join(site, 'sessions/added-later.html'))).toBe(true)
    const plain = tempDir()
    await buildInto([root], plain)
    expectSameTree(site, plain)
  }, 300_000)
})
