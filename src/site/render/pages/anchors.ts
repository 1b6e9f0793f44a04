/**
 * Deep links into paginated sessions: every `id` a page holds (rows, turn sections, card parts) → the page
 * it landed on, written beside the pages as a classic script (`<stem>.anchors.js`) that sets
 * `window.dshAnchors`. A script file, not a fetch: it loads from file://, costs the pages none of their
 * byte budget, and components/layout/anchors-client.ts loads it — only when a link needs it, the pages
 * naming it in `<meta name="dsh-anchors">` — to forward `#id` links to the right page.
 */

import { attributeValues, decodeAttribute } from '../../html/markup-scan'

/** The `id` attribute values in rendered markup (start tags only, not text that reads like one), unescaped, in document order. */
export function collectIds(html: string): string[] {
  const ids: string[] = []
  for (const raw of attributeValues(html, 'id')) {
    // A copy, not a slice of `html`: a slice would keep the whole section's markup alive as long as the id
    // (a build keeps every id until its anchor map is written). Flattening ` ${id}` copies it.
    ids.push(` ${decodeAttribute(raw)}`.slice(1))
  }
  return ids
}

/** The anchor map's file name, beside the session's pages (`<stem>.anchors.js`). */
export const anchorMapFile = (stem: string): string => `${stem}.anchors.js`

export interface AnchorMapData {
  pages: string[]
  anchors: Record<string, number>
}

/**
 * The anchor script. `JSON.stringify` yields a valid JavaScript literal (U+2028/9 are legal in strings
 * since ES2019); the file is a script of its own, so no HTML escaping is involved.
 */
export function anchorScript(map: AnchorMapData): string {
  return `window.dshAnchors=${JSON.stringify(map)};\n`
}
