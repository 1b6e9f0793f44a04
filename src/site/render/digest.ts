/**
 * What a session's pages need of the whole conversation besides its sections — the prompt list, the find
 * box's tool counts, and the first prompt (the title when the log names none) — gathered section by
 * section. The build takes `digestOf` the model's sections (the prompt list is `sessionPrompts` of the view
 * model, the tool counts `toolCounts`, without making the view model); `sessionTitle` and `summarize` take
 * `firstPromptOf`, the same rule stopped at the first prompt.
 */
import { TurnAnchors } from '../../cards/view-model'
import type { Section } from '../../conversation/model'
import { addToolCounts, sortCounts } from '../../search/shard'
import { firstLine, type Prompt } from './prompts'

export class SessionDigest {
  readonly prompts: Prompt[] = []
  /** The first prompt's text (not inherited, not blank), or null. */
  firstPrompt: string | null = null
  readonly #tools = new Map<string, number>()
  readonly #anchors = new TurnAnchors()

  add(section: Section): void {
    const anchor = this.#anchors.next(section)
    // A user row is a `user` or `steering` node, keyed and worded as the node is; a turn's anchor is
    // `turn-N` on the first section of that number (src/cards/view-model.ts).
    if (!section.inherited) {
      let first = true
      for (const node of section.nodes) {
        if (node.kind !== 'user' && node.kind !== 'steering') continue
        const id = first && anchor !== null ? anchor : node.key
        first = false
        this.prompts.push({ number: this.prompts.length + 1, turn: section.turn, id, label: firstLine(node.text) })
      }
    }
    if (this.firstPrompt === null) this.firstPrompt = firstPromptIn(section)
    addToolCounts(this.#tools, section.nodes)
  }

  /** Every tool name with its row count, sorted by name (the find box's tool filter). */
  get tools(): [tool: string, count: number][] {
    return sortCounts(this.#tools)
  }
}

/** A section's first prompt: its first user node not inherited and not blank (the title when the log names none). */
function firstPromptIn(section: Section): string | null {
  for (const node of section.nodes) if (node.kind === 'user' && !node.inherited && node.text.trim() !== '') return node.text
  return null
}

/**
 * `digestOf(sections).firstPrompt` without the rest of the digest: it stops at the first prompt, usually in the
 * first section (a session's title and summary need only this; the whole digest of a long session costs a walk
 * of every node and a prompt label per user row).
 */
export function firstPromptOf(sections: readonly Section[]): string | null {
  for (const section of sections) {
    const prompt = firstPromptIn(section)
    if (prompt !== null) return prompt
  }
  return null
}

/** The digest of every section of a model. */
export function digestOf(sections: readonly Section[]): SessionDigest {
  const digest = new SessionDigest()
  for (const section of sections) digest.add(section)
  return digest
}
