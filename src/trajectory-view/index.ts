/**
 * The Trajectory tab's props (trajectory.md §2–§9) from the record model (src/trajectory): the ledger's rows
 * with their details, the timing overview's geometry, the toolbar's and panel's words. Pure: no `node:*`,
 * no `react` (the live page builds the same props in the browser); the site supplies where Chat rows are and
 * how long texts are cut (./context.ts).
 */
export { trajectoryWords, trajectoryDictionary, type TrajectoryKey, type TrajectoryWords } from './strings'
export { recordsByCall, viewContext, type ViewContext, type ViewServices } from './context'
export { ledgerRow, ledgerSection } from './rows'
export { overview, overviews, retriedRecords, OVERVIEW_MODES, WIDTH, HEIGHT, type OverviewDrawing, type OverviewMode, type OverviewRecord } from './timeline'
export { panelModel, toolbarModel } from './chrome'
export { recordId, requestId } from './inspector/common'
export type * from './types'
