/**
 * A session's page file names: pure, so the page script (the index overview's links) can name pages too;
 * ./slug.ts (which hashes with node:crypto) re-exports it.
 */

/** Page file name of page `page` (1-based), relative to `sessions/`. */
export function pageFile(stem: string, page: number): string {
  return page <= 1 ? `${stem}.html` : `${stem}.p${page}.html`
}
