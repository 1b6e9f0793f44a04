/**
 * A row's searchable text (src/search/shard.ts): its parts joined by newlines, whitespace collapsed and
 * control characters dropped (`normalize`), and, when that is longer than WHOLE_TEXT, its head verbatim
 * followed by every later word once (`compact`). `searchableText` gives exactly
 * `compact(normalize(parts.join('\n')))`, cheaper: a long session's rows hold tens of megabytes of output,
 * and the two regular-expression passes, the copies between them and one string per word cost more than
 * rendering the pages did. Here one pass reads the words in place — a word of the normalised text is a run
 * of non-gap characters of one part — so neither the joined nor the normalised text is ever built (a
 * 100 MB output of millions of short lines allocated ~10× its size in copies; issue 32), and a long row's
 * words are recognised by their characters (a hash, then a comparison) without becoming strings; its
 * compacted text stays spans of the parts (`CompactText`) until someone needs its characters — usually
 * only a head and a tail, because a big session's shard caps every long row.
 */

/** Rows longer than this keep half of it verbatim, then their distinct words (see compact()). */
export const WHOLE_TEXT = 4_000
const CUT = WHOLE_TEXT / 2
const ELLIPSIS = ' … '

/** Collapses whitespace and drops control characters: the text people search, not its layout. */
export function normalize(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim()
}

/** A long row's searchable form: its head verbatim, then every distinct word of the rest once, in order. */
export function compact(text: string): string {
  if (text.length <= WHOLE_TEXT) return text
  const seen = new Set<string>()
  const words: string[] = []
  for (const word of text.slice(CUT).split(' ')) {
    if (seen.has(word)) continue
    seen.add(word)
    words.push(word)
  }
  return `${text.slice(0, CUT)}${ELLIPSIS}${words.join(' ')}`
}

/**
 * The gaps `normalize` changes. A gap is what it turns into a space: JavaScript's `\s` (WhiteSpace and
 * LineTerminator, the set `trim` removes) and the C0 controls and DEL. A run of two or more becomes one
 * space, and so does a single gap other than a space; a single space is left as it is — which, with a
 * trim, is what `normalize` does, with one match per line instead of one per word.
 */
// eslint-disable-next-line no-control-regex
const CHANGED_GAPS = /[\s\u0000-\u001f\u007f]{2,}|[\u0000-\u001f\u007f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g

/** Whether `c` (a UTF-16 code unit) is a gap: in JavaScript's `\s`, a C0 control or DEL. */
function isGap(c: number): boolean {
  if (c <= 0x20 || c === 0x7f) return true
  if (c < 0xa0) return false
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
}

/** Code units `replaceGaps` builds a piece of at a time. */
const PIECE = 1 << 13
const pieceBuffer = new Uint16Array(PIECE)

/**
 * `text.replace(CHANGED_GAPS, ' ')` — every run of gaps becomes one space — without `replace`: V8 builds a
 * global replace with this pattern as a chain of concatenated strings, one a match, so a tool output of
 * millions of short lines cost hundreds of MB and seconds (issue 32). Here a text that needs no change is
 * returned as it is, and any other is copied in pieces of PIECE code units.
 */
export function replaceGaps(text: string): string {
  CHANGED_GAPS.lastIndex = 0
  const changes = CHANGED_GAPS.test(text)
  CHANGED_GAPS.lastIndex = 0
  if (!changes) return text
  const out: string[] = []
  let n = 0
  let inGap = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (isGap(c)) {
      if (inGap) continue
      inGap = true
      pieceBuffer[n++] = 0x20
    } else {
      inGap = false
      pieceBuffer[n++] = c
    }
    if (n === PIECE) {
      out.push(String.fromCharCode.apply(null, pieceBuffer as unknown as number[]))
      n = 0
    }
  }
  if (n > 0) out.push(String.fromCharCode.apply(null, pieceBuffer.subarray(0, n) as unknown as number[]))
  return out.join('')
}

/** `normalize(texts.join('\n'))`. */
export function normalizeAll(texts: readonly string[]): string {
  return replaceGaps(texts.join('\n')).trim()
}

const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193
const SPACE = 0x20

/**
 * The hash table's slots, shared by every `DistinctWords` while it is being filled (one at a time, never
 * across an await): a long session has hundreds of long rows, and a fresh typed array for each cost more
 * than filling it.
 */
let scratch: Int32Array = new Int32Array(1 << 12)
let spare: Int32Array = new Int32Array(1 << 12)

