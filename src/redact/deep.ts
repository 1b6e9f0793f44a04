/**
 * Redaction over JSON-shaped values (events, headers, tool arguments, view models): every string is
 * redacted with ./scan.ts, object keys too, and a string value under a secret name (`"password"`, `"apiKey"`,
 * `"Authorization"`) is replaced whole. Structure is kept, so a redacted event still parses into the same
 * cards: a string that holds JSON (tool-call `arguments`, a tool's JSON output) is parsed and walked, and
 * written back in its original formatting when a plain text pass gives the same result, else re-serialized
 * with its indentation. Unchanged subtrees are returned as the same objects (no copying of clean data).
 */
import { deeperThan, MAX_JSON_DEPTH } from '../log/json/depth'
import { applyFindings, findSecrets, marker, type RedactConfig } from './scan'
import { isSecretName, isSecretValue } from './values'

/** Called once per secret replaced, with the text it replaced. */
export type OnFinding = (rule: string, secret: string) => void

const ASSIGNMENT = 'secret-assignment'

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9

/** `{…}` or `[…]` around optional whitespace: worth a JSON.parse (checked without copying the string). */
function looksLikeJson(s: string): boolean {
  let i = 0
  let j = s.length - 1
  while (i < j && isSpace(s.charCodeAt(i))) i++
  while (j > i && isSpace(s.charCodeAt(j))) j--
  if (j <= i) return false
  const first = s.charCodeAt(i)
  const last = s.charCodeAt(j)
  return (first === 123 && last === 125) || (first === 91 && last === 93)
}

/** Parsed JSON, or undefined: not JSON, or nested too deep to walk (then it is scanned as text). */
function parseJson(s: string): unknown {
  try {
    const value: unknown = JSON.parse(s)
    return deeperThan(value, MAX_JSON_DEPTH) ? undefined : value
  } catch {
    return undefined
  }
}

/** The indentation unit of pretty-printed JSON (`"  "`, `"\t"`), or undefined for compact JSON. */
function indentOf(s: string): string | undefined {
  const m = /\n([ \t]+)\S/.exec(s)
  return m?.[1]
}

/** Object keys repeat endlessly (`type`, `text`, `toolCallId`): each is scanned once. */
const MAX_CLEAN_KEYS = 10_000

export class DeepRedactor {
  readonly #cleanKeys = new Set<string>()

  constructor(
    readonly config: RedactConfig,
    private readonly found: OnFinding,
  ) {}

  /** A value with every secret replaced; the same reference when nothing was found. */
  value(v: unknown): unknown {
    if (typeof v === 'string') return this.string(v)
    if (Array.isArray(v)) {
      let out: unknown[] | null = null
      for (let i = 0; i < v.length; i++) {
        const item: unknown = v[i]
        const next = this.value(item)
        if (next !== item) (out ??= v.slice())[i] = next
      }
      return out ?? v
    }
    if (typeof v === 'object' && v !== null) return this.object(v as Record<string, unknown>)
    return v
  }

  private object(o: Record<string, unknown>): Record<string, unknown> {
    let out: [string, unknown][] | null = null
    const keys = Object.keys(o)
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      const item = o[key]
      const k = this.#key(key)
      const next = this.member(key, item)
      // Copy only once something changed: clean objects (nearly all) allocate nothing.
      if (out === null && (k !== key || next !== item)) out = keys.slice(0, i).map(p => [p, o[p]])
      out?.push([k, next])
    }
    return out === null ? o : Object.fromEntries(out)
  }

  #key(key: string): string {
    if (this.#cleanKeys.has(key)) return key
    const k = this.string(key)
    if (k === key && this.#cleanKeys.size < MAX_CLEAN_KEYS) this.#cleanKeys.add(key)
    return k
  }

  /** A member value: a secret name makes a secret-looking value secret as a whole. */
  private member(key: string, item: unknown): unknown {
    if (!isSecretName(key)) return this.value(item)
    if (typeof item === 'number' && /pass|pwd/i.test(key) && Math.abs(item) >= 100) {
      this.found(ASSIGNMENT, String(item))
      return marker(ASSIGNMENT)
    }
    if (typeof item !== 'string' || !isSecretValue(item, { name: key }) || looksLikeJson(item)) return this.value(item)
    const findings = findSecrets(item, this.config)
    // One known token filling the value keeps its own name (`"GITHUB_TOKEN": "ghp_…"` → github-token).
    const only = findings.length === 1 ? findings[0] : undefined
    const rule = only !== undefined && only.start === 0 && only.end === item.length ? only.rule : ASSIGNMENT
    this.found(rule, item)
    return marker(rule)
  }

  /** A string: JSON inside is walked structurally, anything else is scanned as text. */
  string(s: string): string {
    if (looksLikeJson(s)) {
      const parsed = parseJson(s)
      if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) return this.jsonString(s, parsed)
    }
    const findings = findSecrets(s, this.config)
    for (const f of findings) this.found(f.rule, s.slice(f.start, f.end))
    return applyFindings(s, findings)
  }

  private jsonString(s: string, parsed: object): string {
    const found: [string, string][] = []
    const structural = new DeepRedactor(this.config, (rule, secret) => found.push([rule, secret])).value(parsed)
    if (structural === parsed) return s
    for (const [rule, secret] of found) this.found(rule, secret)
    // Prefer the text pass: it keeps the author's formatting and number spelling. Use it only when it
    // still parses and leaves nothing the structural pass would redact.
    const text = applyFindings(s, findSecrets(s, this.config))
    const reparsed = text === s ? undefined : parseJson(text)
    if (reparsed !== undefined) {
      let left = 0
      new DeepRedactor(this.config, () => left++).value(reparsed)
      if (left === 0) return text
    }
    return JSON.stringify(structural, null, indentOf(s))
  }
}

/**
 * Redacts a JSON-like value (pure; `onFinding` hears each replacement).
 *
 * @example redactValue({ env: { API_KEY: 'abc123' } }) // → { env: { API_KEY: '[REDACTED:secret-assignment]' } }
 */
export function redactValue<T>(value: T, config: RedactConfig, onFinding: OnFinding = () => {}): T {
  return new DeepRedactor(config, onFinding).value(value) as T
}
