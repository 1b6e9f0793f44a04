/**
 * The static build end to end on real logs (the demo sessions root: zstd and plain, parents with subagent
 * children): what it writes, that every link resolves, that two builds are byte-identical, that a rebuild
 * touches only what changed and says so, and how it treats folders and paths it must not use.
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { runBuild, summaryText } from '../../cli/build'
import type { Io } from '../../cli/io'
import { UserError } from '../../cli/user-error'
import type { BuildReport } from '../../src/site/build-site'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, measure } from '../../src/site/render/pages/measure'
import { buildInto, tempDir } from '../support/build'
import { linksOf, treeOf } from '../support/files'
import { testSiteAssets } from '../support/site-assets'

const DEMO = fileURLToPath(new URL('../../fixtures/demo-sessions/', import.meta.url))

let out: string
let first: BuildReport

beforeAll(async () => {
  out = tempDir()
  first = await buildInto([DEMO], out)
}, 120_000)

describe('a build of the demo sessions root', () => {
  it('renders every session, one page each, with no problems', () => {
    expect(first.problems).toEqual([])
    expect(first.sessions).toBe(8)
    expect(first.rendered).toBe(8)
    expect(first.pages).toBe(8)
    const tree = treeOf(out, { skipState: true })
    expect([...tree.keys()].filter(p => p.startsWith('sessions/') && p.endsWith('.html') && !p.endsWith('.trajectory.html'))).toHaveLength(8)
    // Each session's Trajectory beside its Chat (issue 29), one search shard per session (src/search), one
    // replay index per session (every demo log has clocks: src/replay), and nothing else beside the pages.
    expect([...tree.keys()].filter(p => p.startsWith('sessions/') && p.endsWith('.trajectory.html'))).toHaveLength(8)
    expect([...tree.keys()].filter(p => p.startsWith('sessions/') && p.endsWith('.search.js'))).toHaveLength(8)
    expect([...tree.keys()].filter(p => p.startsWith('sessions/') && p.endsWith('.replay.js'))).toHaveLength(8)
    // Besides: the whole texts the Trajectory's inspectors cut (system prompts, tool outputs), as side files.
    expect([...tree.keys()].filter(p => p.startsWith('sessions/') && !/\.(html|search\.js|replay\.js)$/.test(p) && !/^sessions\/[^/]+\.files\/[0-9a-f]{20}\.txt$/.test(p))).toEqual([])
    expect(tree.has('index.html') && tree.has('assets/site.css') && tree.has('assets/site.js')).toBe(true)
  })

  it('nests subagent children under their parent on the index and links both ways', () => {
    // The session list (the overview above it links sessions and turns too).
    const page = readFileSync(join(out, 'index.html'), 'utf8')
    const index = page.slice(page.indexOf('data-filter-group'))
    // The parent's entry holds a nested list with its two children.
    const parent = index.indexOf('sessions/11111111-1111-4111-8111-111111111111.html')
    const nested = index.indexOf('<ul', parent)
    expect(parent).toBeGreaterThan(0)
    expect(index.indexOf('sessions/22222222-2222-4222-8222-222222222222.html')).toBeGreaterThan(nested)
    const child = readFileSync(join(out, 'sessions/22222222-2222-4222-8222-222222222222.html'), 'utf8')
    expect(child).toMatch(/Subagent of <a href="11111111-1111-4111-8111-111111111111\.html(#child-22222222-2222-4222-8222-222222222222)?">/)
    const parentPage = readFileSync(join(out, 'sessions/11111111-1111-4111-8111-111111111111.html'), 'utf8')
    expect(parentPage).toContain('href="22222222-2222-4222-8222-222222222222.html"')
  })

  it('every relative link and script of every page points at a file of the site', () => {
    const tree = treeOf(out, { skipState: true })
    const missing: string[] = []
    for (const [path, bytes] of tree) {
      if (!path.endsWith('.html')) continue
      for (const link of linksOf(bytes.toString('utf8'))) {
        if (/^https?:/.test(link) || link.startsWith('#')) continue
        const target = posix.normalize(posix.join(posix.dirname(path), link.split('#')[0] ?? ''))
        if (!tree.has(target)) missing.push(`${path} → ${link}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('keeps every page inside the byte and node budgets', () => {
    for (const [path, bytes] of treeOf(out, { skipState: true })) {
      if (!path.endsWith('.html')) continue
      const size = measure(bytes.toString('utf8'))
      expect(size.bytes, path).toBeLessThanOrEqual(MAX_PAGE_BYTES)
      expect(size.nodes, path).toBeLessThanOrEqual(MAX_PAGE_NODES)
    }
  })

  it('writes no module script, no absolute asset URL and nothing machine-specific', () => {
    for (const [path, bytes] of treeOf(out, { skipState: true })) {
      const text = bytes.toString('utf8')
      expect(text, path).not.toContain('type="module"')
      expect(text, path).not.toContain(out)
      expect(text, path).not.toContain(DEMO)
      if (path.endsWith('.html')) expect(linksOf(text).filter(l => l.startsWith('/')), path).toEqual([])
    }
  })

  it('is byte-identical when built again into another folder', async () => {
    const again = tempDir()
    await buildInto([DEMO], again)
    const a = treeOf(out)
    const b = treeOf(again)
    expect([...b.keys()]).toEqual([...a.keys()])
    for (const [path, bytes] of a) expect(b.get(path)?.equals(bytes), path).toBe(true)
  })
})

describe('rebuilding', () => {
  it('skips unchanged sessions, rewrites nothing, and says so', async () => {
    const site = tempDir()
    const root = join(tempDir(), 'sessions')
    cpSync(DEMO, root, { recursive: true })
    await buildInto([root], site)
    const before = new Map([...treeOf(site, { skipState: true }).keys()].map(p => [p, statSync(join(site, p)).mtimeMs]))
    const again = await buildInto([root], site)
    expect([again.rendered, again.unchanged, again.pages]).toEqual([0, 8, 8])
    // Nothing was read, so no rate of reading (it once divided all eight logs' bytes by the time to check them).
    expect(summaryText(again, 100)).toMatch(/\(0 rebuilt, 8 unchanged\) in 0\.10 s\n/)
    expect(again.bytes).toBe(0)
    for (const [p, mtime] of before) expect(statSync(join(site, p)).mtimeMs, p).toBe(mtime)

    // One standalone session grows: only it is rebuilt.
    const grown = join(root, '--home-dev-project--/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2/session.jsonl.zstd')
    const plain = join(root, '--~007B~007Bcwd~007D~007D--/11111111-1111-4111-8111-111111111111/session.jsonl')
    const log = readFileSync(plain, 'utf8')
    const lastSeq = Math.max(...[...log.matchAll(/"seq":(\d+)/g)].map(m => Number(m[1])))
    appendFileSync(plain, `${JSON.stringify({ type: 'session/title', seq: lastSeq + 1, time: 1783950009000, data: { title: 'Renamed by the test' } })}\n`)
    const third = await buildInto([root], site)
    // The parent changed, so its family (parent + two children) re-renders; the other five do not.
    expect([third.rendered, third.unchanged]).toEqual([3, 5])
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('Renamed by the test')
    expect(statSync(join(site, 'sessions/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2.html')).mtimeMs).toBe(
      before.get('sessions/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2.html'),
    )
    expect(existsSync(grown)).toBe(true)

    // A removed session's pages go; files the build never wrote stay.
    writeFileSync(join(site, 'notes-by-the-user.txt'), 'mine')
    rmSync(dirname(grown), { recursive: true })
    const fourth = await buildInto([root], site)
    expect(fourth.sessions).toBe(7)
    expect(existsSync(join(site, 'sessions/session-38ad2d97-2d0e-4ed3-8835-618bf6b04ca2.html'))).toBe(false)
    expect(readFileSync(join(site, 'notes-by-the-user.txt'), 'utf8')).toBe('mine')
  })
})

describe('options', () => {
  const plain = join(DEMO, '--~007B~007Bcwd~007D~007D--/14dda109-5728-45ba-a002-7db9543fe50e/session.jsonl')

  it('--title, --base-url and --locale zh shape the pages', async () => {
    const dir = tempDir()
    await buildInto([plain], dir, { title: 'Team <sessions>', baseUrl: 'https://example.test/site/', locale: 'zh' })
    const index = readFileSync(join(dir, 'index.html'), 'utf8')
    expect(index).toContain('<html lang="zh-CN" data-view="detailed">')
    expect(index).toContain('<title>Team &lt;sessions&gt;</title>')
    expect(index).toContain('<link rel="canonical" href="https://example.test/site/index.html">')
    expect(index).toContain('1 个会话，1 个项目')
    const page = readFileSync(join(dir, 'sessions/14dda109-5728-45ba-a002-7db9543fe50e.html'), 'utf8')
    expect(page).toContain('<link rel="canonical" href="https://example.test/site/sessions/14dda109-5728-45ba-a002-7db9543fe50e.html">')
    expect(page).toContain('全部会话')
    expect(page).toContain('<html lang="zh-CN" data-view="detailed">')
    expect(page).toContain('工作步骤展示')
  })

  it('--view sets each page’s default mode and the header control’s selection; another --view re-renders', async () => {
    const dir = tempDir()
    await buildInto([plain], dir, { view: 'compact' })
    const file = join(dir, 'sessions/14dda109-5728-45ba-a002-7db9543fe50e.html')
    const page = readFileSync(file, 'utf8')
    expect(page).toContain('<html lang="en" data-view="compact">')
    expect(page).toMatch(/<div class="[^"]+" data-view-switch hidden>.*Work details.*<option value="compact" selected>Compact<\/option>/)
    const again = await buildInto([plain], dir, { view: 'classic' })
    expect([again.rendered, again.unchanged]).toEqual([1, 0])
    expect(readFileSync(file, 'utf8')).toContain('<html lang="en" data-view="classic">')
    const same = await buildInto([plain], dir, { view: 'classic' })
    expect([same.rendered, same.unchanged]).toEqual([0, 1])
  })

  it('an option change rebuilds every page (it is part of each family’s hash)', async () => {
    const dir = tempDir()
    await buildInto([plain], dir)
    const again = await buildInto([plain], dir, { title: 'Other' })
    expect([again.rendered, again.unchanged]).toEqual([1, 0])
  })
})

describe('the CLI handler', () => {
  const io = (): Io & { out: string[]; err: string[] } => {
    const out: string[] = []
    const err: string[] = []
    return { out, err, stdout: t => void out.push(t), stderr: t => void err.push(t), stderrIsTty: false, env: {}, open: async () => {} }
  }
  const inv = (inputs: string[], outDir: string) =>
    ({ mode: 'build', inputs, outDir, open: false, baseUrl: null, title: null, locale: 'en', quiet: true }) as const

  it('refuses to write into a folder that is not empty and not a dsh-view site (exit 2)', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'important.txt'), 'x')
    await testSiteAssets()
    const err = await runBuild(inv([DEMO], dir), io()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).exitCode).toBe(2)
    expect(readFileSync(join(dir, 'important.txt'), 'utf8')).toBe('x')
  })

  it('refuses an output path that is a file (exit 2)', async () => {
    const file = join(tempDir(), 'site')
    writeFileSync(file, 'x')
    const err = await runBuild(inv([DEMO], file), io()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).exitCode).toBe(2)
  })

  it('exits 1 when a path cannot be read, after building the rest', async () => {
    const dir = join(tempDir(), 'site')
    mkdirSync(dir)
    const std = io()
    const plain = join(DEMO, '--~007B~007Bcwd~007D~007D--/14dda109-5728-45ba-a002-7db9543fe50e/session.jsonl')
    const code = await runBuild(inv([plain, join(DEMO, 'no-such-file.jsonl')], dir), std)
    expect(code).toBe(1)
    expect(std.err.join('')).toMatch(/could not read .*no-such-file\.jsonl/)
    expect(std.out.join('')).toBe(`${join(dir, 'index.html')}\n`)
    expect(existsSync(join(dir, 'sessions/14dda109-5728-45ba-a002-7db9543fe50e.html'))).toBe(true)
  })
})
