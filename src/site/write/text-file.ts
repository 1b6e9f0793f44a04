/**
 * A side text file's bytes: a UTF-8 BOM (so browsers read a file:// text file as UTF-8 instead of
 * guessing) and the text, encoded piece by piece. Prefixing the BOM to the string (`\ufeff${text}`) would
 * build a second copy of a text that may be the whole of a 100 MB tool output — as a two-byte string,
 * since U+FEFF is not Latin-1, so twice the text's length in bytes (issue 32: most of the many-short-lines
 * build's peak). Pieces are cut between characters, never inside a surrogate pair.
 */

import type { ChunkSource } from './atomic-write'

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf)
/** Characters encoded per piece: big enough that a page's worth of pieces is a handful of writes. */
const PIECE_CHARS = 1 << 20

/** A side text file: the BOM then `text` as UTF-8, each piece encoded only as it is written. */
export function bomText(text: string, pieceChars = PIECE_CHARS): ChunkSource {
  return { chunks: () => bomTextChunks(text, pieceChars) }
}

/** The BOM then `text` as UTF-8, in pieces of at most ~PIECE_CHARS characters, each made when asked for. */
export function* bomTextChunks(text: string, pieceChars = PIECE_CHARS): Generator<Uint8Array> {
  yield BOM
  let at = 0
  while (at < text.length) {
    let end = Math.min(text.length, at + pieceChars)
    // A high surrogate at the cut belongs with the low one after it.
    if (end < text.length && end > at + 1) {
      const code = text.charCodeAt(end - 1)
      if (code >= 0xd800 && code <= 0xdbff) end--
    }
    yield Buffer.from(text.slice(at, end), 'utf8')
    at = end
  }
}
