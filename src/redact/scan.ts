/**
 * Finding and replacing secrets in one string: every rule of the config runs (after its cheap hint), a
 * match inside an allowlisted span is dropped (built-in digests for context-free rules, the user's
 * allowlist for every rule), overlapping matches merge under the earlier rule's name, and each survivor
 * becomes `[REDACTED:<rule>]`. Pure and deterministic; the markers match no rule, so redacting twice changes
 * nothing and a redacted text checks clean.
 */
import type { Rule } from './rules'
import { displayProjection, type Projection } from './display'
import { assembledHint, shownProjection } from './shown'
import { BUILT_IN_RULES, secretRange } from './rules'

export interface RedactConfig {
  /** Rules in priority order: built-ins (minus disabled ones), then the user's. */
  rules: readonly Rule[]
  /** User allowlist: a finding that lies inside a match of one of these is kept. Global patterns. */
  allow: readonly RegExp[]
  /** Identifies the config (part of the site's cache key: changing rules re-renders pages). */
  fingerprint: string
}

export const DEFAULT_CONFIG: RedactConfig = { rules: BUILT_IN_RULES, allow: [], fingerprint: 'built-in' }

/** One secret in a string: `[start, end)` is what gets replaced. */
export interface TextFinding {
  rule: string
  start: number
  end: number
}

/**
 * Digests that must survive every context-free rule (users.md complaint 5): git SHA-1 and SHA-256 object
 * ids and other hex digests, UUIDs, SRI integrity hashes (`sha512-…`), `sha256:<hex>` attachment ids.
 */
export const HASH_ALLOWLIST: readonly RegExp[] = [
  /(?<![A-Za-z0-9])(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128}|[0-9A-F]{40}|[0-9A-F]{64})(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])sha(?:1|256|384|512)-[A-Za-z0-9+/]{20,}={0,2}/g,
  /(?<![A-Za-z0-9])sha(?:1|256|384|512):[0-9a-f]{40,128}(?![A-Za-z0-9])/g,
]

export const marker = (rule: string) => `[REDACTED:${rule}]`

interface Candidate extends TextFinding {
  priority: number
  hashAllowlisted: boolean
}

function spans(text: string, patterns: readonly RegExp[]): [number, number][] {
  const out: [number, number][] = []
  for (const p of patterns) {
    p.lastIndex = 0
    for (let m = p.exec(text); m !== null; m = p.exec(text)) {
      if (m[0].length === 0) {
        p.lastIndex++
        continue
      }
      out.push([m.index, m.index + m[0].length])
    }
  }
  return out
}

const inside = (c: TextFinding, list: readonly [number, number][]) => list.some(([s, e]) => s <= c.start && c.end <= e)

/**
 * The shortest text a built-in rule can match (`pwd=abc`): shorter strings — most streamed chunks — skip the
 * built-in rules entirely. User rules always run.
 */
const MIN_BUILT_IN = 7

const prefilters = new WeakMap<readonly Rule[], RegExp>()

/**
 * One test standing for every built-in rule's hint (their union, case-insensitive: a superset). A log is
 * millions of strings and nearly none holds a hint; one regex test each is what keeps `--redact` cheap.
 */
function prefilter(rules: readonly Rule[]): RegExp {
  let re = prefilters.get(rules)
  if (re === undefined) {
    const hints = rules.filter(r => r.builtIn).map(r => (r.hint === null ? '' : `(?:${r.hint.source})`))
    re = hints.includes('') ? /(?:)/ : new RegExp(hints.join('|'), 'i')
    prefilters.set(rules, re)
  }
  return re
}

/**
 * Every secret in `text`, sorted, non-overlapping. The rules run on the raw text and, when it holds
 * terminal escapes, control, zero-width or bidi characters, on the text as displayed (./display.ts): a
 * token right after a colour code (`\x1b[32mghp_…`) or split by a zero-width space is found there and
 * mapped back to the raw span it covers.
 */
