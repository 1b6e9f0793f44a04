/** The player's words (en, zh), chosen by the page's `<html lang>`. */
export interface ReplayText {
  bar: string
  play: string
  pause: string
  exit: string
  position: string
  speed: string
  timing: string
  modes: { real: string; compressed: string; paced: string }
  /** Said when the log has no clocks: only paced timing exists. */
  untimed: string
  skipped: (duration: string) => string
  running: string
  /** A subagent's own progress under its running card: steps, tool calls, the last tool's name. */
  progress: (steps: number, calls: number, last: string | null) => string
  mismatch: string
  unavailable: string
  turn: (n: number) => string
  chapters: string
  jump: string
  chapter: { compaction: string; failure: string; goal: (round: string) => string }
  prevItem: string
  nextItem: string
  prevTurn: string
  nextTurn: string
}

const EN: ReplayText = {
  bar: 'Replay',
  play: 'Play',
  pause: 'Pause',
  exit: 'Show all',
  position: 'Position',
  speed: 'Speed',
  timing: 'Timing',
  modes: { real: 'Real time', compressed: 'Compressed (idle gaps cut to 1 s)', paced: 'Paced (reading speed)' },
  untimed: 'Paced: this log has no times',
  skipped: d => `⏩ ${d} skipped`,
  running: 'running…',
  progress: (steps, calls, last) =>
    [`${steps} ${steps === 1 ? 'step' : 'steps'}`, `${calls} ${calls === 1 ? 'tool call' : 'tool calls'}`, ...(last === null ? [] : [`last: ${last}`])].join(' · '),
  mismatch: 'Replay data does not match this page',
  unavailable: 'Replay data could not be loaded',
  turn: n => `Turn ${n}`,
  chapters: 'Chapters',
  jump: 'Jump to…',
  chapter: { compaction: '⇣ Compaction', failure: '✗ Failure', goal: r => `◎ Goal round ${r}` },
  prevItem: 'Previous item',
  nextItem: 'Next item',
  prevTurn: 'Previous turn',
  nextTurn: 'Next turn',
}

const ZH: ReplayText = {
  bar: '回放',
  play: '播放',
  pause: '暂停',
  exit: '显示全部',
  position: '进度',
  speed: '速度',
  timing: '计时',
  modes: { real: '真实时间', compressed: '压缩（空闲超过 3 秒按 1 秒）', paced: '匀速（阅读速度）' },
  untimed: '匀速：此日志没有时间',
  skipped: d => `⏩ 跳过 ${d}`,
  running: '运行中…',
  progress: (steps, calls, last) => [`${steps} 步`, `${calls} 次工具调用`, ...(last === null ? [] : [`最近：${last}`])].join(' · '),
  mismatch: '回放数据与本页不符',
  unavailable: '无法加载回放数据',
  turn: n => `第 ${n} 轮`,
  chapters: '章节',
  jump: '跳转到…',
  chapter: { compaction: '⇣ 压缩上下文', failure: '✗ 失败', goal: r => `◎ 目标第 ${r} 轮` },
  prevItem: '上一项',
  nextItem: '下一项',
  prevTurn: '上一轮',
  nextTurn: '下一轮',
}

export const replayText = (lang: string): ReplayText => (lang.toLowerCase().startsWith('zh') ? ZH : EN)

/** `4 m 12 s`, `1 h 3 m`, `850 ms`: a duration as the skip notice and the clock say it. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} m ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} m`
}

/** `m:ss` (or `h:mm:ss`) of a play position. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`
}
