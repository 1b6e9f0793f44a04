/**
 * How eagerly V8 collects garbage in a dsh-view process. By default V8 lets the old generation grow to up
 * to ~4× what survived the last full collection before collecting again; a build's survivors are a
 * session's model (about 0.85× its log while folded), and what a render lets go of (React's strings, page
 * chunks, parsed lines) is promoted and waits for that limit. Measured on the 100 MB same-conversation
 * bench log (bench/README.md): peak RSS 420-450 MB by default; 280-313 MB with the heap allowed to grow by
 * 40% over the survivors, which can land just above 3×; 267-273 MB at 30%, for the same CPU as 40% within
 * the noise (both 7-18% more than the default: more full collections; 60% gives ~315 MB). Issue 17's
 * target is ≤ 3× the session's plaintext.
 *
 * `--heap-growing-percent` is read at every full collection, so setting it when the process starts
 * (before any session is read) applies to the whole run and to every worker thread. A user who sets the
 * flag themselves (`node --heap-growing-percent=N …/cli.mjs`; node refuses it in NODE_OPTIONS) keeps theirs.
 */
import { setFlagsFromString } from 'node:v8'

/** The old generation's growth over a full collection's survivors, in percent. */
export const HEAP_GROWING_PERCENT = 30

const FLAG = /--heap[-_]growing[-_]percent\b/

/** Whether the process was started without its own heap growth setting (then dsh-view sets one). */
export function wantsHeapPolicy(execArgv: readonly string[]): boolean {
  return !execArgv.some(arg => FLAG.test(arg))
}

/** Applies HEAP_GROWING_PERCENT unless the user chose their own; returns whether it did. */
export function applyHeapPolicy(execArgv: readonly string[] = process.execArgv): boolean {
  if (!wantsHeapPolicy(execArgv)) return false
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  return true
}
