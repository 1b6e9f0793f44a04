/**
 * The one place in the repository that sets `dangerouslySetInnerHTML` (architecture.md §2.14; a test in
 * test/repo greps for any other). It takes only a branded `SafeHtml`, which `trustHtml` mints in
 * src/highlight (every source byte escaped, spans with our own class names) and src/markdown (HTML written
 * from an allowlist). Highlighted code arrives as `<pre class="shiki"><code>…</code></pre>`; Markdown as
 * block elements — so the wrapper is a plain `div` and the caller's box styles what is inside. A coloured
 * row of a card (one line: spans and text) goes in a `span` (`as="span"`).
 */
import type { SafeHtml } from '../src/cards/trusted'

export function TrustedHtml({ html, className, as = 'div' }: { html: SafeHtml; className?: string; as?: 'div' | 'span' }) {
  return as === 'span' ? (
    <span className={className} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
