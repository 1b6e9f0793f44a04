/**
 * `--attach` (issue 6 "Attaching to a running dsh host"; live.md §3–§5, §10.2): the read-only overlay of a
 * running dsh web host's events on top of the file follower. `AttachOverlay` is what cli/live.ts uses.
 */
export { AttachOverlay, toLines, type AttachOptions } from './overlay'
export { connectHost, HostError, type Generation, type HostApi } from './host-api'
export { GenASource, GenBSource, type HostEvent, type HostListener, type HostSource } from './sources'
export { acceptWebSocket, connectWebSocket, type WsConnection } from './ws'
