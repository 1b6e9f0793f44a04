/**
 * Attribute values read back out of rendered markup (the anchor map's ids, an export's inline styles and
 * links). Text content writes quotes verbatim (src/site/html/static-markup.ts), so a session's text may hold
 * `id="turn-1"` or `style="…"` word for word; a match counts only when it sits inside a start tag. That test
 * is exact for every producer of our markup: none writes a raw `<` in text or a raw `<` or `>` inside an
 * attribute value (React, src/highlight and src/markdown escape them), so a position is inside a tag exactly
 * when the nearest `<` before it is nearer than the nearest `>`. No node:* imports: the live page uses it too.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' }

/** An attribute value as written by an escaper, decoded (the entities our producers write, no others). */
export const decodeAttribute = (value: string): string => (value.indexOf('&') < 0 ? value : value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, e => ENTITIES[e] ?? e))

/** Whether `at` lies inside a start tag of `html` (between a `<` and its `>`). */
export function inStartTag(html: string, at: number): boolean {
  const open = html.lastIndexOf('<', at)
  return open >= 0 && open > html.lastIndexOf('>', at)
}

/**
 * The raw (still escaped) values of attribute `name` in the start tags of `html`, in document order. `name`
 * is one of ours (a constant such as `id`), not text from a log. A plain loop, not a generator or a regex:
 * the anchor map runs it over every rendered section.
 */
export function attributeValues(html: string, name: string): string[] {
  const values: string[] = []
  const needle = ` ${name}="`
  for (let at = html.indexOf(needle); at >= 0; ) {
    const start = at + needle.length
    const end = html.indexOf('"', start)
    if (end < 0) break
    if (inStartTag(html, at)) values.push(html.slice(start, end))
    at = html.indexOf(needle, end + 1)
  }
  return values
}
