/**
 * The site's services to the Trajectory props builders (src/trajectory-view/context.ts) for one session's
 * pages: a record's way back to its Chat row as a deferred target (`chat-N`, resolved once the Chat's pages
 * are known: ../pages/links.ts, ./chat-targets.ts), and long texts cut at TEXT_CAP with the whole text in a side
 * file named by content hash like the Chat's. One definition for the build (./render-trajectory.tsx) and the
 * live Trajectory page, which draws new records with the same props and markup
 * (src/live/browser/trajectory-ledger.ts, components/trajectory/ledger-html.ts). Pure apart from the hash
 * (the browser bundle's shim).
 */
import { sideFile } from '../../plan/slug'
import { hashText } from '../pages/cut'
import { viewContext, type ViewContext, type TrajectoryWords } from '../../../trajectory-view'
import type { TrajectorySnapshot } from '../../../trajectory/model'

/** Characters of one inspector text shown on the page; the rest is a click away in a side file. */
export const TEXT_CAP = 2_000

/**
 * The view context of `snapshot` for session `stem`'s pages; `side(path, text)` hears of every side file a
 * page links (the build writes them; the live page leaves them to the next rebuild).
 */
export function trajectoryViewContext(snapshot: TrajectorySnapshot, words: TrajectoryWords, stem: string, side: (path: string, text: string) => void): ViewContext {
  const sideName = (text: string): string => {
    const name = sideFile(stem, hashText(text))
    side(`sessions/${name}`, text)
    return name
  }
  return viewContext(snapshot, words, {
    chatLink: (record) => ({ target: `chat-${record.index}` }),
    cutText: (text, w) =>
      text.length <= TEXT_CAP
        ? { text }
        : { text: text.slice(0, TEXT_CAP), cut: { note: w.t('dv.textCut', { shown: String(TEXT_CAP), total: String(text.length) }), href: sideName(text), label: w.t('dv.fullText') } },
    sideFile: sideName,
  })
}
