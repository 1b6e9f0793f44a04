/**
 * The typing overlay of a live page attached to a newer dsh host (live.md §4.4, §10.2): that host does not
 * keep token deltas in the log, but streams them to followers as `assistant-stream` frames (start, chunks,
 * end), which the overlay feed passes on as `overlay-typing` (site-feed.ts `TypingFrame`). While an attempt
 * streams, a box after the transcript shows its text so far — as text (`textContent`), never as HTML — and
 * it goes away on `end`: at once when abandoned, and when committed as soon as the page draws the committed
 * seq (at once if it already does, so the text never blinks out before the message is in). It also goes
 * when the durable `assistant/message` after the attempt's start arrives from the file or the host, or when
 * the overlay is reset. Transient: it is not part of the transcript, and nothing here changes what the
 * transcript draws.
 */
import type { Locale } from '../../cards/types'
import type { ParsedLine } from '../../log/parsed-line'
import type { TypingFrame } from './site-feed'

export const LABELS: Record<Locale, { typing: string; thinking: string }> = {
  en: { typing: 'Assistant is typing…', thinking: 'Assistant is thinking…' },
  zh: { typing: '助手正在输入…', thinking: '助手正在思考…' },
}

/** Characters of streamed text shown (the end of it); the durable message has the rest. */
export const TYPING_SHOWN_CHARS = 4_000
/** A committed attempt whose seq never reaches the page (the host went away) is cleared after this long. */
export const COMMITTED_WAIT_MS = 10_000

interface Attempt {
  id: string
  afterSeq: number
  text: string
  reasoning: string
  /** Ended committed at this seq, which the page does not draw yet. */
  until: number | null
}

export class TypingOverlay {
  #attempt: Attempt | null = null
  #box: HTMLElement | null = null
  #timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly doc: Document,
    private readonly main: HTMLElement,
    private readonly locale: Locale,
    /** The last seq the page draws (file or provisional). */
    private readonly drawnSeq: () => number,
  ) {}

  /** The attempt being shown, if any (tests and the page read it). */
  get active(): { id: string; text: string; reasoning: string } | null {
    const a = this.#attempt
    return a === null ? null : { id: a.id, text: a.text, reasoning: a.reasoning }
  }

  apply(frame: TypingFrame): void {
    if (frame.type === 'start') {
      this.clear()
      this.#attempt = { id: frame.attemptId, afterSeq: frame.afterSeq, text: '', reasoning: '', until: null }
    } else if (frame.type === 'chunk') {
      const a = this.#attempt
      if (a === null || a.id !== frame.attemptId || a.until !== null) return
      if (frame.channel === 'text') a.text += frame.text
      else a.reasoning += frame.text
    } else {
      const a = this.#attempt
      if (a === null || a.id !== frame.attemptId) return
      if (frame.seq === null || this.drawnSeq() >= frame.seq) return this.clear()
      // Committed, but the message is not on the page yet: keep the text until it is.
      a.until = frame.seq
      this.#timer = setTimeout(() => this.clear(), COMMITTED_WAIT_MS)
    }
    this.#draw()
  }

  /** Lines that reached the page (file or host): the durable message ends the attempt's overlay. */
  seen(lines: readonly ParsedLine[]): void {
    const a = this.#attempt
    if (a === null) return
    const arrived = (l: ParsedLine) =>
      (l.kind === 'event' || l.kind === 'unknown') && ((a.until !== null && l.event.seq >= a.until) || (l.event.type === 'assistant/message' && l.event.seq > a.afterSeq))
    if (lines.some(arrived)) this.clear()
  }

  clear(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    if (this.#attempt === null && this.#box === null) return
    this.#attempt = null
    this.#draw()
  }

  #draw(): void {
    const a = this.#attempt
    if (a === null) {
      this.#box?.remove()
      this.#box = null
      return
    }
    if (this.#box === null) {
      this.#box = this.doc.createElement('div')
      this.#box.className = 'dsh-live-typing'
      this.#box.setAttribute('data-live-typing', '')
      // Read out once, not token by token.
      this.#box.setAttribute('aria-live', 'off')
      this.#box.setAttribute('aria-busy', 'true')
      this.main.after(this.#box)
    }
    const label = this.doc.createElement('p')
    label.className = 'dsh-live-typing-label'
    const thinking = a.text === '' && a.reasoning !== ''
    label.textContent = thinking ? LABELS[this.locale].thinking : LABELS[this.locale].typing
    const body = this.doc.createElement('p')
    body.className = thinking ? 'dsh-live-typing-reasoning' : 'dsh-live-typing-text'
    const text = thinking ? a.reasoning : a.text
    body.textContent = text.length > TYPING_SHOWN_CHARS ? `…${text.slice(text.length - TYPING_SHOWN_CHARS)}` : text
    this.#box.replaceChildren(label, body)
  }
}
