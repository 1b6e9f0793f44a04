/**
 * The reviewed allowlist of the Trajectory request-lifecycle golden (snapshots/trajectory-lifecycle.test.ts,
 * trajectory.md §10.1): sections of `v4/goldens/zq0929__snapshots_web_ptc-round_request-lifecycle.expected.md`
 * that a stored log cannot produce, each with the reason. The upstream e2e captured them while it held the
 * model stream (`apps/web/tests/ptc-round.e2e.ts`): dsh's live wire carries `assistant/live-chunk` events the
 * log never stores. The test keeps the list exact: a listed section must differ from what the complete log
 * gives, and every section not listed must match it.
 */

export interface LiveOnlySection {
  /** The golden's `# ` heading. */
  section: string
  reason: string
  /**
   * When a stored log *can* reach this state — one that ends at that moment, with no closers (§4.10) —
   * the golden line after which the ptc-round log is cut to reproduce it; the test checks that it does.
   */
  truncatedAfter?: string
}

export const LIVE_ONLY: LiveOnlySection[] = [
  {
    section: 'Waiting for output',
    reason:
      'captured after `step/start` and `request/header` while the stream was held: Request #1 is Pending with the ' +
      "header's provider and model and no calls. The complete log has settled it; a log that ends right there " +
      '(a truncated or crashed one, §4.10) reproduces it',
    truncatedAfter: '"type":"request/context"',
  },
  {
    section: 'Streaming assistant',
    reason:
      'the streaming partial ASSISTANT row (Status Pending, Tokens —) is built from `assistant/live-chunk` events, ' +
      'which dsh never writes to the log (§4.1); a stored step has no assistant row until its message settles it',
  },
  {
    section: 'Streaming request',
    reason:
      'its "Tool calls 1" and its Result button come from the streaming partial\'s `run_code` tool-call block ' +
      '(live chunks only) while the request is still Pending; in a stored log the call exists only once the ' +
      'message has settled the request (then Completed)',
  },
]
