/**
 * Whether the build colours code on the highlight worker (src/highlight/remote.ts) or on its own thread.
 * The worker overlaps shiki with rendering; it needs a second core, and it pays even when that core is shared:
 * the renderer puts off only the sections whose colours are out (enrich.ts `waitingForColours`) and renders
 * the rest meanwhile. Measured on a 2-vCPU machine, code-heavy bench session, alternated runs: idle 2.2 s on
 * the worker against 2.6 s on the build thread, with one busy process beside it 3.1 against 3.2 s, with two
 * 4.2 against 4.7 s (src/site/README.md "Speed"). With one core the worker could only take turns with the
 * build thread, and it loads its own shiki. Output does not depend on it: both threads make the same bytes.
 */
import { availableParallelism } from 'node:os'

/** `cores` as the OS reports them. */
export function highlightWorkerPays(cores = availableParallelism()): boolean {
  return cores >= 2
}
