/**
 * The site's one script (assets/site.js), bundled by scripts/site-assets.mjs as a classic IIFE: Chromium
 * refuses module scripts from file://. Everything it does is progressive enhancement — every page reads
 * fully without it: the view-mode switch (./view-mode.ts: the saved mode, the header control), transcript
 * controls (copy buttons, disclosure state; components/enhance), Expand all / Collapse all (./folds.ts), deep links that moved to another page, the
 * index filter (and the overview following it), opening folded content for printing, and the replay player (./replay).
 */
import { enhance } from '../../../components/enhance/enhance'
import { installFilter } from '../../../components/index/filter-client'
import { installOverviewFilter } from '../../../components/index/overview-client'
import { installAnchorRedirect } from '../../../components/layout/anchors-client'
import { installArrival } from '../../search/client/arrival'
import { installFind, type FindControl } from '../../search/client/find'
import { installSiteSearch } from '../../search/client/site-search'
import { installFoldAll } from './folds'
import { installViewSwitch } from './view-mode'
import { installTrajectory } from './trajectory'
import { installReplay, ownsFragment } from './replay/player'

function openForPrint(doc: Document): void {
  let opened: HTMLDetailsElement[] = []
  window.addEventListener('beforeprint', () => {
    opened = [...doc.querySelectorAll<HTMLDetailsElement>('details:not([open])')]
    for (const d of opened) d.open = true
  })
  window.addEventListener('afterprint', () => {
    for (const d of opened) d.open = false
    opened = []
  })
}

// The replay player's own fragments (`#replay=…`, `#turn=N`) are commands, not addresses of a row.
installAnchorRedirect(window, hash => ownsFragment(document, hash))
// Before anything opens a fold (arrival at a row, find): the mode resets every fold to its default.
installViewSwitch(window)
// The replay player (./replay) next: a page turn of a replay (`#replay=…`) starts fetching its data now;
// its bar is on pages whose session has replay data, nothing plays until asked, and it opens folds only once
// its data is in (after this script).
const player = installReplay(window)

/** Everything else this script does: none of it is needed to show a replay's position. */
function enhanceRest(): void {
  enhance(document)
  installFoldAll(document)
  // Before the filter: a filter value the browser restored is announced to the overview at once.
  installOverviewFilter(document)
  installFilter(document)
  openForPrint(document)
  // The Trajectory page (src/site/render/trajectory): selection, the Event details panel, the toolbar.
  installTrajectory(document)
  // Search (src/search/client): the session find box, the index's cross-session search, and arriving at a
  // row from a search result or deep link (folds around it opened).
  const find: FindControl | null = installFind(document)
  installSiteSearch(document)
  installArrival(window, () => find)
}

/**
 * Runs `run` once the frame now due is drawn: a background task (`scheduler.postTask`) runs after rendering
 * work; without one, a timer.
 */
function afterFrame(win: Window, run: () => void): void {
  const scheduler = (win as Window & { scheduler?: { postTask?: (task: () => void, options: { priority: string }) => Promise<unknown> } }).scheduler
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(run, { priority: 'background' })
  else win.setTimeout(run, 0)
}

// A page opened at a replay position (a page turn, `#turn=N`, autoplay) shows it first: the scroll boxes'
// measuring, copy buttons, find and the rest would otherwise run before the player's data is even read, and
// their toggle listeners and layouts before its first frame (about a tenth of a page turn). They run right
// after that frame, or at once when the player fails; a page opened at no position runs them now, as before.
const arrival = player?.arrival ?? null
if (arrival === null) enhanceRest()
else void arrival.then(() => afterFrame(window, enhanceRest), () => afterFrame(window, enhanceRest))
