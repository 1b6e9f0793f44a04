/**
 * The names of a session's replay files beside its pages (issue 30; src/replay/data.ts holds their
 * format): the index `<stem>.replay.js`, and for a paginated session one data file per page,
 * `<stem>.replay.p1.js`, `<stem>.replay.p2.js`, … (a one-page session's data rides in the index). Stems escape every `.`
 * (../plan/slug.ts), so no session's replay file can be another session's file.
 */
export const replayIndexFile = (stem: string): string => `${stem}.replay.js`
export const replayDataFile = (stem: string, page: number): string => `${stem}.replay.p${page}.js`
