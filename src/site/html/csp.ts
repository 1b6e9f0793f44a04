/**
 * The Content-Security-Policy of every generated page (set by the shell, src/pages/shell.astro). Escaping
 * is what keeps session text inert; this is the second wall: no inline script or handler, no `javascript:`
 * navigation, no fetch, no frames, no remote image — only the site's own `assets/site.js` and stylesheet.
 * `'self'` matches sibling files from file:// in Chromium (checked by test/browser). Inline `style`
 * attributes stay allowed: ANSI true-colour spans carry their colour that way.
 */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')
