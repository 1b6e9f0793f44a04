/**
 * Props of the search chrome (components/layout/FindBox, components/index/SiteSearch): pre-formatted by
 * src/search/chrome.ts, so the components only draw.
 */
import type { FindText, SiteSearchText } from './strings'

export interface FindBoxModel {
  text: FindText
  /** The session's shard script, relative to its pages (`<stem>.search.js`). */
  shard: string
  /** Shard `session` value: the file stem. */
  session: string
  /** Tool filter options: wire name → `bash (12)`. */
  tools: { value: string; label: string }[]
}

export type { FindText, SiteSearchText }
