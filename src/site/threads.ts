/**
 * Whether the build colours code on the highlight worker (src/highlight/remote.ts) or on its own thread.
 * The worker overlaps shiki with rendering only when a core is free for it; when there is none it adds its
 * own shiki start-up and competes with the build thread for the same cores. On the 2-vCPU build machines,
 * shared with other work (load average 2–7), a code-heavy build measured ~10% slower with the worker
 * (src/site/README.md "Speed"), so it is used only when, on average over the last minute, other work left
 * at least half a core free besides the one the build thread takes. Output does not depend on it: both
 * threads make the same bytes.
 */
import { availableParallelism, loadavg } from 'node:os'

/** `cores` and `load` (1-minute load average; 0 where the OS has none) as the OS reports them. */
export function highlightWorkerPays(cores = availableParallelism(), load = loadavg()[0] ?? 0): boolean {
  return cores - 1 - load >= 0.5
}
