/**
 * Links from a parent's subagent calls to the children its log does not name (./spawn-links.ts): the rule on
 * small tables, then on every corpus family that dsh wrote with children beside their parent — each child
 * gets exactly one call, the one dsh gave its prompt, and links the log already names stay as they are.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseLogText } from '../log/json/parse-text'
import { firstPromptOf } from '../site/render/digest'
import { assemble, type Conversation } from './index'
import type { ChildLink } from './model'
import { linkFamilyByPrompt, linkSpawnedChildren, spawnCalls, type FamilyMemberLinks, type SpawnCall, type SpawnedChild } from './spawn-links'

const link = (sessionId: string, callId: string | null, via: ChildLink['via'] = 'result-text'): ChildLink => ({ sessionId, via, callId, seq: 1, label: null, mode: null })
const spawn = (callId: string, seq: number, prompt: string): SpawnCall => ({ callId, seq, prompt })
const kid = (id: string, prompt: string | null, createdAt: number | null = null): SpawnedChild => ({ id, prompt, createdAt })
const pairs = (links: readonly ChildLink[]) => links.map(l => `${l.sessionId}←${l.callId ?? '-'} ${l.via}`).sort()

describe('linkSpawnedChildren', () => {
  it('gives each child the call that gave its first prompt', () => {
    const out = linkSpawnedChildren([], [spawn('c1', 5, 'Say A'), spawn('c2', 9, 'Say B')], [kid('b', 'Say B', 2), kid('a', '  Say A\n', 1)])
    expect(pairs(out)).toEqual(['a←c1 spawn-prompt', 'b←c2 spawn-prompt'])
  })

  it('pairs calls of the same prompt with children oldest first', () => {
    const out = linkSpawnedChildren([], [spawn('c1', 5, 'Same'), spawn('c2', 6, 'Same')], [kid('late', 'Same', 20), kid('early', 'Same', 10)])
    expect(pairs(out)).toEqual(['early←c1 spawn-prompt', 'late←c2 spawn-prompt'])
  })

  it('keeps what the log names, fills a link that had no call, and leaves the rest alone', () => {
    const named = link('a', 'c1')
    const out = linkSpawnedChildren(
      [named, link('b', null, 'settled-notice')],
      [spawn('c1', 5, 'Say A'), spawn('c2', 6, 'Say B'), spawn('c3', 7, 'Say C')],
      [kid('a', 'Say C'), kid('b', 'Say B'), kid('c', 'Unasked'), kid('d', null)],
    )
    expect(pairs(out)).toEqual(['a←c1 result-text', 'b←c2 settled-notice'])
    // The input is not changed.
    expect(named.callId).toBe('c1')
  })
})

describe('linkFamilyByPrompt (a whole family at once, as build and export link it)', () => {
  const member = (id: string, parentId: string | null, spawns: SpawnCall[] = [], prompt: string | null = null, links: ChildLink[] = []): FamilyMemberLinks => ({ id, parentId, links, spawns, prompt, createdAt: null })
  it('links each parent to its own children only, in member order, nested levels included', () => {
    const family = [
      member('root', null, [spawn('r1', 1, 'Do A'), spawn('r2', 2, 'Do B')]),
      member('b', 'root', [spawn('b1', 1, 'Deeper')], 'Do B'),
      member('a', 'root', [], 'Do A'),
      member('deep', 'b', [], 'Deeper'),
      member('other', 'elsewhere', [], 'Do A'),
      // A session whose header names itself as parent is not its own child.
      member('self', 'self', [spawn('s1', 1, 'Me')], 'Me'),
    ]
    expect(linkFamilyByPrompt(family).map(pairs)).toEqual([['a←r1 spawn-prompt', 'b←r2 spawn-prompt'], ['deep←b1 spawn-prompt'], [], [], [], []])
  })

  it('gives what linkSpawnedChildren gives each parent with the members that name it', () => {
    const family = [
      member('p', null, [spawn('c1', 5, 'Same'), spawn('c2', 6, 'Same'), spawn('c3', 7, 'X')], null, [link('k3', 'c3')]),
      { ...member('k2', 'p', [], 'Same'), createdAt: 20 },
      { ...member('k1', 'p', [], 'Same'), createdAt: 10 },
      member('k3', 'p', [], 'X'),
    ]
    const expected = family.map(m => {
      const kids = family.filter(k => k !== m && k.parentId === m.id)
      return m.spawns.length === 0 || kids.length === 0 ? [...m.links] : linkSpawnedChildren(m.links, m.spawns, kids)
    })
    expect(linkFamilyByPrompt(family)).toEqual(expected)
    expect(pairs(linkFamilyByPrompt(family)[0] ?? [])).toEqual(['k1←c1 spawn-prompt', 'k2←c2 spawn-prompt', 'k3←c3 result-text'])
  })
})

const CORPUS = new URL('../../fixtures/corpus/v0/acp-agent/', import.meta.url)
const fold = (dir: string, file: string): Conversation => assemble(parseLogText(readFileSync(new URL(`${dir}/${file}`, CORPUS), 'utf8')).lines)

/** A parent log and the children beside it (session.N.jsonl whose header names it), linked by the rule. */
function family(dir: string): { parent: Conversation; links: ChildLink[]; prompts: Map<string, string> } {
  const parent = fold(dir, 'session.jsonl')
  const kids = readdirSync(new URL(dir, CORPUS)).filter(f => /^session\.\d+\.jsonl$/.test(f)).map(f => fold(dir, f)).filter(c => c.header?.parentSession === parent.header?.id)
  const links = linkSpawnedChildren(parent.facts.children, spawnCalls(parent.sections), kids.map(c => ({ id: c.header?.id ?? '', prompt: firstPromptOf(c.sections), createdAt: c.header?.createdAt ?? null })))
  const prompts = new Map(spawnCalls(parent.sections).map(s => [s.callId, s.prompt]))
  return { parent, links, prompts }
}

describe('format-0 corpus families', () => {
  it.each([
    ['subagent-multi', 2],
    ['subagent-parallel', 2],
    ['subagent-mixed', 2],
    ['subagent-spawn-in-process', 1],
    ['subagent-child-question-rejection', 1],
    ['advanced-toolchain', 2],
  ])('%s: every child gets one call of its own', (dir, children) => {
    const { parent, links } = family(dir)
    const called = links.filter(l => l.callId !== null)
    expect(called).toHaveLength(children)
    expect(new Set(called.map(l => l.callId)).size).toBe(children)
    // What the parent's log names is kept.
    for (const own of parent.facts.children) expect(links).toContainEqual(own)
  })

  it('subagent-multi: ALPHA and BETA each to the call that asked for it', () => {
    const { links, prompts } = family('subagent-multi')
    expect(links.map(l => [l.via, prompts.get(l.callId ?? '')?.match(/ALPHA|BETA/)?.[0]])).toEqual([['spawn-prompt', 'ALPHA'], ['spawn-prompt', 'BETA']])
  })

  it('subagent-continuable: the log already names the child; nothing is added', () => {
    const { parent, links } = family('subagent-continuable')
    expect(links).toEqual(parent.facts.children)
  })
})
