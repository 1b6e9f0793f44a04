/**
 * The preview a first build publishes (issue 14, first view; src/site/preview.ts): while a first build runs,
 * the site folder holds a small whole site — the first page of each big session and an index, every link
 * inside it resolving — and the finished build replaces it with exactly the site a build without a preview
 * writes. A build stopped after the preview leaves a folder the next build takes over; a rebuild never
 * previews.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { longBashSession } from '../support/long-session'
import { buildSite, type BuildOptions } from '../../src/site/build-site'
import { readManifest } from '../../src/site/write/manifest'
import { createProgress, type Progress } from '../../src/site/progress'
import { buildInto, tempDir } from '../support/build'
import { linksOf, treeOf } from '../support/files'
import { testSiteAssets } from '../support/site-assets'
import { initZstdEncoder } from '../../src/log/node/testing/zstd-encode'
import { writeSession } from '../../src/log/node/testing/layout'
import { previewCandidates, PREVIEW_SESSIONS } from '../../src/site/preview'
import { fileSource, zipEntrySource } from '../../src/log/node/source'
import { publishPreview, siblingOf } from '../../src/site/write/staging'
import { DEFAULT_CONFIG } from '../../src/redact'
import { foldLog } from '../../src/site/fold/fold-log'

const TURNS = 60

/** A session of several pages (big outputs, turn 3's biggest), with a prompt on every turn. */
function longSession(id: string, firstOutputLines = 600): string {
  const lines = (t: number) => (t === 3 ? 20_000 : t === 1 ? firstOutputLines : 600)
  return longBashSession({
    id,
    turns: TURNS,
    prompt: t => `Turn ${t}: list the files <b>here</b>`,
    output: t => Array.from({ length: lines(t) }, (_, i) => `file-${t}-${i}.txt  ${'x'.repeat(60)}`).join('\n'),
  }).jsonl()
}

function rootWith(logs: Record<string, string>): string {
  const root = tempDir()
  for (const [id, text] of Object.entries(logs)) {
    const dir = join(root, '--home-dev-long--', id)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'session.jsonl'), text)
  }
  return root
}

/** A build whose progress hands the preview's index to `onPreview` when the preview is in the folder. */
async function buildWatching(root: string, out: string, onPreview: (index: string) => void, options: Partial<BuildOptions> = {}) {
  const quiet = createProgress({ write: () => {}, tty: false, quiet: true })
  const progress: Progress = { ...quiet, preview: onPreview }
  return buildSite(
    { inputs: [root], outDir: out, title: null, baseUrl: null, locale: 'en', env: {}, homedir: '/nonexistent-home', assets: await testSiteAssets(), previewMinBytes: 0, ...options },
    progress,
  )
}

