/**
 * How many sections are cut, coloured and rendered together (src/site/render/render-session.tsx). Within a batch,
 * the colour budget goes to the answers' code first, then to tool rows (src/site/render/enrich.ts), so batches are
 * part of what a page looks like: every path to a session's sections (a feed, lanes, a fold streaming from a
 * worker: ./fold-stream.ts) batches them the same way, from the first. A module of its own so the fold
 * worker's bundle does not load the renderer.
 */
export const SECTION_BATCH = 64
