/**
 * src/replay: the replay timeline of a session (issue 30), derived from its log. Pure (no `node:*`, no
 * React: src/log/purity.test.ts), so the page's player bundles the parts it reads (./modes, ./data,
 * ./codec, ./curve). README.md says how the pieces fit.
 */
export { ReplayTimingBuilder, type ReplayTiming, type StreamTimes } from './timing'
export { buildSchedule, type Chapter, type ChapterKind, type ItemKind, type Mark, type Schedule, type ScheduleItem, type ScheduleSection } from './schedule'
export { replayAssets, type ReplayAssets, type ReplayPage } from './pages'
export { decodeIndex, decodePage, encodeIndex, indexScript, pageScript, type Checkpoint, type PageData, type PageItem, type ReplayIndex } from './data'
export { DEFAULT_TIMING, TIMING_MODES, type TimingMode } from './modes'
export { FRAME_MS } from './curve'
