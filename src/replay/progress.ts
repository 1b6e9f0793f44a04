/**
 * A subagent's own progress under its card in the parent's replay (issue 30 point 3). The parent's log holds
 * only the spawning call and its result; the child's steps and tool calls, with their clocks, are in the
 * child's log, which the build folds in the same family before the parent renders (src/site/family.ts).
 * This file holds the three pieces of that: the child's ticks read off its model (a settled step at its
 * message's clock, a tool call at its call's clock, with the tool's name), their play time in each timing
 * (real and compressed map the raw clock the way the parent's rows are mapped; paced, which ignores clocks,
 * places them along the card's paced running span in proportion to where they fell in its logged span),
 * and the words the player shows for the ticks played so far. Pure: the player bundles it.
 */
import type { Conversation } from '../conversation/model'

/** One moment of a child's progress, as its log tells it: absolute clock; a tool call's name, or null for a step. */
export interface ChildTick {
  time: number
  tool: string | null
}

/** A tick on the parent's schedule: `t` in the parent's raw time (ms from its first item), inside its card's span. */
export interface Tick {
  t: number
  tool: string | null
}

/** A tool name as the counter shows it: control and bidi characters dropped, at most this many characters. */
export const TOOL_LABEL_MAX = 40

const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function toolLabel(name: string): string {
  // By code point, so a cut never splits a surrogate pair.
  const chars = [...name.replace(UNSHOWN, '')]
  return chars.length > TOOL_LABEL_MAX ? `${chars.slice(0, TOOL_LABEL_MAX - 1).join('')}…` : chars.join('')
}

/**
 * A child session's ticks in chat order: each step once, at the clock of its first row the model keeps (its
 * message when it said something, else its first tool call: a step of tool calls alone has no message row),
 * and each root tool call at its call's clock with its name. Rows without a clock are left out (they have no
 * moment to tick at). Steps are told apart by turn and step number (a Set of strings: they come from logs).
 */
export function childTicks(conversation: Conversation): ChildTick[] {
  const ticks: ChildTick[] = []
  const steps = new Set<string>()
  const step = (turn: number | null, n: number | null, time: number) => {
    if (turn === null || n === null) return
    const key = `${turn}.${n}`
    if (steps.has(key)) return
    steps.add(key)
    ticks.push({ time, tool: null })
  }
  for (const section of conversation.sections) {
    for (const node of section.nodes) {
      if (node.kind === 'assistant' && node.status !== 'streaming' && typeof node.time === 'number' && node.time > 0) step(node.turn, node.step, node.time)
      else if (node.kind === 'tool' && node.call.hasCallHead && typeof node.call.callTime === 'number' && node.call.callTime > 0) {
        step(node.call.turn, node.call.step, node.call.callTime)
        ticks.push({ time: node.call.callTime, tool: toolLabel(node.call.name) })
      }
    }
  }
  return ticks
}

/**
 * Child ticks placed on a card that runs from raw `t0` to `t1`: relative to the parent's `base` clock, moved
 * by the card's own `shift` (the schedule moved its start to keep rows in order), kept inside the card's span
 * and in time order (a clock that steps back takes the time of the tick before it).
 */
export function placeTicks(ticks: readonly ChildTick[], base: number, shift: number, t0: number, t1: number): Tick[] {
  const placed: Tick[] = []
  let at = t0
  for (const tick of ticks) {
    at = Math.min(t1, Math.max(at, tick.time - base + shift))
    placed.push({ t: at, tool: tick.tool })
  }
  return placed
}

/**
 * Play time of a tick at raw time `r` on a card playing from `p0` to `p1` (raw `t0`…`t1`): through `map` in
 * real and compressed timing; paced (`map` null) in proportion along the card's paced span.
 */
export function tickPlayTime(r: number, t0: number, t1: number, p0: number, p1: number, map: ((r: number) => number) | null): number {
  if (map !== null) return Math.min(p1, Math.max(p0, map(r)))
  return t1 > t0 ? p0 + (p1 - p0) * ((r - t0) / (t1 - t0)) : p0
}

/** What the counter says once the first `n` ticks have played: steps, tool calls and the last tool's name. */
export interface ProgressCount {
  steps: number
  calls: number
  last: string | null
}

export function progressCount(ticks: readonly Tick[], n: number): ProgressCount {
  let steps = 0
  let calls = 0
  let last: string | null = null
  for (let i = 0; i < n && i < ticks.length; i++) {
    const tool = (ticks[i] as Tick).tool
    if (tool === null) steps++
    else {
      calls++
      last = tool
    }
  }
  return { steps, calls, last }
}
