/** The content-block reading rules records and results share (./blocks.ts), as a table. */
import { describe, expect, it } from 'vitest'
import type { ContentBlock } from '../../log/events/schema'
import { count, firstText, joined, reasoningOf, textOf } from './blocks'

const text = (t: unknown): ContentBlock => ({ type: 'text', text: t }) as ContentBlock
const reasoning = (t: string): ContentBlock => ({ type: 'reasoning', text: t }) as ContentBlock
const image: ContentBlock = { type: 'image' } as ContentBlock

describe('content blocks', () => {
  it.each<[string, ContentBlock[], string | null, string | null, string, string, number]>([
    // name, content, firstText, firstText non-empty, texts joined by '|', reasoning joined by '|', images
    ['none', [], null, null, '', '', 0],
    ['an empty text first', [text(''), text('a'), text('b')], '', 'a', '|a|b', '', 0],
    ['a text without a string', [text(3), text('x')], 'x', 'x', 'x', '', 0],
    ['mixed kinds', [image, reasoning('r1'), text('t'), image, reasoning('r2')], 't', 't', 't', 'r1|r2', 2],
    ['only images', [image, image], null, null, '', '', 2],
  ])('%s', (_name, content, first, firstNonEmpty, texts, thoughts, images) => {
    expect(firstText(content, false)).toBe(first)
    expect(firstText(content, true)).toBe(firstNonEmpty)
    expect(joined(content, textOf, '|')).toBe(texts)
    expect(joined(content, reasoningOf, '|')).toBe(thoughts)
    expect(count(content, 'image')).toBe(images)
  })
})
