/**
 * Wake-ups for followers and the root watcher (live.md §7.2): `fs.watch` on a directory is only a hint
 * (events are dropped or coalesced, and their payload is not trusted), so every user also polls. The
 * watch function is injectable so tests can count watchers ("one watcher per file, however many tabs")
 * and simulate platforms where watching fails.
 */
import { watch } from 'node:fs'

export interface Watcher {
  close(): void
}

/**
 * Starts watching `dir`; `onChange` may fire spuriously or not at all, with the entry name the event names
 * (null when the platform gives none, or when events were dropped). Throws when `dir` is unwatchable.
 */
export type WatchFn = (dir: string, onChange: (name: string | null) => void, onError: (error: unknown) => void) => Watcher

export const fsWatch: WatchFn = (dir, onChange, onError) => {
  // persistent:false: a watcher alone must never keep the process alive; the HTTP server does that.
  const watcher = watch(dir, { persistent: false }, (_event, name) => onChange(typeof name === 'string' ? name : null))
  watcher.on('error', onError)
  return watcher
}

/** A timer that never keeps the process alive on its own. */
export function unrefTimeout(fn: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(fn, ms)
  timer.unref()
  return timer
}

/** An interval that never keeps the process alive on its own. */
export function unrefInterval(fn: () => void, ms: number): NodeJS.Timeout {
  const timer = setInterval(fn, ms)
  timer.unref()
  return timer
}
