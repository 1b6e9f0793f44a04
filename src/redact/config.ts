/**
 * The user's redaction config (`--redact-config FILE`): extra named rules, an allowlist, and built-in rules
 * to switch off. JSON, checked field by field so a mistake names its place (`rules[1].pattern: …`) instead
 * of surfacing as a regex crash mid-build. Pure: the caller reads the file (src/redact/node/config-file.ts).
 *
 * ```json
 * {
 *   "rules": [{ "name": "employee-id", "pattern": "EMP-\\d{6}" },
 *             { "name": "internal-host", "pattern": "([a-z0-9-]+)\\.corp\\.example", "flags": "i", "group": 1 }],
 *   "allow": ["AKIAIOSFODNN7EXAMPLE", { "pattern": "example\\.(com|org)", "flags": "i" }],
 *   "disable": ["jwt"]
 * }
 * ```
 */
import type { Rule } from './rules'
import { BUILT_IN_NAMES, BUILT_IN_RULES } from './rules'
import type { RedactConfig } from './scan'

export class RedactConfigError extends Error {}

const NAME = /^[a-z0-9][a-z0-9._-]{0,47}$/
const FLAGS = /^[imsu]*$/
const KEYS = new Set(['rules', 'allow', 'disable', '$schema', 'comment'])
const RULE_KEYS = new Set(['name', 'pattern', 'flags', 'group', 'comment'])
const ALLOW_KEYS = new Set(['pattern', 'flags', 'comment'])

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function compile(where: string, pattern: unknown, flags: unknown): RegExp {
  if (typeof pattern !== 'string' || pattern === '') throw new RedactConfigError(`${where}.pattern must be a non-empty string (a JavaScript regular expression)`)
  if (flags !== undefined && (typeof flags !== 'string' || !FLAGS.test(flags))) {
    throw new RedactConfigError(`${where}.flags may only hold i, m, s, u (got ${JSON.stringify(flags)})`)
  }
  let re: RegExp
  try {
    re = new RegExp(pattern, `${typeof flags === 'string' ? flags : ''}dg`)
  } catch (err) {
    throw new RedactConfigError(`${where}.pattern is not a valid regular expression: ${(err as Error).message}`)
  }
  // A pattern that matches nothing at all would redact nothing and loop forever on every string.
  re.lastIndex = 0
  if (re.exec('') !== null) throw new RedactConfigError(`${where}.pattern matches the empty string`)
  return re
}

function unknownKeys(where: string, value: Record<string, unknown>, allowed: Set<string>): void {
  const extra = Object.keys(value).filter(k => !allowed.has(k))
  if (extra.length > 0) throw new RedactConfigError(`${where} has unknown field${extra.length > 1 ? 's' : ''} ${extra.map(k => JSON.stringify(k)).join(', ')} (known: ${[...allowed].join(', ')})`)
}

/** Parses and checks a config file's text; `source` names the file in messages. */
export function parseRedactConfig(text: string, source: string): RedactConfig {
  let value: unknown
  try {
    value = JSON.parse(text.replace(/^\ufeff/, ''))
  } catch (err) {
    throw new RedactConfigError(`${source} is not valid JSON: ${(err as Error).message}`)
  }
  if (!isRecord(value)) throw new RedactConfigError(`${source} must hold a JSON object with "rules", "allow" and/or "disable"`)
  unknownKeys(source, value, KEYS)
  const list = (key: string): unknown[] => {
    const v = value[key]
    if (v === undefined) return []
    if (!Array.isArray(v)) throw new RedactConfigError(`${source}: "${key}" must be an array`)
    return v
  }

  const rules: Rule[] = list('rules').map((r, i) => {
    const where = `${source}: rules[${i}]`
    if (!isRecord(r)) throw new RedactConfigError(`${where} must be an object with "name" and "pattern"`)
    unknownKeys(where, r, RULE_KEYS)
    if (typeof r['name'] !== 'string' || !NAME.test(r['name'])) {
      throw new RedactConfigError(`${where}.name must be 1–48 characters of a-z, 0-9, ".", "_", "-", starting with a letter or digit (got ${JSON.stringify(r['name'])})`)
    }
    const pattern = compile(where, r['pattern'], r['flags'])
    const group = r['group'] ?? 0
    const groups = new RegExp(`${pattern.source}|`, pattern.flags.replace('g', '')).exec('')?.length ?? 1
    if (typeof group !== 'number' || !Number.isInteger(group) || group < 0 || group >= groups) {
      throw new RedactConfigError(`${where}.group must be a capture group of the pattern, 0 to ${groups - 1} (got ${JSON.stringify(group)})`)
    }
    return { name: r['name'], pattern, group, honoursHashAllowlist: true, hint: null, builtIn: false }
  })

  const allow: RegExp[] = list('allow').map((a, i) => {
    const where = `${source}: allow[${i}]`
    if (typeof a === 'string') return compile(where, a, undefined)
    if (!isRecord(a)) throw new RedactConfigError(`${where} must be a pattern string or { "pattern", "flags" }`)
    unknownKeys(where, a, ALLOW_KEYS)
    return compile(where, a['pattern'], a['flags'])
  })

  const disable = list('disable').map((d, i) => {
    if (typeof d !== 'string' || !BUILT_IN_NAMES.includes(d)) {
      throw new RedactConfigError(`${source}: disable[${i}] must name a built-in rule (${BUILT_IN_NAMES.join(', ')}); got ${JSON.stringify(d)}`)
    }
    return d
  })

  return {
    rules: [...BUILT_IN_RULES.filter(r => !disable.includes(r.name)), ...rules],
    allow,
    fingerprint: JSON.stringify({
      rules: rules.map(r => [r.name, r.pattern.source, r.pattern.flags, r.group]),
      allow: allow.map(a => [a.source, a.flags]),
      disable: [...disable].sort(),
    }),
  }
}
