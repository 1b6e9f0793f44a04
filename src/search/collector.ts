/**
 * A session's search shard made section by section (the static build renders a big session in batches and
 * lets each batch's rows go): the same script `searchShard` makes from the whole view model, without
 * holding the session's text. Each row keeps only what the shard can still use of it — its length, and
 * as much of its head and tail as the largest per-row cap still possible (`fairCap` over the rows seen so
 * far, an upper bound on the final cap: more rows only lower it; never below MIN_ROW_CAP, which the
 * keep-from-start regime takes). `capText` of a kept row equals `capText` of the whole text for every cap
 * up to that bound (its head grows with the cap as ⌈3c/4⌉ and its tail as ⌊c/4⌋), so `finish` gives
 * byte for byte what `searchShard` gives; src/search/collector.test.ts compares the two.
 *
 * Kept pieces are fresh strings (a JSON round trip), not slices: a slice would keep the row's whole
 * normalised text alive, which is what this is for not doing.
 */
import type { PageSection } from '../cards/types'
import { searchableLengthUpTo, searchableText } from './text'
import { baseOf, entryOf, fairCap, KeptFromStart, MIN_ROW_CAP, rowsOf, SHARD_BUDGET, shardOf, type Entry, type RawEntry, type ShardLabels, type ShardText, type TextOf } from './shard'

/** A detached copy of a string (V8 slices and concatenations keep their sources alive). */
const detached = (text: string): string => JSON.parse(JSON.stringify(text)) as string

/** The head ⌈3·bound/4⌉ and tail ⌊bound/4⌋ characters of a long row's text, and its full length. */
class KeptText {
  constructor(
    readonly length: number,
    private readonly head: string,
    private readonly tail: string,
  ) {}

  static of(text: ShardText, bound: number): KeptText {
    const head = Math.ceil((bound * 3) / 4)
    const tail = bound - head
    const h = typeof text === 'string' ? text.slice(0, head) : text.prefix(head)
    const t = tail <= 0 ? '' : typeof text === 'string' ? text.slice(text.length - tail) : text.suffix(tail)
    return new KeptText(text.length, detached(h), detached(t))
  }

  get kept(): number {
    return this.head.length + this.tail.length
  }

  prefix(n: number): string {
    if (n > this.head.length) throw new RangeError(`KeptText: ${n} head characters asked, ${this.head.length} kept`)
    return this.head.slice(0, n)
  }

  suffix(n: number): string {
    if (n > this.tail.length) throw new RangeError(`KeptText: ${n} tail characters asked, ${this.tail.length} kept`)
    return n <= 0 ? '' : this.tail.slice(this.tail.length - n)
  }

  toString(): string {
    throw new Error('KeptText: the whole text was not kept')
  }
}

export class ShardCollector {
  readonly #entries: Entry[] = []
  readonly #lengths: number[] = []
  /** Characters the entries hold now; past RETRIM_AT the long ones are trimmed to the current bound. */
  #held = 0
  /** The largest per-row cap the shard can still choose (Infinity while every text fits whole). */
  #bound = Number.POSITIVE_INFINITY
  /** Σ of each row's searchable length up to MIN_ROW_CAP: past the budget, rows are dropped from the end. */
  #minimum = 0
  /** Set once `#minimum` passed the budget: the shard is then the rows kept from the start (`keepFromStart`). */
  #kept: KeptFromStart | null = null

  constructor(
    private readonly session: { stem: string; labels: ShardLabels },
    private readonly textOf: TextOf = searchableText,
  ) {}

  /** Characters of row text held now (for tests: it stays near the budget, whatever the session's size). */
  get held(): number {
    return this.#held
  }

  /** The rows of one (uncut) view section, in page order. */
  add(section: PageSection): void {
    // Once the rows kept from the start fill the shard, no later row is made (nor its text flattened).
    if (this.#kept?.full === true) return
    const raw: RawEntry[] = []
    for (const row of section.rows) rowsOf(row, this.session.labels, raw)
    for (const r of raw) {
      // As `searchShard` decides: once even MIN_ROW_CAP characters of every row cannot all fit, rows are
      // kept from the start while they fit, and a row past the last one kept is never made.
      if (this.#kept !== null) {
        if (this.#kept.full) return
        this.#kept.offer(entryOf(r, this.textOf))
        continue
      }
      this.#minimum += searchableLengthUpTo(r[5], MIN_ROW_CAP)
      const entry = entryOf(r, this.textOf)
      const text = entry[5]
      this.#lengths.push(text.length)
      if (text.length > this.#bound) entry[5] = KeptText.of(text, this.#bound)
      // A CompactText reads its characters from the row's whole normalised text: keep its own string instead.
      else if (typeof text !== 'string') entry[5] = detached(String(text))
      this.#held += Math.min(text.length, this.#bound)
      this.#entries.push(entry)
      if (this.#minimum > SHARD_BUDGET) this.#dropFromEnd()
    }
    if (this.#held > 4 * SHARD_BUDGET) this.#retrim()
  }

  /** Switches to keeping rows from the start: the entries so far are offered in order, then let go. */
  #dropFromEnd(): void {
    // The title is given at `finish` (`KeptFromStart.script(title)`): rows are kept as for the shortest one.
    const kept = new KeptFromStart(baseOf({ stem: this.session.stem, title: '' }))
    for (const entry of this.#entries) if (!kept.offer(entry)) break
    this.#kept = kept
    this.#entries.length = 0
    this.#lengths.length = 0
    this.#held = 0
  }

  /** Lowers the bound to what the rows seen so far allow and trims the rows longer than it. */
  #retrim(): void {
    this.#bound = Math.max(fairCap(this.#lengths, SHARD_BUDGET), MIN_ROW_CAP)
    this.#held = 0
    for (const entry of this.#entries) {
      const text = entry[5]
      if (text.length > this.#bound && !(text instanceof KeptText && text.kept <= this.#bound)) entry[5] = KeptText.of(text, this.#bound)
      this.#held += Math.min(text.length, this.#bound)
    }
  }

  /** The shard script (`searchShard`'s bytes for the same rows). */
  finish(title: string): string {
    if (this.#kept !== null) return this.#kept.script(title)
    return shardOf(this.#entries, baseOf({ stem: this.session.stem, title }))
  }
}
