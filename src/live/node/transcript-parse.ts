/**
 * Bytes of one transcript, pushed in file order, to `ParsedLine`s (live.md §7.3 step 3): the incremental
 * line decoder of src/log/node (raw: complete lines only; zstd: complete frames only, checksum verified)
 * feeding the one `LogParser`. What it does not own: reading files, noticing truncation, deciding what
 * to resend — the follower does that. It never calls the decoder's `end()`, because at end of input that
 * salvages the complete lines of a torn frame, and a follower must not show a frame that is still being
 * written (live.md §10.1). `consumed` is the checkpoint: the offset just past the last complete unit.
 */
import { createLineDecoder, type Damage, type LineDecoder } from '../../log/node/line-decoder'
import type { ZstdCodec } from '../../log/node/compressed/zstd-codec'
import { pushFolded } from '../../log/damage/invalid-runs'
import { LogParser } from '../../log/parser'
import type { ParsedLine } from '../../log/parsed-line'
import type { TranscriptEncoding } from './transcript-pick'

export class TranscriptParse {
  readonly #parser = new LogParser()
  readonly #decoder: LineDecoder
  #batch: ParsedLine[] = []
  #pushed = 0
  #lastEventType: string | null = null
  #lastSeq = -1

  constructor(encoding: TranscriptEncoding, codec: ZstdCodec | null) {
    this.#decoder = createLineDecoder(encoding === 'zstd' ? 'zstd' : 'jsonl', {
      line: (text, line, frame) => {
        const pos = frame === undefined ? { line } : { line, frame }
        for (const parsed of this.#parser.line(text, pos)) this.#take(parsed)
      },
      damage: (damage) => this.#take(damageLine(damage)),
    }, codec)
  }

  /** Offset just past the last complete line (raw) or frame (zstd). */
  get consumed(): number {
    return this.#decoder.consumed
  }

  /** Bytes pushed so far (the read position in the file). */
  get pushed(): number {
    return this.#pushed
  }

  get lastEventType(): string | null {
    return this.#lastEventType
  }

  /** Seq of the last event line so far, -1 when none. */
  get lastSeq(): number {
    return this.#lastSeq
  }

  /** Pushes the next bytes of the file; returns the lines they completed. */
  push(chunk: Uint8Array): ParsedLine[] {
    this.#pushed += chunk.length
    this.#decoder.push(chunk)
    const out = this.#batch
    this.#batch = []
    return out
  }

  #take(line: ParsedLine): void {
    if (line.kind === 'event' || line.kind === 'unknown') {
      this.#lastEventType = line.event.type
      this.#lastSeq = line.event.seq
    }
    // A run of unreadable lines is one entry, as the whole-file reader makes it (src/log/damage/invalid-runs.ts),
    // within what one push completes: a live page of a million blank lines is not a million cards.
    pushFolded(this.#batch, line)
  }
}

/** A damaged region (a bad frame, a record cut at a frame end) as a visible `invalid` line. */
export function damageLine(damage: Damage): ParsedLine {
  const base = { kind: 'invalid' as const, line: damage.line, text: damage.text, reason: damage.reason }
  return damage.frame === undefined ? base : { ...base, frame: damage.frame }
}
