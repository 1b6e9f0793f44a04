/**
 * React's markup as our renderer writes it (tests only). src/site/static-markup.ts matches React byte for byte
 * but for text content, where it leaves quotes verbatim (React writes `&quot;` and `&#x27;`). Text is exactly
 * what lies between a `>` (or the start) and the next `<`: no producer writes a raw `<` in text or a raw `<`
 * or `>` inside an attribute value. `ownQuotes` maps React's output to ours; `textQuotes` puts both sides
 * in one form where raw HTML (injected markup, which neither renderer touches) holds its own
 * quote entities.
 */

const TEXT = /(^|>)([^<]+)/g

/** React's output with its text-content quote entities written as the quotes themselves. */
export const ownQuotes = (react: string): string => react.replace(TEXT, (_m, gt: string, text: string) => gt + text.replace(/&quot;|&#x27;/g, e => (e === '&quot;' ? '"' : "'")))

/** Every quote entity in text content (React's, Markdown's) as the quote itself. */
export const textQuotes = (html: string): string => html.replace(TEXT, (_m, gt: string, text: string) => gt + text.replace(/&quot;|&#x27;|&#39;/g, e => (e === '&quot;' ? '"' : "'")))
