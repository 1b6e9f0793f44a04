/**
 * The file-system side of the log reader (architecture §1, `src/log/node`): discovery of session logs
 * under the paths a user gives, streamed reading of raw and zstd logs into `ParsedLine`s, whole-log
 * summaries and loads, and parent/child linking. Everything below the byte level is the pure core in
 * src/log; this folder is the only part that touches `node:*`.
 */
export { defaultSessionsRoot, discoverLogs, type DiscoveredLog, type Discovery, type DiscoveryProblem, type DiscoverOptions } from './discover'
export { fileSource, zipEntrySource, type LogSource } from './source'
export { readSession, SessionReader, type FrameDamage, type ReadOptions, type ReadSummary } from './read'
export { loadSession, summarizeSession, SessionStats, type InvalidEntry, type LoadedSession, type LoadResult, type SessionCounts, type SessionSummary } from './load'
export { linkSessions, type SessionTree, type TreeSession } from './session-tree'
export { createLineDecoder, RawLineDecoder, ZstdLineDecoder, type DecodeEnd, type Damage, type LineDecoder, type LineSink, type LogEncoding } from './line-decoder'
export { ZstdCodec } from './compressed/zstd-codec'
export { decodeSegment, parseTranscriptName } from './names'
