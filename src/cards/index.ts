/**
 * Public API of the card models (architecture.md §1: conversation → view model). Components import types
 * only (`import type … from 'src/cards'`); the site and the live page call `viewModel`. The dispatch table
 * and `toolRowModel` live in ./tool-row (kept apart so ./view-model can use them without an import cycle).
 */
export type * from './types'
export type { SafeHtml } from './trusted'
export { viewModel, nodeRows } from './view-model'
export { toolRowModel, cardModel, RENDERERS } from './tool-row'
export { genericModel, classifyTool, toolTitle, flattenResult, rowState } from './generic'
export { terminalCardModel, splitExitMarker, hasSpillNotice } from './terminal'
export { diffCardModel } from './diff'
export { readCardModel } from './read'
export { searchCardModel } from './search'
export { webCardModel } from './web'
export { deliverablesModel } from './deliverables'
export { parseAnsi, lineText } from './ansi'
export { safeHref } from './narrow'
export { relativizeToCwd, abbreviateHomePath, displayPath, resolveWorkdir, promptLabel } from './paths'
export { languageForPath } from './lang'
