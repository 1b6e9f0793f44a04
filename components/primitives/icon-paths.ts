/**
 * The drawings of the row-chrome icons (cards.md §4.3, §5.1): simple 16×16 strokes made for this project.
 * Icon.module.css holds each as a CSS mask (a `data:` SVG, allowed by the page CSP's `img-src data:`), so an
 * icon is one empty element on the page instead of an `<svg>` and a `<path>`; a test checks the stylesheet
 * draws exactly these.
 */
import type { ToolIcon } from '../../src/cards/types'

/** Tool icons from the row model plus the chrome's own glyphs. */
export type IconName = ToolIcon | 'chevron' | 'think' | 'context' | 'copy' | 'command' | 'image' | 'check' | 'play' | 'square'

export const ICON_PATHS: Readonly<Record<IconName, string>> = {
  api: 'M2 4l4 4-4 4M8 12h6',
  browse: 'M3 2h7l3 3v9H3zM10 2v3h3M5 8h6M5 11h6',
  magnifier: 'M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10zM11 11l3 3',
  globe: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM2 8h12M8 2c2 2 2 10 0 12M8 2c-2 2-2 10 0 12',
  pencil: 'M11 2l3 3-8 8H3v-3zM9.5 3.5l3 3',
  code: 'M5 4L1 8l4 4M11 4l4 4-4 4M9 2L7 14',
  sparkle: 'M8 1v4M8 11v4M1 8h4M11 8h4M4 4l2 2M10 10l2 2M12 4l-2 2M6 10l-2 2',
  checklist: 'M2 4l1.5 1.5L6 3M2 10l1.5 1.5L6 9M8 4.5h6M8 10.5h6',
  question: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM6 6.5a2 2 0 1 1 3 1.7c-.7.4-1 .8-1 1.5M8 11.5v.5',
  skill: 'M8 1l2 4.5 5 .5-3.7 3.3 1 4.9L8 11.8 3.7 14.2l1-4.9L1 6l5-.5z',
  chevron: 'M6 4l4 4-4 4',
  think: 'M8 2a4 4 0 0 0-2 7.5V12h4V9.5A4 4 0 0 0 8 2zM6 14h4',
  context: 'M3 3h10v8H7l-3 3v-3H3zM5.5 6h5M5.5 8.5h3',
  copy: 'M5 5h8v9H5zM3 11V2h8',
  command: 'M3 3h10v10H3zM5 7l2 1.5L5 10M8.5 10H11',
  image: 'M2 3h12v10H2zM2 11l4-4 3 3 2-2 3 3M10.5 6.5h.01',
  check: 'M3 8.5l3 3 7-7',
  play: 'M5 3l8 5-8 5z',
  square: 'M3 3h10v10H3z',
}

/**
 * Where a chevron is drawn without its class (issue 14: ~44,000 on a long session's pages): the second child
 * of a row header's leading slot (DisclosureRow) and the last element of a turn fold's or activity group's
 * summary (components/turn/TurnRows). Both places already style their chevron by position; the drawing
 * follows it there. Other chevrons (Details groups, context injections) still carry the class.
 */
export const CHEVRON_PLACES: readonly string[] = [
  '[data-variant] > details > summary > :first-child > :nth-child(2)',
  ':is(details[data-turn-process], details[data-process-activity]) > summary > svg:last-child',
]

/**
 * The selector of `name`'s icons: its class, and for the chevron its places too, inside `:where()` so the
 * selector weighs exactly what the class alone weighed and every rule that beat or lost to it still does.
 */
function selectorOf(name: IconName): string {
  return name === 'chevron' ? `:is(.chevron, :where(${CHEVRON_PLACES.join(', ')}))` : `.${name}`
}

/** The CSS rule that draws `name` (what Icon.module.css must contain, byte for byte). */
export function iconRule(name: IconName): string {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='none' stroke='black' stroke-width='1.5'` +
    ` stroke-linecap='round' stroke-linejoin='round'><path d='${ICON_PATHS[name]}'/></svg>`
  const url = svg.replace(/[<>#%"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${selectorOf(name)} {\n  --dv-icon: url("data:image/svg+xml,${url}");\n}`
}

/** The selector of the rules every icon shares (what Icon.module.css must list, byte for byte): each name's class (and the chevron's places). */
export function iconSelector(indent = ''): string {
  return (Object.keys(ICON_PATHS) as IconName[]).map(selectorOf).join(`,\n${indent}`)
}
