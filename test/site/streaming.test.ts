/**
 * The static build renders a session in batches of sections and lets each batch go (issue 17, bounded
 * memory): a session of many batches, rendered through a `RenderOutput` that spills every rendered section
 * to the spool file, gives the files — byte for byte — that rendering its whole view model in memory gives,
 * and leaves no spool behind. Also: the page store's ranges, and the find box's tool counts taken from the
 * conversation equal the view model's.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { sectionFeed, viewModel } from '../../src/cards/view-model'
import { fileSource } from '../../src/log/node/source'
import { session, toolCallBlock } from '../../src/log/testing/session'
import { toolCounts } from '../../src/search/shard'
import { headerFacts, summarize, summarizeFacts } from '../../src/site/render/chrome'
import { Enricher } from '../../src/site/render/enrich'
import { foldLog } from '../../src/site/fold/fold-log'
import { PieceStore } from '../../src/site/render/piece-store'
import { sessionPrompts } from '../../src/site/render/prompts'
import { digestOf } from '../../src/site/render/digest'
import { SECTION_BATCH, SessionRenderer, StreamRestart, type RenderedFile, type SectionStream } from '../../src/site/render/render-session'
import { streamFold, type FromFold } from '../../src/site/fold-stream'
import { MAX_PAGE_BYTES, MAX_PAGE_NODES, type Size } from '../../src/site/render/measure'
import { siteText } from '../../src/site/strings'
import { buildInto, tempDir } from '../support/build'
import { testSiteAssets } from '../support/site-assets'

const TURNS = 2 * SECTION_BATCH + 20

function manyTurns(): string {
  const s = session({ id: 'many-turns', cwd: '/home/dev/many' })
  for (let t = 1; t <= TURNS; t++) {
    s.turnStart()
    s.user(`Turn ${t}: run the tests`)
    // One turn too big for a page: its rows are split over pages.
    if (t === 70) {
      s.stepStart()
      for (let c = 0; c < 500; c++) {
        s.call('bash', { command: `echo ${c}` }, `big-${c}`)
        s.result(`big-${c}`, `${c}`)
      }
      s.stepEnd()
    }
    s.stepStart()
    const id = `call-${t}`
    s.assistant([toolCallBlock(id, t % 3 === 0 ? 'read' : 'bash', t % 3 === 0 ? { file_path: `src/f${t}.ts` } : { command: `npm test -- ${t}` })])
    if (t % 3 === 0) s.call('read', { file_path: `src/f${t}.ts` }, id)
    else s.call('bash', { command: `npm test -- ${t}` }, id)
    // Every seventh output is long enough to be cut to a side file.
    s.result(id, Array.from({ length: t % 7 === 0 ? 3_000 : 40 }, (_, i) => `\u001b[32mok\u001b[0m ${t}.${i} ${'x'.repeat(30)}`).join('\n'))
    s.stepEnd()
    s.stepStart()
    s.assistant(`Turn ${t} passes:\n\n\`\`\`ts\nexport const t${t} = ${t}\n\`\`\``)
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}

async function fold() {
  const dir = tempDir('dv-stream-log-')
  const path = join(dir, 'session.jsonl')
  writeFileSync(path, manyTurns())
  const folded = await foldLog(fileSource(path))
  if (!folded.ok) throw new Error(folded.error)
  return folded.conversation
}

describe('rendering a session batch by batch', () => {
  it('writes the files a whole-view render makes, spilling sections to a spool it deletes', async () => {
    const assets = await testSiteAssets()
    const text = siteText('en')
    const render = async (streamed: boolean) => {
      const conversation = await fold()
      expect(conversation.sections.length).toBeGreaterThan(2 * SECTION_BATCH)
      const summary = summarize({ conversation, id: 'many-turns', stem: 'many', pages: 1, warnings: 0 })
      const input = { summary, facts: headerFacts(summary, conversation.facts, text), family: { parent: null, children: [] }, childByCall: new Map(), lang: 'en', baseUrl: null }
      const renderer = new SessionRenderer(assets.shell, text, new Enricher(null))
      const ctx = { cwd: conversation.facts.cwd, home: null, locale: 'en' as const }
      if (!streamed) return { files: (await renderer.render({ ...input, view: viewModel(conversation, ctx) })).files, spool: null }
      const spool = tempDir('dv-spool-')
      const written: RenderedFile[] = []
      const rendered = await renderer.render(
        { ...input, view: { ...sectionFeed(conversation, ctx), tools: digestOf(conversation.sections).tools, prompts: digestOf(conversation.sections).prompts } },
        { write: async (path, content) => void written.push({ path, content }), spoolDir: spool, spill: 1024 },
      )
      expect(rendered.files).toEqual([])
      expect(rendered.paths).toEqual(written.map(f => f.path).sort())
      return { files: written, spool }
    }
    const bytes = (files: RenderedFile[]) =>
      new Map(files.map(f => [f.path, Buffer.concat(typeof f.content === 'string' ? [Buffer.from(f.content)] : f.content instanceof Uint8Array ? [f.content] : [...f.content]).toString('utf8')]))
    const whole = await render(false)
    const streamed = await render(true)
    const a = bytes(whole.files)
    const b = bytes(streamed.files)
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort())
    expect([...a.keys()].filter(p => p.endsWith('.txt')).length).toBeGreaterThan(0)
    expect([...a.keys()].filter(p => p.endsWith('.html')).length).toBeGreaterThan(1)
    for (const [path, content] of a) expect(b.get(path), path).toBe(content)
    expect(readdirSync(streamed.spool as string)).toEqual([])
  }, 120_000)
})

describe('rendering a session while it is folded (a SectionStream)', () => {
  // The fold worker's own code (src/site/fold-stream.ts), run in this thread: its messages become the stream.
  async function streamedRender(roomGuess: Size | undefined) {
    const assets = await testSiteAssets()
    const text = siteText('en')
    const dir = tempDir('dv-stream-fold-')
    const path = join(dir, 'session.jsonl')
    writeFileSync(path, manyTurns())
    const messages: FromFold[] = []
    await streamFold({ source: fileSource(path), bytes: 0, locale: 'en' }, async m => void messages.push(m))
    const end = messages.find(m => m.type === 'end')
    if (end?.type !== 'end') throw new Error(`no end: ${JSON.stringify(messages.find(m => m.type === 'abandon'))}`)
    const batches = messages.flatMap(m => (m.type === 'sections' ? [m.sections] : []))
    const summary = summarizeFacts({ facts: end.end.facts, firstPrompt: end.end.firstPrompt, id: 'many-turns', stem: 'many', pages: 1, warnings: 0 })
    const stream: SectionStream = {
      locale: 'en',
      batches: (async function* () {
        yield* batches
      })(),
      end: async () => ({ summary, facts: headerFacts(summary, end.end.facts, text), tools: end.end.tools, prompts: end.end.prompts }),
      ...(roomGuess === undefined ? {} : { roomGuess }),
    }
    const renderer = new SessionRenderer(assets.shell, text, new Enricher(null))
    const placeholder = { ...summary, title: '' }
    const written: RenderedFile[] = []
    const rendered = await renderer.render(
      { view: { locale: 'en', count: 0, at: () => { throw new Error('no feed') }, tools: [], prompts: [] }, summary: placeholder, facts: [], family: { parent: null, children: [] }, childByCall: new Map(), lang: 'en', baseUrl: null },
      { write: async (path, content) => void written.push({ path, content }), spoolDir: tempDir('dv-spool-'), spill: 4096 },
      null,
      stream,
    )
    return { files: written, batches: batches.length, pages: rendered.pages }
  }

  async function wholeRender() {
    const assets = await testSiteAssets()
    const text = siteText('en')
    const conversation = await fold()
    const summary = summarize({ conversation, id: 'many-turns', stem: 'many', pages: 1, warnings: 0 })
    const ctx = { cwd: conversation.facts.cwd, home: null, locale: 'en' as const }
    const renderer = new SessionRenderer(assets.shell, text, new Enricher(null))
    return (await renderer.render({ summary, facts: headerFacts(summary, conversation.facts, text), family: { parent: null, children: [] }, childByCall: new Map(), lang: 'en', baseUrl: null, view: viewModel(conversation, ctx) })).files
  }

  const bytes = (files: RenderedFile[]) =>
    new Map(files.map(f => [f.path, Buffer.concat(typeof f.content === 'string' ? [Buffer.from(f.content)] : f.content instanceof Uint8Array ? [f.content] : [...f.content]).toString('utf8')]))

  it.each([
    ['the default room guess', undefined],
    ['a room guess nothing fits (every section waits for the room)', { bytes: 1_000, nodes: 10 }],
  ])('writes the files a whole-view render makes: %s', async (_, guess) => {
    const a = bytes(await wholeRender())
    const streamed = await streamedRender(guess)
    expect(streamed.batches).toBeGreaterThan(2)
    const b = bytes(streamed.files)
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort())
    // The turn of 500 calls fills pages of its own: the split path ran.
    expect([...a.values()].some(html => html.includes('(continued)'))).toBe(true)
    for (const [path, content] of a) expect(b.get(path), path).toBe(content)
  }, 120_000)

  it('gives up (StreamRestart) when a section kept whole turns out too big for the room', async () => {
    await expect(streamedRender({ bytes: 100 * MAX_PAGE_BYTES, nodes: 100 * MAX_PAGE_NODES })).rejects.toBeInstanceOf(StreamRestart)
  }, 120_000)
})

describe('PieceStore', () => {
  it.each([['in memory', null], ['spilled', 'spool']])('gives back consecutive pieces as they were put: %s', (_, spool) => {
    const dir = spool === null ? null : join(tempDir('dv-pieces-'), 'state')
    const store = new PieceStore(dir, 10)
    const pieces = ['<a>', 'héllo wörld', '', '<b>🙂</b>', 'z'.repeat(50)].map(t => Buffer.from(t))
    for (const p of pieces) store.put(p)
    expect(store.count).toBe(5)
    for (let from = 0; from < 5; from++) {
      for (let to = from + 1; to <= 5; to++) expect(Buffer.concat(store.chunks(from, to)).toString(), `${from}-${to}`).toBe(Buffer.concat(pieces.slice(from, to)).toString())
    }
    if (dir !== null) expect(readdirSync(dir)).toHaveLength(1)
    store.close()
    if (dir !== null) expect(readdirSync(dir)).toEqual([])
  })
})

describe('digestOf(sections).prompts', () => {
  it('lists what sessionPrompts lists from the view model: ids, turns, labels', async () => {
    const conversation = await fold()
    const prompts = digestOf(conversation.sections).prompts
    expect(prompts.length).toBe(TURNS)
    expect(prompts[0]?.id).toBe('turn-1')
    expect(prompts).toEqual(sessionPrompts(viewModel(conversation, { cwd: null, home: null, locale: 'en' })))
  })
})

describe('digestOf(sections).tools', () => {
  it('counts what toolCounts counts in the view model, nested calls included', async () => {
    const conversation = await fold()
    const counts = digestOf(conversation.sections).tools
    expect(counts.length).toBeGreaterThan(1)
    expect(counts).toEqual(toolCounts(viewModel(conversation, { cwd: null, home: null, locale: 'en' })))
  })
})

describe('a render that fails halfway through a big session', () => {
  it('takes back the files it wrote and leaves the damaged-session page', async () => {
    const viewModelModule = await import('../../src/cards/view-model')
    const real = viewModelModule.sectionFeed
    const spy = vi.spyOn(viewModelModule, 'sectionFeed').mockImplementation((conversation, options) => {
      const feed = real(conversation, options)
      if (conversation.header?.id !== 'many-turns' || conversation.facts.invalidLines > 0) return feed
      // Past the first batches, whose cut outputs went to side files already.
      return { ...feed, at: i => { if (i === feed.count - 1) throw new TypeError('injected late failure'); return feed.at(i) } }
    })
    try {
      const root = tempDir('dv-late-root-')
      const dir = join(root, '--home-dev-many--', 'many-turns')
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'session.jsonl'), manyTurns())
      const out = tempDir('dv-late-site-')
      const report = await buildInto([root], out)
      expect(report.problems.map(p => p.message).join('\n')).toContain('injected late failure')
      // The first batches' cut outputs had gone to many-turns.files/…txt: taken back with the failed render.
      const sessions = readdirSync(join(out, 'sessions'), { recursive: true }).map(String)
      expect(sessions.filter(f => f.endsWith('.txt'))).toEqual([])
      expect(readFileSync(join(out, 'sessions', 'many-turns.html'), 'utf8')).toContain('injected late failure')
      expect(readdirSync(join(out, '.dsh-view')).filter(f => f.startsWith('spool-'))).toEqual([])
    } finally {
      spy.mockRestore()
    }
  }, 120_000)
})
