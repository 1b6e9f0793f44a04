/**
 * The `Buffer` global for the live page's bundle (scripts/live-assets.mjs injects it): the shared site code
 * only ever asks it how many bytes a string is in UTF-8 (src/site/render/pages/cut.ts sizes a cut text, measure.ts a
 * page), so that is all this does — with Node's answer for lone surrogates (3 bytes, written as U+FFFD).
 * Browser-only: Node code gets the real one.
 */

function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

export const Buffer = {
  byteLength(text: string, encoding: 'utf8' = 'utf8'): number {
    if (typeof text !== 'string' || encoding !== 'utf8') throw new Error('byteLength: the browser shim of Buffer measures UTF-8 strings only')
    return utf8Length(text)
  },
}