export function findSecrets(text: string, config: RedactConfig = DEFAULT_CONFIG): TextFinding[] {
  const raw = findInText(text, config)
  const removed = displayProjection(text, '', true)
  // What the page assembles (./shown.ts): a carriage return, references, escapes, code and link markers.
  // Its map is built only when a rewritten piece has a hint near it (or user rules run on everything).
  const base = removed?.text ?? text
  const assembled = config.rules.every(r => r.builtIn) && !assembledHint(base, prefilter(config.rules)) ? null : shownProjection(base, removed?.map ?? null)
  const shown = removed === null ? assembled : removed
  if (shown === null) return raw
  // Nothing any rule hints at, even with the escapes gone (most coloured output): the raw pass is all.
  // (A word boundary where an escape was can only break a hint, never make one.)
  const hinted = (p: Projection | null) => p !== null && p.text.length >= MIN_BUILT_IN && prefilter(config.rules).test(p.text)
  if (config.rules.every(r => r.builtIn) && !hinted(shown) && !hinted(assembled)) return raw
  // As displayed (a token split by a colour change is whole again), with each removed run as a word boundary
  // (a token right after `\x1b[32m` starts a word, though the screen may join it to the last), and as
  // assembled (./shown.ts; its map is out of order where a carriage return overwrote: a finding covers its
  // smallest to largest raw index).
  const mapped = [removed, displayProjection(text, ' ', true), assembled].flatMap(p => (p === null ? [] : findInText(p.text, config).map(f => rawSpan(p, f, text.length))))
  if (mapped.length === 0) return raw
  // Raw findings first on a tie, so a secret both passes see keeps the raw pass's extent and name.
  const all = [...raw.map((f, i) => ({ f, i })), ...mapped.map((f, i) => ({ f, i: raw.length + i }))]
  all.sort((a, b) => a.f.start - b.f.start || a.i - b.i)
  const out: TextFinding[] = []
  for (const { f } of all) {
    const last = out[out.length - 1]
    if (last !== undefined && f.start < last.end) {
      last.end = Math.max(last.end, f.end)
      continue
    }
    out.push({ ...f })
  }
  return out
}

/** The raw span of a finding in projection `p`. */
function rawSpan(p: Projection, f: TextFinding, length: number): TextFinding {
  let start = length
  let end = 0
  for (let i = f.start; i < f.end; i++) {
    const at = p.map[i] ?? 0
    if (at < start) start = at
    if (at + 1 > end) end = at + 1
  }
  return { rule: f.rule, start: Math.min(start, end), end }
}

function findInText(text: string, config: RedactConfig): TextFinding[] {
  const skipBuiltIn = text.length < MIN_BUILT_IN || !prefilter(config.rules).test(text)
  if (skipBuiltIn && config.rules.every(r => r.builtIn)) return []
  const candidates: Candidate[] = []
  config.rules.forEach((rule, priority) => {
    if (rule.builtIn && skipBuiltIn) return
    if (rule.hint !== null && !rule.hint.test(text)) return
    const pattern = rule.pattern
    pattern.lastIndex = 0
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const range = m[0].length === 0 ? null : secretRange(rule, m)
      const ok = range !== null && range[1] > range[0] && (rule.accept === undefined || rule.accept(text.slice(range[0], range[1]), m, text))
      if (range !== null && ok) {
        candidates.push({ rule: rule.name, start: range[0], end: range[1], priority, hashAllowlisted: rule.honoursHashAllowlist })
        continue
      }
      // Rejected (a placeholder, a name that is not secret): the value itself may still hold a match, so
      // resume at it — two characters early, so an opening quote (`'`, `\"`) can start a quoted name.
      pattern.lastIndex = Math.max(m.index + 1, (range?.[0] ?? 0) - 2)
    }
  })
  if (candidates.length === 0) return []
  let hashSpans: [number, number][] | null = null
  let userSpans: [number, number][] | null = null
  const kept = candidates.filter(c => {
    if (config.allow.length > 0 && inside(c, (userSpans ??= spans(text, config.allow)))) return false
    return !(c.hashAllowlisted && inside(c, (hashSpans ??= spans(text, HASH_ALLOWLIST))))
  })
  kept.sort((a, b) => a.start - b.start || a.priority - b.priority || b.end - a.end)
  const out: TextFinding[] = []
  for (const c of kept) {
    const last = out[out.length - 1]
    if (last !== undefined && c.start < last.end) {
      last.end = Math.max(last.end, c.end)
      continue
    }
    out.push({ rule: c.rule, start: c.start, end: c.end })
  }
  return out
}

/** Replaces the findings (sorted, non-overlapping, as findSecrets returns them) with their markers. */
export function applyFindings(text: string, findings: readonly TextFinding[]): string {
  if (findings.length === 0) return text
  let out = ''
  let at = 0
  for (const f of findings) {
    out += text.slice(at, f.start) + marker(f.rule)
    at = f.end
  }
  return out + text.slice(at)
}

/**
 * The pure function over text: the redacted text and what was found.
 *
 * @example redactText('export GITHUB_TOKEN=ghp_…') // → { text: 'export GITHUB_TOKEN=[REDACTED:github-token]', … }
 */
export function redactText(text: string, config: RedactConfig = DEFAULT_CONFIG): { text: string; findings: TextFinding[] } {
  const findings = findSecrets(text, config)
  return { text: applyFindings(text, findings), findings }
}
