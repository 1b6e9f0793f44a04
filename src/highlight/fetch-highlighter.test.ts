/**
 * The live page's highlighter (fetch-highlighter.ts) against a fake server backed by the real tokenizer:
 * it grants colour to exactly the blocks the build's `Highlighter` does under the same budgets, batches what
 * one task asks for, asks once per distinct block, trusts only fragments of our shape that show the text it
 * sent, and after a failure draws plain text and asks again next time. Also `fragmentText` on its own.
 */
import { describe, expect, it } from 'vitest'
import { CharBudget, MAX_BLOCK_CHARS } from './budget'
import { HighlightCache } from './cache'
import { FetchHighlighter } from './fetch-highlighter'
import { fragmentText } from './fragment'
import { Highlighter } from './highlighter'
import { tokenizeHere } from './tokenize'
import { resolveLanguage } from './language-names'

interface Sent {
  blocks: { lang: string; text: string }[]
}

/** A server that colours like the live server, or answers with `override` per block. */
function fakeServer(override?: (text: string) => string | null) {
  const sent: Sent[] = []
  let failing = false
  const fetch = async (_url: string, init: RequestInit): Promise<Response> => {
    if (failing) throw new TypeError('network down')
    const body = JSON.parse(String(init.body)) as Sent
    sent.push(body)
    const fragments = await Promise.all(
      body.blocks.map(async ({ lang, text }) => {
        if (override !== undefined) return override(text)
        const resolved = resolveLanguage(lang)
        return resolved === null ? null : (await tokenizeHere(resolved, text)).html
      }),
    )
    return new Response(JSON.stringify({ fragments }), { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  return { sent, fetch, fail: (on: boolean) => void (failing = on) }
}

const BLOCKS = [
  { lang: 'ts', text: 'const a = 1' },
  { lang: 'nope', text: 'plain' },
  { lang: 'python', text: 'print(1)\r\n' },
  { lang: 'json', text: '{"a": 1}' },
  { lang: 'ts', text: 'x'.repeat(MAX_BLOCK_CHARS + 1) },
  { lang: 'bash', text: 'echo "a" && ls' },
  { lang: 'ts', text: 'const a = 1' },
  { lang: 'go', text: 'package main\n\nfunc main() {}' },
]

describe('FetchHighlighter', () => {
  it('colours the blocks the build colours, with the same fragments, under the same budgets', async () => {
    const server = fakeServer()
    const live = new FetchHighlighter({ url: '/live/highlight', fetch: server.fetch, maxBlocks: 32, maxChars: 256_000 })
    const build = new Highlighter(new HighlightCache(null))
    // A budget that runs out part way, so the order of decisions matters.
    const liveBudget = new CharBudget(40)
    const buildBudget = new CharBudget(40)
    const got = await Promise.all(BLOCKS.map((b) => live.highlight(b, liveBudget)))
    const want = await Promise.all(BLOCKS.map((b) => build.highlight(b, buildBudget)))
    expect(got).toEqual(want)
    expect(got.filter((h) => h !== null).length).toBeGreaterThan(1)
    expect(got.some((h) => h === null)).toBe(true)
    expect(liveBudget.left).toBe(buildBudget.left)
    // One request for the whole task, each distinct block once.
    expect(server.sent).toHaveLength(1)
    expect(server.sent[0]?.blocks.map((b) => b.text)).toEqual([...new Set(BLOCKS.filter((_, i) => got[i] !== null).map((b) => b.text))])
    // Asked again: answered from memory.
    expect(await live.highlight(BLOCKS[0] as (typeof BLOCKS)[0], new CharBudget(100))).toBe(got[0])
    expect(server.sent).toHaveLength(1)
  })

  it('gives lines as the build does', async () => {
    const server = fakeServer()
    const live = new FetchHighlighter({ url: '/x', fetch: server.fetch, maxBlocks: 32, maxChars: 256_000 })
    const build = new Highlighter(new HighlightCache(null))
    const block = { lang: 'ts', text: 'const a = 1\nconst b = "two"\n' }
    expect(await live.highlightLines(block, new CharBudget(1000))).toEqual(await build.highlightLines(block, new CharBudget(1000)))
  })

  it('splits big asks into bounded requests', async () => {
    const server = fakeServer()
    const live = new FetchHighlighter({ url: '/x', fetch: server.fetch, maxBlocks: 3, maxChars: 50 })
    const texts = Array.from({ length: 8 }, (_, i) => `const v${i} = ${'1'.repeat(i * 4)}`)
    await Promise.all(texts.map((text) => live.highlight({ lang: 'ts', text }, new CharBudget(10_000))))
    expect(server.sent.map((s) => s.blocks.length).every((n) => n <= 3)).toBe(true)
    for (const s of server.sent) expect(s.blocks.length === 1 || s.blocks.reduce((n, b) => n + b.text.length, 0) <= 50).toBe(true)
    expect(server.sent.flatMap((s) => s.blocks.map((b) => b.text))).toEqual(texts)
  })

  it.each<[string, (text: string) => string | null]>([
    ['another text', () => '<pre class="shiki"><code>something else</code></pre>'],
    ['an element of another kind', (text) => `<pre class="shiki"><code><img src=x onerror=alert(1)>${text}</code></pre>`],
    ['an attribute of another kind', (text) => `<pre class="shiki"><code><span class="t1" onclick="x">${text}</span></code></pre>`],
    ['unescaped text', () => '<pre class="shiki"><code>a < b</code></pre>'],
    ['an entity escapeHtml never writes', () => '<pre class="shiki"><code>&nbsp;</code></pre>'],
    ['no wrapper', (text) => `<span class="t1">${text}</span>`],
  ])('draws plain text when the server answers %s', async (_, override) => {
    const live = new FetchHighlighter({ url: '/x', fetch: fakeServer(override).fetch, maxBlocks: 32, maxChars: 256_000 })
    expect(await live.highlight({ lang: 'ts', text: 'a < b' }, new CharBudget(100))).toBeNull()
    expect(live.stats.refused).toBe(1)
  })

  it('draws plain text when the server is away, and asks again later', async () => {
    const server = fakeServer()
    const live = new FetchHighlighter({ url: '/x', fetch: server.fetch, maxBlocks: 32, maxChars: 256_000 })
    server.fail(true)
    expect(await live.highlight({ lang: 'ts', text: 'let x = 1' }, new CharBudget(100))).toBeNull()
    server.fail(false)
    expect(await live.highlight({ lang: 'ts', text: 'let x = 1' }, new CharBudget(100))).toContain('<span class="')
  })
})

describe('fragmentText', () => {
  it.each(['const a = "<b>" && \'c\'', '', '\n\n', 'tab\tand spaces  \nline two', 'x'.repeat(3000)])('reads back what the tokenizer wrote for %j', async (text) => {
    expect(fragmentText((await tokenizeHere('typescript', text)).html)).toBe(text)
  })

  it('refuses markup the tokenizer never writes', () => {
    expect(fragmentText('<pre class="shiki"><code><span class="t1"><span class="t2">x</span></span></code></pre>')).toBeNull()
    expect(fragmentText('<pre class="shiki"><code></code></pre><script>x</script><pre class="shiki"><code></code></pre>')).toBeNull()
    expect(fragmentText('<pre class="shiki"><code><span class="T1">x</span></code></pre>')).toBeNull()
  })
})
