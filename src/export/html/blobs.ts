/**
 * Full texts of cut outputs, embedded in the export instead of the site's side files: each text is
 * deflated (zlib format, fflate, fixed level, so the bytes are the same on every run) and base64-encoded
 * into a `<script type="application/octet-stream">` data block. A data block is never executed and never
 * checked by the Content-Security-Policy; base64 holds no `<`, so nothing in it can end the element. The
 * page script inflates a block with the browser's own `DecompressionStream('deflate')` when asked to show
 * it (html/client.ts) — no decoder ships in the file.
 *
 * The blocks share one byte budget, filled in order of first appearance; a text past it is not embedded
 * and its entry says so (the cut page still shows its head and tail).
 */
import { Zlib, zlibSync } from 'fflate'
import { utf8Length } from '../../search/shard'

/** Base64 bytes of all embedded texts together. */
export const MAX_BLOB_BYTES = 4_000_000

export interface FullText {
  hash: string
  text: string
}

export interface EmbeddedText {
  hash: string
  /** UTF-8 bytes of the text. */
  bytes: number
  lines: number
  /** Base64 of the zlib stream; null when over the budget. */
  data: string | null
}

const encoder = new TextEncoder()
/** Characters encoded and deflated at a time: a 100 MB output is never encoded whole. */
const PIECE_CHARS = 1 << 20

/**
 * The text deflated (zlib, level 6) and base64-encoded, or null as soon as its base64 would pass `room`
 * characters: the text goes through the compressor a piece at a time, so a 100 MB output costs a piece's
 * bytes and at most `room` of compressed output, never its whole UTF-8 encoding (issue 32).
 */
export function encodeTextWithin(text: string, room: number): string | null {
  if (text.length <= PIECE_CHARS) {
    // One piece: the one-shot compressor (its bytes differ from the stream's; what exports held so far).
    const data = Buffer.from(zlibSync(encoder.encode(text), { level: 6 })).toString('base64')
    return data.length > room ? null : data
  }
  const out: Uint8Array[] = []
  let size = 0
  const zlib = new Zlib({ level: 6 }, chunk => {
    out.push(chunk)
    size += chunk.length
  })
  let at = 0
  do {
    let end = Math.min(text.length, at + PIECE_CHARS)
    // A high surrogate at the cut goes with its low one into the next piece.
    if (end < text.length && end > at + 1 && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--
    zlib.push(encoder.encode(text.slice(at, end)), end >= text.length)
    at = end
    if (Math.ceil(size / 3) * 4 > room) return null
  } while (at < text.length)
  return Buffer.concat(out).toString('base64')
}

export function encodeText(text: string): string {
  return encodeTextWithin(text, Number.POSITIVE_INFINITY) as string
}

/** Lines of `text` as `split('\n').length` counts them (0 for ''), without the array. */
function lineCount(text: string): number {
  if (text === '') return 0
  let n = 1
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++
  return n
}

export function packBlobs(texts: readonly FullText[], budget = MAX_BLOB_BYTES): EmbeddedText[] {
  let used = 0
  return texts.map(({ hash, text }) => {
    const bytes = utf8Length(text)
    const lines = lineCount(text)
    const data = used < budget ? encodeTextWithin(text, budget - used) : null
    if (data === null || used + data.length > budget) return { hash, bytes, lines, data: null }
    used += data.length
    return { hash, bytes, lines, data }
  })
}