/**
 * Distinct pieces of text, in order of first appearance, as spans of the strings they were read from
 * (`parts`, `starts`, `ends`, parallel): the row's own texts, which the conversation model holds anyway, so
 * a 100 MB output's words cost no copy. Open addressing over the spans while it is filled (`add`, then
 * `done`): a piece seen before costs its hash and one comparison.
 */
class DistinctWords {
  readonly #parts: number[] = []
  readonly #starts: number[] = []
  readonly #ends: number[] = []
  #hashes: number[] = []
  /** Slots hold 1 + a piece's index, 0 when empty; the table is kept at most half full. */
  #size = 1 << 10
  #slots: Int32Array | null
  /** Characters of the pieces joined by single spaces. */
  chars = -1

  constructor(private readonly texts: readonly string[]) {
    this.#slots = scratch
    this.#slots.fill(0, 0, this.#size)
  }

  get count(): number {
    return this.#starts.length
  }

  /** Adds the piece `texts[part].slice(start, end)` unless an equal one is there already. */
  add(part: number, start: number, end: number): void {
    const slots = this.#slots
    if (slots === null) throw new Error('DistinctWords.add after done()')
    const texts = this.texts
    const text = texts[part] as string
    let hash = FNV_OFFSET
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME)
    const length = end - start
    const starts = this.#starts
    const ends = this.#ends
    const parts = this.#parts
    const hashes = this.#hashes
    const mask = this.#size - 1
    let slot = hash & mask
    for (let entry = slots[slot] as number; entry !== 0; entry = slots[slot] as number) {
      const k = entry - 1
      const s = starts[k] as number
      if (hashes[k] === hash && (ends[k] as number) - s === length && sameChars(texts[parts[k] as number] as string, s, text, start, length)) return
      slot = (slot + 1) & mask
    }
    const k = starts.length
    parts.push(part)
    starts.push(start)
    ends.push(end)
    hashes.push(hash)
    this.chars += length + 1
    slots[slot] = k + 1
    if ((k + 1) * 2 > this.#size) this.#grow()
  }

  /** Filling is over (the shared tables stay with `scratch`, the larger one, for the next text). */
  done(): void {
    this.#slots = null
    this.#hashes = []
  }

