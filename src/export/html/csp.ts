/**
 * The Content-Security-Policy of a one-file export. The site's policy (src/site/html/csp.ts) allows only its own
 * script and stylesheet files; an export has no files beside it, so its one inline `<script>` and one
 * `<style>` are allowed by their SHA-256 hashes instead — nothing else inline may run or style the page,
 * and `'unsafe-inline'` is not granted. The only inline `style` attributes are ANSI true colours
 * (components/cards/AnsiText.tsx); each distinct value is allowed by hash under `'unsafe-hashes'`. A
 * transcript with more distinct colours than the policy should carry falls back to the site's rule for
 * styles (`'unsafe-inline'` for style only); scripts stay hash-only either way.
 */
import { createHash } from 'node:crypto'
import { attributeValues, decodeAttribute } from '../../site/html/markup-scan'

/** Distinct `style` attribute values allowed by hash; past this the policy would outgrow the page head. */
export const MAX_STYLE_HASHES = 1_000

export const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * The `style` attribute values in rendered markup, decoded, sorted. Start tags only: text content may hold
 * `style="…"` verbatim (quotes are not escaped in text), and a session's text must not buy a style its hash.
 */
export function styleAttributes(html: string): string[] {
  const values = new Set<string>()
  for (const raw of attributeValues(html, 'style')) values.add(decodeAttribute(raw))
  return [...values].sort()
}

export function exportCsp(script: string, style: string, styleValues: readonly string[]): string {
  const styleSrc =
    styleValues.length > MAX_STYLE_HASHES
      ? "style-src 'unsafe-inline'"
      : ['style-src', sha256(style), ...(styleValues.length > 0 ? ["'unsafe-hashes'", ...styleValues.map(sha256)] : [])].join(' ')
  return ["default-src 'none'", `script-src ${sha256(script)}`, styleSrc, 'img-src data:', "base-uri 'none'", "form-action 'none'"].join('; ')
}
