/**
 * A live Chat page's links to its Trajectory records (issue 29 points 1 and 6): the same rule and markup as
 * the static build (src/site/render/trajectory/row-links.ts) over the records the page folds from the file
 * (live-conversation.ts). Only a record's *page* is the build's to know — it cuts the Trajectory into pages
 * by size — so the page learns it from the build's own links: those in the server-rendered transcript and,
 * once the session settles, in the rebuilt page it takes its header from (session-page.tsx). A record no
 * build has placed yet links to the last Trajectory page the build has named (a new record is appended
 * there, or on a page after it, which the Trajectory page's own navigation reaches). So a settled page's
 * links are the build's, byte for byte, and a growing page's links point at records that exist.
 */
import { trajectoryFile } from '../../site/plan/slug'
import { recordTargets, trajectoryLinks } from '../../site/render/trajectory/row-links'
import type { TrajectoryLinks } from '../../site/types'
import type { TrajectorySnapshot } from '../../trajectory/model'

export class LiveRecordLinks {
  /** Record, request or turn id → the Trajectory page the build put it on. */
  readonly #files = new Map<string, string>()
  #lastPage = 1

  constructor(
    private readonly stem: string,
    private readonly label: string,
  ) {}

  /** Takes the pages of the records a page's Trajectory links name (links after Chat rows). */
  learn(root: ParentNode): void {
    const first = trajectoryFile(this.stem, 1)
    const later = `${this.stem}.trajectory.p`
    for (const a of root.querySelectorAll('[data-row-extras] > li[data-kind="trajectory"] > a[href]')) {
      const href = a.getAttribute('href') ?? ''
      const hash = href.indexOf('#')
      if (hash < 0) continue
      const file = href.slice(0, hash)
      let page: number
      if (file === first) page = 1
      else if (file.startsWith(later) && /^\d{1,6}\.html$/.test(file.slice(later.length))) page = Number(file.slice(later.length, -'.html'.length))
      else continue
      this.#files.set(href.slice(hash + 1), file)
      this.#lastPage = Math.max(this.#lastPage, page)
    }
  }

  /** The Chat's links into the Trajectory pages, for the records of `snapshot`. */
  links(snapshot: TrajectorySnapshot): TrajectoryLinks {
    const fallback = trajectoryFile(this.stem, this.#lastPage)
    return trajectoryLinks(recordTargets(snapshot), (id) => `${this.#files.get(id) ?? fallback}#${id}`, this.label)
  }
}
