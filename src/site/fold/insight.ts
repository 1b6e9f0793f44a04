/**
 * One session's archive record (src/stats/insight.ts) from its fold: the build keeps it in the manifest with
 * the session's summary (src/site/family.ts), and the export prices a session by it (src/export/load.ts), so
 * a session is counted and priced one way everywhere.
 */
import type { Conversation } from '../../conversation/model'
import { sessionInsight, type SessionInsight } from '../../stats/insight'
import type { PriceTable } from '../../stats/prices'
import type { CountedDetail } from './fold-log'

/**
 * The record, made from the fold's own counters (`detail`); kept in a build's manifest, the index overview
 * adds these up, so a rebuild reads only the logs that changed.
 */
export function insightOf(id: string, conversation: Conversation, detail: CountedDetail | undefined, prices: PriceTable | null): SessionInsight {
  const f = conversation.facts
  const model = f.models[0]
  return sessionInsight({
    id,
    project: f.cwd,
    start: f.startTime,
    end: f.endTime,
    status: f.status,
    model: model === undefined ? null : model.provider ? `${model.provider}/${model.model}` : model.model,
    counts: f.stats,
    usage: f.stats.usage,
    requests: detail?.requests ?? [],
    tools: detail?.tools ?? new Map(),
    lastTool: detail?.lastTool ?? null,
    slowTurns: detail?.slowTurns ?? [],
    prices,
  })
}
