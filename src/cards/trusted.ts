/**
 * The branded HTML type the pure core may carry (architecture.md §2.14). Card models only ever *hold* a
 * `SafeHtml` slot (filled later by the highlight pass or the markdown sanitizer); nothing in `src/cards`
 * mints one. `trustHtml` is the single place a string becomes `SafeHtml`; only `src/highlight` and
 * `src/markdown` may import it (a repository test checks that).
 */
declare const trusted: unique symbol

/** HTML that an escaping producer (shiki, the allowlist sanitizer) vouches for. */
export type SafeHtml = string & { readonly [trusted]: true }

/** Brand producer output as safe. Callers must have escaped every byte of untrusted text. */
export function trustHtml(html: string): SafeHtml {
  return html as SafeHtml
}
