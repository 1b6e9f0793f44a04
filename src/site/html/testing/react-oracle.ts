/**
 * React's markup as our renderer writes it (tests only). src/site/html/static-markup.ts matches React byte for byte
 * but for text content, where it leaves quotes verbatim (React writes `&quot;` and `&#x27;`), and empty
 * attribute values, which it writes bare. Text is exactly
 * what lies between a `>` (or the start) and the next `<`: no producer writes a raw `<` in text or a raw `<`
 * or `>` inside an attribute value. `ownQuotes` maps React's output to ours; `textQuotes` puts both sides
 * in one form where raw HTML (injected markup, which neither renderer touches) holds its own
 * quote entities.
 */

const TEXT = /(^|>)([^<]+)/g

const TAG = /<[^<>]*>/g
const EMPTY_VALUE = /(\s[^\s"'<>/=]+)=""/g

/** Empty attribute values written bare (`hidden=""` → `hidden`), in tags only. */
const bareEmptyValues = (html: string): string => html.replace(TAG, tag => tag.replace(EMPTY_VALUE, '$1'))

/**
 * React's output as our renderer writes it: text-content quote entities as the quotes themselves, and empty
 * attribute values bare (`hidden=""` → `hidden`, in tags only).
 */
export const ownQuotes = (react: string): string =>
  bareEmptyValues(react.replace(TEXT, (_m, gt: string, text: string) => gt + text.replace(/&quot;|&#x27;/g, e => (e === '&quot;' ? '"' : "'"))))

/** Every quote entity in text content (React's, Markdown's) as the quote itself. */
export const textQuotes = (html: string): string => html.replace(TEXT, (_m, gt: string, text: string) => gt + text.replace(/&quot;|&#x27;|&#39;/g, e => (e === '&quot;' ? '"' : "'")))

/**
 * One form for markup from either renderer and raw HTML alike: text quotes as quotes (`textQuotes`) and empty
 * attribute values bare — for comparing where injected HTML (Markdown) keeps its own `=""` on both sides.
 */
export const canonicalMarkup = (html: string): string => bareEmptyValues(textQuotes(html))

