/**
 * The detail-card tools (cards-current.md §10): wire name → `DetailTool`, one family module each. The row
 * renderer (`./row`) is registered for every name here in ../tool-row's `RENDERERS`.
 */
import type { DetailTool } from './tool'
import { GOAL_TOOLS } from './goals'
import { REMINDER_TOOLS } from './reminders'
import { CORDIS_TOOLS } from './cordis'
import { WORKFLOW_TOOLS } from './workflow'
import { SESSION_TOOLS } from './sessions'
import { AGENT_DETAIL_TOOLS } from './agents'

export const DETAIL_TOOLS: ReadonlyMap<string, DetailTool> = new Map([
  ...GOAL_TOOLS,
  ...REMINDER_TOOLS,
  ...CORDIS_TOOLS,
  ...WORKFLOW_TOOLS,
  ...SESSION_TOOLS,
  ...AGENT_DETAIL_TOOLS,
])
