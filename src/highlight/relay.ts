/**
 * A colourer for a thread that renders but does not colour (a lane worker, src/site/lanes.ts): whether a block
 * gets colour is decided here, with this thread's budgets, exactly as `Highlighter.highlight` decides
 * (`grantColour`); the fragment is asked of the thread that owns the highlighter (the build thread: its cache
 * and highlight worker make the same fragment it would make for itself, and a text asked for by several lanes
 * is coloured once). So lanes load no shiki and colour nothing twice.
 */
import { trustHtml, type SafeHtml } from '../cards/trusted'
import type { CharBudget } from './budget'
import { fragmentLines } from './fragment'
import { grantColour, type BlockToColour } from './grant'

export type ColourRequest = { type: 'colour'; id: number; lang: string | null; text: string }
export type ColourDone = { type: 'colour-done'; id: number; html: string | null; error: string | null }

export interface RelayColourer {
  highlight(block: BlockToColour, budget: CharBudget): Promise<SafeHtml | null>
  highlightLines(block: BlockToColour, budget: CharBudget): Promise<SafeHtml[] | null>
}

/** The colourer, and `done` for the owner's answers (each answers one request, by id). */
export function relayColourer(send: (message: ColourRequest) => void): { colourer: RelayColourer; done: (message: ColourDone) => void } {
  const waiting = new Map<number, { resolve: (html: SafeHtml | null) => void; reject: (err: Error) => void }>()
  let next = 0
  const highlight = (block: BlockToColour, budget: CharBudget): Promise<SafeHtml | null> => {
    if (grantColour(block, budget) === null) return Promise.resolve(null)
    const id = next++
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      send({ type: 'colour', id, lang: block.lang, text: block.text })
    })
  }
  return {
    colourer: {
      highlight,
      highlightLines: async (block, budget) => {
        const html = await highlight(block, budget)
        return html === null ? null : fragmentLines(html)
      },
    },
    done: message => {
      const waiter = waiting.get(message.id)
      waiting.delete(message.id)
      if (message.error !== null) waiter?.reject(new Error(message.error))
      else waiter?.resolve(message.html === null ? null : trustHtml(message.html))
    },
  }
}
