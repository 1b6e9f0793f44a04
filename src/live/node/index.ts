/**
 * The Node side of live mode (issue 6; live.md §7, §10.1; architecture.md §2.12), as the `live` CLI
 * handler uses it: `startLiveServer` for the whole thing, or the parts — `SessionFollower` /
 * `FollowerHub` (follow one session's transcript by byte offset), `RootWatcher` (the session index),
 * `HighlightRoute` (code colours for live pages) and the SSE helpers. The wire format is `../protocol`.
 */
export { BASE_HEADERS, startLiveServer, type LiveServer, type LiveServerOptions } from './server'
export { HighlightRoute, type HighlightRouteOptions } from './highlight-route'
export { plain } from './static-files'
export { SessionFollower, type FollowedFile, type FollowerListener, type FollowerOptions, type FollowTarget } from './follower'
export { FollowerHub, type FollowerHubOptions, type FollowerLease } from './follower-hub'
export { RootWatcher, type IndexListener, type RootWatcherOptions } from './root-watcher'
export { SseStream, sseFrame, type SseOptions } from './sse'
export { allowedHosts, isLoopback } from './request-guard'
export { readWriterState, type WriterState } from './writer-lock'
export type { WatchFn, Watcher } from './wake'
