/**
 * What the reader set up on the page and a re-render must not take away: which `<details>` they opened or
 * closed, and where they were scrolled. React keeps both for elements it only updates; these helpers cover
 * the moments it cannot — the first client render, which replaces the server-rendered transcript, and rows
 * whose markup changes shape. A disclosure is named by the nearest ancestor with an `id` (every row and
 * section has one) plus its position among that ancestor's disclosures.
 */

/** `<rowId>#<n>` → open, for every disclosure under `root`. */
export function disclosureStates(root: ParentNode): Map<string, boolean> {
  const states = new Map<string, boolean>()
  for (const details of root.querySelectorAll('details')) {
    const name = disclosureName(details)
    if (name !== null) states.set(name, details.open)
  }
  return states
}

/** Puts back the remembered state of disclosures that still exist; others keep their rendered default. */
export function restoreDisclosures(root: ParentNode, states: ReadonlyMap<string, boolean>): void {
  if (states.size === 0) return
  for (const details of root.querySelectorAll('details')) {
    const name = disclosureName(details)
    const open = name === null ? undefined : states.get(name)
    if (open !== undefined && details.open !== open) details.open = open
  }
}

function disclosureName(details: HTMLDetailsElement): string | null {
  const owner = details.parentElement?.closest('[id]')
  if (owner === null || owner === undefined || owner.id === '') return null
  const index = [...owner.querySelectorAll('details')].indexOf(details)
  return `${owner.id}#${index}`
}

/** Slack in pixels within which the reader counts as "at the bottom", following new output. */
const FOLLOW_SLACK = 48

/** Whether the window is scrolled to (near) the end of the document. */
export function atBottom(win: Window): boolean {
  const doc = win.document.documentElement
  return win.innerHeight + win.scrollY >= doc.scrollHeight - FOLLOW_SLACK
}

export function scrollToBottom(win: Window): void {
  win.scrollTo({ top: win.document.documentElement.scrollHeight, behavior: 'auto' })
}