  #grow(): void {
    const size = this.#size * 2
    if (spare.length < size) spare = new Int32Array(size)
    const next = spare
    next.fill(0, 0, size)
    const mask = size - 1
    const hashes = this.#hashes
    for (let j = 0; j < hashes.length; j++) {
      let s = (hashes[j] as number) & mask
      while (next[s] !== 0) s = (s + 1) & mask
      next[s] = j + 1
    }
    spare = this.#slots as Int32Array
    this.#slots = next
    scratch = next
    this.#size = size
  }

  length(k: number): number {
    return (this.#ends[k] as number) - (this.#starts[k] as number)
  }

  /** Pieces `from` to `to` (exclusive) joined by single spaces. */
  join(from = 0, to = this.count): string {
    const out: string[] = []
    for (let k = from; k < to; k++) out.push((this.texts[this.#parts[k] as number] as string).slice(this.#starts[k], this.#ends[k]))
    return out.join(' ')
  }
}

function sameChars(a: string, from: number, b: string, at: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (a.charCodeAt(from + i) !== b.charCodeAt(at + i)) return false
  return true
}

/**
 * A compacted long text — its normalised head, `ELLIPSIS`, its distinct later words joined by spaces —
 * held as positions until its characters are needed: `length` and the first or last few characters cost
 * no more than those characters.
 */
export class CompactText {
  readonly length: number
  #whole: string | null = null

  constructor(
    /** The normalised text's first CUT characters. */
    private readonly head: string,
    private readonly words: DistinctWords,
  ) {
    this.length = head.length + ELLIPSIS.length + words.chars
  }

  toString(): string {
    return (this.#whole ??= `${this.head}${ELLIPSIS}${this.words.join()}`)
  }

  /** The first `n` characters. */
  prefix(n: number): string {
    if (this.#whole !== null) return this.#whole.slice(0, n)
    const lead = this.head.length + ELLIPSIS.length
    if (n <= lead) return `${this.head}${ELLIPSIS}`.slice(0, n)
    let k = 0
    for (let have = lead; have < n && k < this.words.count; k++) have += this.words.length(k) + (k > 0 ? 1 : 0)
    return `${this.head}${ELLIPSIS}${this.words.join(0, k)}`.slice(0, n)
  }

  /** The last `n` characters. */
  suffix(n: number): string {
    if (n <= 0) return ''
    if (n > this.words.chars || this.#whole !== null) return this.toString().slice(this.length - n)
    let k = this.words.count
    for (let have = -1; have < n && k > 0; ) have += this.words.length(--k) + 1
    const tail = this.words.join(k)
    return tail.slice(tail.length - n)
  }
}

/** A row's searchable text: a string, or (long rows) a CompactText that reads as the same string. */
export type SearchableText = string | CompactText

/**
 * `compact(normalize(parts.join('\n')))`, with the empty and missing parts left out first; a long result
 * as a CompactText (`String(result)` is that string).
 *
 * @example String(searchableText(['npm test', 'ok 1\n\tok 2'])) // → 'npm test ok 1 ok 2'
 */
export function searchableText(parts: readonly (string | null | undefined)[]): SearchableText {
  const texts: string[] = []
  for (const p of parts) if (typeof p === 'string' && p !== '') texts.push(p)
  // The normalised text is the words of the joined texts (runs of code units that are not gaps; the '\n'
  // joining two texts is a gap, so no word spans two) joined by single spaces. It is never built: the words
  // are read in place, as spans, so a tool output of millions of short lines costs no copy of itself.
  // Until the normalised text passes WHOLE_TEXT its words are listed (`head`, three numbers a word);
  // after that every piece past CUT goes to `words`, which keeps each distinct one once.
  const head: number[] = []
  let length = -1
  let words: DistinctWords | null = null
  try {
    for (let t = 0; t < texts.length; t++) {
      const text = texts[t] as string
      const n = text.length
      let i = 0
      for (;;) {
        while (i < n && isGap(text.charCodeAt(i))) i++
        if (i >= n) break
        const start = i
        while (i < n && !isGap(text.charCodeAt(i))) i++
        // The word's offset in the normalised text: after the previous one and its separating space.
        const at = length + 1
        length = at + (i - start)
        if (words !== null) words.add(t, start, i)
        else {
          head.push(t, start, i)
          if (length > WHOLE_TEXT) words = piecesPastCut(texts, head)
        }
      }
    }
  } finally {
    words?.done()
  }
  const headText = joinSpans(texts, head)
  if (words === null) return headText
  return new CompactText(headText.slice(0, CUT), words)
}

/** The spans `spans` (text index, start, end, …) of `texts`, joined by single spaces. */
function joinSpans(texts: readonly string[], spans: readonly number[]): string {
  const out: string[] = []
  for (let k = 0; k < spans.length; k += 3) out.push((texts[spans[k] as number] as string).slice(spans[k + 1], spans[k + 2]))
  return out.join(' ')
}

/**
 * The first pieces of `normalised.slice(CUT).split(' ')`, from the words so far (`head`, which reach past
 * CUT): the rest of the word CUT falls in — or an empty piece when CUT falls on a space — then each
 * later word. Returned as a `DistinctWords` still being filled.
 */
function piecesPastCut(texts: readonly string[], head: readonly number[]): DistinctWords {
  const words = new DistinctWords(texts)
  let at = 0
  let started = false
  for (let k = 0; k < head.length; k += 3) {
    const t = head[k] as number
    const start = head[k + 1] as number
    const end = head[k + 2] as number
    const wordEnd = at + (end - start)
    if (wordEnd > CUT) {
      if (started) words.add(t, start, end)
      else {
        started = true
        // A word starting past CUT: CUT is on the space before it, and the first piece is empty.
        if (at > CUT) words.add(t, start, start)
        words.add(t, start + Math.max(0, CUT - at), end)
      }
    }
    at = wordEnd + 1
  }
  return words
}

/**
 * `Math.min(searchableText(parts).length, limit)` for a `limit` up to WHOLE_TEXT / 2, normalising only as
 * much of the parts' start as that takes: the normalised form of a text's start is a start of its
 * normalised form, and a text normalised to more than WHOLE_TEXT characters compacts to more than
 * WHOLE_TEXT / 2. A big session's shard learns from this which rows it can keep before making any.
 */
export function searchableLengthUpTo(parts: readonly (string | null | undefined)[], limit: number): number {
  if (limit > CUT) throw new RangeError(`searchableLengthUpTo: limit ${limit} is over ${CUT}`)
  for (let take = 4 * limit + 16; ; take *= 4) {
    const head: string[] = []
    let have = 0
    let cut = false
    for (const p of parts) {
      if (typeof p !== 'string' || p === '') continue
      if (have >= take) {
        cut = true
        break
      }
      // A slice of a flat string is a view, not a copy: a 10 MB output costs nothing here.
      head.push(p.length > take - have ? p.slice(0, take - have) : p)
      have += p.length + 1
    }
    if (!cut && have <= take) return Math.min(searchableText(parts).length, limit)
    if (head.join('\n').replace(CHANGED_GAPS, ' ').trim().length >= limit) return limit
  }
}
