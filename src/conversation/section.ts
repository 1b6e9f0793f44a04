/**
 * The fold's unit of caching: a section (one turn, or the events between turns) holding "items", each of
 * which materializes into at most one Chat node. An item caches its node until something touches it; a
 * section caches its `Section` until one of its items is touched. `snapshot()` therefore rebuilds only what
 * changed since the last snapshot, so closed turns cost nothing on a live append (architecture §2.3).
 */
import type { ChatNode, Section } from './model'

export interface BuildContext {
  live: boolean
  /** Seed cut: nodes anchored before it are inherited (fork/subagent children); null when none. */
  inheritedBeforeSeq: number | null
}

export function isInherited(ctx: BuildContext, seq: number): boolean {
  return ctx.inheritedBeforeSeq !== null && seq < ctx.inheritedBeforeSeq
}

export abstract class Item {
  #cache: ChatNode | null | undefined = undefined
  constructor(readonly section: SectionState) {
    section.items.push(this)
    section.dirty = true
  }

  /** Something this item renders changed: rebuild it (and its section) at the next snapshot. */
  touch(): void {
    this.#cache = undefined
    this.section.dirty = true
  }

  node(ctx: BuildContext): ChatNode | null {
    if (this.#cache === undefined) this.#cache = this.build(ctx)
    return this.#cache
  }

  protected abstract build(ctx: BuildContext): ChatNode | null
}

/** Chat order: anchorSeq, ties by key (cards.md §3.6). Keys compare by code unit, locale-independent. */
export function compareNodes(a: ChatNode, b: ChatNode): number {
  if (a.anchorSeq !== b.anchorSeq) return a.anchorSeq - b.anchorSeq
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
}

export interface TurnEnd {
  seq: number
  time: number | null
  reason: string
  error: { message: string | null; code: string | null } | null
}

export class SectionState {
  readonly items: Item[] = []
  dirty = true
  #cached: Section | null = null
  /** Highest event seq seen in this section (for the `inherited` flag). */
  maxSeq = -1
  end: TurnEnd | null = null
  /** A person's prompt or a trigger notice has opened this turn (cards-current.md §4.3). */
  opened = false
  /** The tail item, rebuilt whenever the section is (it summarizes the whole turn). */
  tail: Item | null = null
  /** `deliverables/presented` events of the section, in log order (the delivered-file block, §8.3). */
  readonly presented: { seq: number; files: unknown[] }[] = []

  constructor(
    readonly key: string,
    readonly turn: number | null,
    readonly startSeq: number,
    readonly startTime: number | null,
  ) {}

  /** Everything renders afresh (the seed cut moved). */
  touchAll(): void {
    for (const item of this.items) item.touch()
    this.dirty = true
  }

  snapshot(ctx: BuildContext): Section {
    if (!this.dirty && this.#cached !== null) return this.#cached
    this.tail?.touch()
    const nodes: ChatNode[] = []
    for (const item of this.items) {
      const node = item.node(ctx)
      if (node !== null) nodes.push(node)
    }
    nodes.sort(compareNodes)
    this.#cached = {
      key: this.key,
      turn: this.turn,
      startSeq: this.startSeq,
      endSeq: this.end?.seq ?? null,
      endReason: this.end?.reason ?? null,
      inherited: ctx.inheritedBeforeSeq !== null && this.maxSeq < ctx.inheritedBeforeSeq,
      nodes,
    }
    this.dirty = false
    return this.#cached
  }
}
