import { ownTable } from '../log/own'
/**
 * The text a browser would show for a piece of generated HTML, for `redact --check` on a built site: tags
 * dropped (block ends become newlines, so words of separate rows do not run together; inline tags vanish,
 * so a token split across syntax-colour spans is whole again) and character references decoded.
 */

const BLOCK_END = /<\/(?:p|div|li|tr|td|th|pre|summary|details|h[1-6]|section|header|footer|dd|dt|ul|ol|table|blockquote)\s*>|<br\s*\/?>/gi
const TAG = /<\/?[A-Za-z][^<>]*>|<!--[\s\S]*?-->/g
const NAMED = ownTable<string>({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' })

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[body.toLowerCase()] ?? whole
  })
}

export function htmlToText(html: string): string {
  return decodeEntities(html.replace(BLOCK_END, '\n').replace(TAG, ''))
}
