/**
 * The detail-card tools (cards-current.md §10): wire name → `DetailTool`, one family module each. The row
 * renderer (`./row`) is registered for every name here in ../tool-row's `RENDERERS`.
 */
import type { DetailTool } from './tool'
import { GOAL_TOOLS } from './goals'

export const DETAIL_TOOLS: ReadonlyMap<string, DetailTool> = new Map([
  ...GOAL_TOOLS,
])
