/**
 * A redaction run with its report: the object a build or an export holds while it reads logs. It redacts
 * text, JSON-like values and reader batches (`ParsedLine[]`, before they are folded), and remembers what it
 * replaced — rule, count, and where (session + line) — for the report printed to stderr. Pure (no Node):
 * the browser could run it too.
 */
import type { ParsedLine } from '../log/parsed-line'
import { DeepRedactor } from './deep'
import { DEFAULT_CONFIG, type RedactConfig } from './scan'

/** Where secrets were replaced: one entry per session, line and rule. */
export interface RedactionPlace {
  /** The log as the user named it (or any label the caller chose). */
  session: string
  /** 1-based line of the decoded log; null when found after folding (text joined from streamed pieces). */
  line: number | null
  rule: string
  /** Distinct secrets (a secret repeated in one record, e.g. a call's arguments and its echo, counts once). */
  count: number
}

export interface RedactionReport {
  /** Distinct secrets per place, summed over places. */
  total: number
  /** Rule → replacements, rules sorted by name. */
  byRule: Record<string, number>
  /** In the order found, at most MAX_PLACES. */
  places: RedactionPlace[]
  /** Places beyond the list (still counted in `total` and `byRule`). */
  omittedPlaces: number
}

/** Places kept for the report; a log with more is full of secrets and the counts say so. */
export const MAX_PLACES = 10_000

export interface Where {
  session: string
  line: number | null
}

export class Redactor {
  readonly config: RedactConfig
  #byRule = new Map<string, number>()
  #places = new Map<string, RedactionPlace>()
  /** Secrets already counted per place (memory only; never part of a report). */
  #seen = new Map<string, Set<string>>()
  #omitted = 0
  #total = 0
  #where: Where = { session: '', line: null }
  readonly #deep: DeepRedactor

  constructor(config: RedactConfig = DEFAULT_CONFIG) {
    this.config = config
    this.#deep = new DeepRedactor(config, (rule, secret) => this.#note(rule, secret))
  }

  #note(rule: string, secret: string): void {
    const { session, line } = this.#where
    const key = `${session}\0${line ?? ''}\0${rule}`
    const seen = this.#seen.get(key) ?? new Set<string>()
    if (seen.has(secret)) return
    seen.add(secret)
    this.#seen.set(key, seen)
    this.#total++
    this.#byRule.set(rule, (this.#byRule.get(rule) ?? 0) + 1)
    const place = this.#places.get(key)
    if (place !== undefined) place.count++
    else if (this.#places.size < MAX_PLACES) this.#places.set(key, { session, line, rule, count: 1 })
    else this.#omitted++
  }

  /** Redacts one string found at `where`. */
  text(s: string, where: Where): string {
    this.#where = where
    return this.#deep.string(s)
  }

  /** Redacts every string of a JSON-like value found at `where`; same reference when nothing changed. */
  value<T>(v: T, where: Where): T {
    this.#where = where
    return this.#deep.value(v) as T
  }

  /**
   * Redacts a reader batch of one log before it is folded: every string of every entry (header, event
   * data, the raw record, an unreadable line's text and reason). Entries without secrets are returned as is.
   */
  lines(batch: readonly ParsedLine[], session: string): ParsedLine[] {
    return batch.map(entry => this.value(entry, { session, line: entry.line }))
  }

  report(): RedactionReport {
    const byRule: Record<string, number> = {}
    for (const rule of [...this.#byRule.keys()].sort()) byRule[rule] = this.#byRule.get(rule) ?? 0
    return { total: this.#total, byRule, places: [...this.#places.values()].map(p => ({ ...p })), omittedPlaces: this.#omitted }
  }
}

/** Merges reports (sessions redacted by separate runs, or remembered from an earlier build). */
export function mergeReports(reports: readonly RedactionReport[]): RedactionReport {
  const byRule = new Map<string, number>()
  const places: RedactionPlace[] = []
  let total = 0
  let omitted = 0
  for (const r of reports) {
    total += r.total
    omitted += r.omittedPlaces
    for (const [rule, n] of Object.entries(r.byRule)) byRule.set(rule, (byRule.get(rule) ?? 0) + n)
    for (const p of r.places) {
      if (places.length < MAX_PLACES) places.push(p)
      else omitted++
    }
  }
  const sorted: Record<string, number> = {}
  for (const rule of [...byRule.keys()].sort()) sorted[rule] = byRule.get(rule) ?? 0
  return { total, byRule: sorted, places, omittedPlaces: omitted }
}

export const EMPTY_REPORT: RedactionReport = { total: 0, byRule: {}, places: [], omittedPlaces: 0 }
