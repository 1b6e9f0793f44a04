import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { corpusLogs } from '../../../snapshots/corpus'
import { assemble } from '../../conversation'
import type { Section } from '../../conversation/model'
import { parseLogText } from '../../log/json/parse-text'
import { digestOf, firstPromptOf } from './digest'

describe('firstPromptOf: the digest’s first prompt without the digest', () => {
  it.each(corpusLogs().filter(l => !l.zstd))('$scenario', ({ url }) => {
    const { sections } = assemble(parseLogText(readFileSync(url, 'utf8')).lines)
    expect(firstPromptOf(sections)).toBe(digestOf(sections).firstPrompt)
  })

  const user = (text: string, inherited = false) => ({ kind: 'user', key: `u:${text}`, text, inherited }) as unknown as Section['nodes'][number]
  const section = (...nodes: Section['nodes']) => ({ turn: 1, inherited: false, nodes }) as unknown as Section
  it.each([
    ['no sections', [], null],
    ['blank and inherited prompts are skipped', [section(user('  '), user('old', true)), section(user('asked'))], 'asked'],
    ['the first of a section wins', [section(user('a'), user('b'))], 'a'],
    ['none at all', [section(user(' \n'))], null],
  ] as [string, Section[], string | null][])('%s', (_what, sections, first) => {
    expect(firstPromptOf(sections)).toBe(first)
    expect(digestOf(sections).firstPrompt).toBe(first)
  })
})
