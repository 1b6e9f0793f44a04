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
import { zlibSync } from 'fflate'

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

export function encodeText(text: string): string {
  return Buffer.from(zlibSync(encoder.encode(text), { level: 6 })).toString('base64')
}

export function packBlobs(texts: readonly FullText[], budget = MAX_BLOB_BYTES): EmbeddedText[] {
  let used = 0
  return texts.map(({ hash, text }) => {
    const bytes = encoder.encode(text).length
    const lines = text === '' ? 0 : text.split('\n').length
    const data = used < budget ? encodeText(text) : null
    if (data === null || used + data.length > budget) return { hash, bytes, lines, data: null }
    used += data.length
    return { hash, bytes, lines, data }
  })
}
