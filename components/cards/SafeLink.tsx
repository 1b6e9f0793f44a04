/**
 * An outbound link drawn only from a model `href` that `safeHref` already vetted (architecture.md §2.14). As
 * defence in depth the scheme is checked again here: anything but http(s) renders as plain text, so no
 * `javascript:` / `data:` / `file:` anchor can reach the page even if a model regressed.
 */
import type { ReactNode } from 'react'

const HTTP = /^https?:\/\//i

export function SafeLink({ href, children, className }: { href: string | null; children: ReactNode; className?: string }) {
  if (href === null || !HTTP.test(href)) return <span className={className}>{children}</span>
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  )
}