/** Every relative link of every HTML page in `dir` names a file that is there (fragments and queries aside). */
function brokenLinks(dir: string): string[] {
  const tree = treeOf(dir)
  const broken: string[] = []
  for (const [path, bytes] of tree) {
    if (!path.endsWith('.html')) continue
    for (const link of linksOf(bytes.toString('utf8'))) {
      if (/^(https?:|#|data:|mailto:)/.test(link) || link === '') continue
      const target = posix.normalize(posix.join(posix.dirname(path), link.replace(/[#?].*$/, '')))
      if (!tree.has(target)) broken.push(`${path} → ${link}`)
    }
  }
  return broken
}

const textOf = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8')

describe('a first build of a big session', () => {
  let root: string
  let out: string
  let seen: { index: string; tree: Map<string, Buffer>; broken: string[] } | null = null
  let finalTree: Map<string, Buffer>
  let plainTree: Map<string, Buffer>

  beforeAll(async () => {
    root = rootWith({ 'long-a': longSession('long-a') })
    out = join(tempDir(), 'site')
    await buildWatching(root, out, index => {
      // The folder as a reader finds it while the build goes on.
      seen = { index, tree: treeOf(out), broken: brokenLinks(out) }
    })
    finalTree = treeOf(out)
    const plain = join(tempDir(), 'site')
    await buildInto([root], plain, { preview: false })
    plainTree = treeOf(plain)
  }, 120_000)

  it('publishes a preview in the folder before it finishes', () => {
    expect(seen).not.toBeNull()
    const preview = seen as NonNullable<typeof seen>
    expect(preview.index).toBe(join(out, 'index.html'))
    expect([...preview.tree.keys()]).toContain('index.html')
    expect([...preview.tree.keys()]).toContain('sessions/long-a.html')
    // One page, no navigation to pages that are not there yet, no search.
    expect([...preview.tree.keys()].filter(p => /\.p\d+\.html$/.test(p) || p.endsWith('.anchors.js') || p.endsWith('.search.js'))).toEqual([])
    expect(preview.broken).toEqual([])
    // The finished session has more pages than the one the preview shows.
    expect([...finalTree.keys()]).toContain('sessions/long-a.p2.html')
  })

  it('lists only the prompts its one page holds', () => {
    const preview = seen as NonNullable<typeof seen>
    const page = (preview.tree.get('sessions/long-a.html') as Buffer).toString('utf8')
    // Each listed prompt is on this page, so linked within it.
    const prompts = [...page.matchAll(/href="#turn-(\d+)"/g)].map(m => Number(m[1]))
    expect(page).not.toMatch(/href="long-a[^"]*#turn-/)
    expect(prompts.length).toBeGreaterThan(0)
    expect(prompts.length).toBeLessThan(TURNS)
    for (const turn of prompts) expect(page, `turn ${turn}`).toContain(`id="turn-${turn}"`)
  })

  it('says on its pages that they are a preview', () => {
    const preview = seen as NonNullable<typeof seen>
    const page = (preview.tree.get('sessions/long-a.html') as Buffer).toString('utf8')
    const index = (preview.tree.get('index.html') as Buffer).toString('utf8')
    expect(page).toMatch(/role="status"[^>]*>Preview: the start of this session/)
    expect(index).toMatch(/role="status"[^>]*>Preview: the first pages of 1 session, published while dsh-view builds the site of 1 session; the finished site replaces it\./)
    // The start holds the first turns as the finished page shows them.
    expect(page).toContain('Turn 1: list the files &lt;b&gt;here&lt;/b&gt;')
    // Counts the preview cannot know are left to the finished page.
    expect(page).not.toMatch(/<dt>Tool calls<\/dt>/)
    expect(index).toContain('building')
  })

  it('marks the preview folder as a dsh-view site, listing its files', async () => {
    const preview = seen as NonNullable<typeof seen>
    const manifest = JSON.parse((preview.tree.get('.dsh-view/manifest.json') as Buffer).toString('utf8')) as { files: string[]; sessions: object }
    expect(manifest.files).toEqual([...preview.tree.keys()].filter(p => !p.startsWith('.dsh-view/')))
    expect(Object.keys(manifest.sessions)).toEqual([])
  })

  it('ends as exactly the site a build without a preview writes', () => {
    expect([...finalTree.keys()]).toEqual([...plainTree.keys()])
    for (const [path, bytes] of finalTree) expect(bytes.equals(plainTree.get(path) as Buffer), path).toBe(true)
    expect(finalTree.size).toBeGreaterThan(3)
    expect(existsSync(join(dirname(out), '.site.dsh-view-preview'))).toBe(false)
  })

  it('does not preview again when the folder holds a site', async () => {
    let previewed = false
    await buildWatching(root, out, () => {
      previewed = true
    })
    expect(previewed).toBe(false)
  })
})

describe('a build stopped after its preview', () => {
  it('leaves the preview, which the next build replaces with the whole site', async () => {
    const root = rootWith({ 'long-b': longSession('long-b') })
    const out = join(tempDir(), 'site')
    const stop = new Error('stopped after the preview')
    await expect(buildWatching(root, out, () => {
      throw stop
    })).rejects.toBe(stop)
    // What a reader finds: the preview, whole.
    expect(textOf(out, 'sessions/long-b.html')).toContain('Preview: the start of this session')
    expect(brokenLinks(out)).toEqual([])
    expect(await readManifest(out)).not.toBeNull()
    await buildInto([root], out)
    const plain = join(tempDir(), 'site')
    await buildInto([root], plain, { preview: false })
    const [after, clean] = [treeOf(out), treeOf(plain)]
    expect([...after.keys()]).toEqual([...clean.keys()])
    for (const [path, bytes] of after) expect(bytes.equals(clean.get(path) as Buffer), path).toBe(true)
  }, 120_000)
})

describe('which builds preview', () => {
  it('previews only sessions of at least the threshold, and none below it', async () => {
    const root = rootWith({ small: longSession('small').split('\n').slice(0, 40).join('\n') + '\n', 'long-c': longSession('long-c') })
    const bytes = Buffer.byteLength(longSession('long-c'))
    const out = join(tempDir(), 'site')
    let tree: Map<string, Buffer> | null = null
    await buildWatching(root, out, () => {
      tree = treeOf(out)
    }, { previewMinBytes: bytes })
    expect([...(tree as unknown as Map<string, Buffer>).keys()].filter(p => p.startsWith('sessions/') && p.endsWith('.html') && !p.includes('.prompts'))).toEqual(['sessions/long-c.html'])
    const index = ((tree as unknown as Map<string, Buffer>).get('index.html') as Buffer).toString('utf8')
    expect(index).toContain('the first pages of 1 session, published while dsh-view builds the site of 2 sessions;')
    let again = false
    await buildWatching(root, join(tempDir(), 'site'), () => {
      again = true
    }, { previewMinBytes: bytes + 1 })
    expect(again).toBe(false)
  }, 120_000)

  it('never previews a --redact build', async () => {
    const root = rootWith({ 'long-r': longSession('long-r') })
    let previewed = false
    await buildWatching(root, join(tempDir(), 'site'), () => {
      previewed = true
    }, { redact: DEFAULT_CONFIG })
    expect(previewed).toBe(false)
  }, 120_000)

  it('is not put in place when the folder is no longer empty, and leaves nothing behind', async () => {
    const out = join(tempDir(), 'site')
    mkdirSync(out)
    writeFileSync(join(out, 'mine.txt'), 'a file the user put there\n')
    await expect(publishPreview(out, [{ path: 'index.html', content: '<p>preview</p>' }])).rejects.toThrow()
    expect(readFileSync(join(out, 'mine.txt'), 'utf8')).toBe('a file the user put there\n')
    expect(existsSync(join(out, 'index.html'))).toBe(false)
    expect(existsSync(siblingOf(out, 'preview'))).toBe(false)
  })

  it('takes an empty folder the user made for the site', async () => {
    const root = rootWith({ 'long-d': longSession('long-d') })
    const out = join(tempDir(), 'site')
    mkdirSync(out)
    let previewed = false
    await buildWatching(root, out, () => {
      previewed = existsSync(join(out, 'sessions', 'long-d.html'))
    })
    expect(previewed).toBe(true)
  }, 120_000)
})

describe('a zstd log', () => {
  it('previews from the start of its frames, with no torn tail or damage shown', async () => {
    await initZstdEncoder()
    const root = tempDir()
    // Raw blocks: the log is as big as its text, well over what the preview reads of a zstd log.
    writeSession(root, { text: longSession('zstd-e'), encoding: 'zstd' })
    const out = join(tempDir(), 'site')
    let page = ''
    await buildWatching(root, out, () => {
      page = textOf(out, 'sessions/zstd-e.html')
    })
    expect(page).toContain('Preview: the start of this session')
    expect(page).toContain('Turn 1: list the files')
    expect(page).not.toContain('could not be read')
    expect(page).not.toMatch(/torn/i)
  }, 120_000)

  it('folds a start cut inside a frame as a start, not as a torn log', async () => {
    await initZstdEncoder()
    const path = writeSession(tempDir(), { text: longSession('zstd-f'), encoding: 'zstd' })
    const head = readFileSync(path).subarray(0, 256 * 1024)
    const start = await foldLog(fileSource(path), null, { chunks: 'skip-superseded', prefix: head })
    expect(start.ok && start.warningCount).toBe(0)
    expect(start.ok && start.conversation.facts.status).not.toBe('damaged')
  })
})

describe('a log whose first turn is bigger than the first read', () => {
  it('reads more of it until the first page is full', async () => {
    // Turn 1's output alone is ~1.9 MB: the first MiB holds no whole turn.
    const root = rootWith({ 'long-g': longSession('long-g', 25_000) })
    const out = join(tempDir(), 'site')
    let page = ''
    await buildWatching(root, out, () => {
      page = textOf(out, 'sessions/long-g.html')
    })
    expect(page).toContain('Turn 1: list the files')
    expect(page).toContain('Turn 2: list the files')
  }, 120_000)
})

describe('previewCandidates', () => {
  const file = (id: string, bytes: number) => ({ source: fileSource(`/logs/${id}/session.jsonl`), id, stem: id, bytes })
  it.each<[string, ReturnType<typeof file>[], number, string[]]>([
    ['none below the threshold', [file('a', 10), file('b', 99)], 100, []],
    ['at the threshold and above, in build order', [file('a', 100), file('b', 99), file('c', 500)], 100, ['a', 'c']],
    [`at most ${PREVIEW_SESSIONS}`, Array.from({ length: 9 }, (_, i) => file(`s${i}`, 1000)), 100, ['s0', 's1', 's2', 's3'].slice(0, PREVIEW_SESSIONS)],
    ['a zstd log counts three times its bytes', [{ source: fileSource('/logs/z/session.jsonl.zstd'), id: 'z', stem: 'z', bytes: 34 }, { source: fileSource('/logs/y/session.jsonl.zstd'), id: 'y', stem: 'y', bytes: 33 }], 100, ['z']],
    ['not an entry of an export ZIP', [{ source: zipEntrySource('/x.zip', 'session.jsonl'), id: 'z', stem: 'z', bytes: 1000 }, file('f', 1000)], 100, ['f']],
  ])('%s', (_name, members, min, ids) => {
    expect(previewCandidates(members, min).map(m => m.id)).toEqual(ids)
  })
})
