/**
 * The built-in detectors (issue 7 "--redact"): one named rule per known token format, then the rules that
 * need context (a secret name before the value, a URL's password slot, an Authorization header). The name
 * is what a reader sees (`[REDACTED:github-token]`) and what the report counts. Order is priority: when two
 * rules find the same text the earlier one names it.
 *
 * Token formats follow the providers' published shapes (GitHub, AWS, Slack, OpenAI, Anthropic, Google,
 * Stripe, npm, Hugging Face, GitLab, SendGrid, JWT, PEM). `sk-` keys of other providers (DeepSeek's
 * `sk-<32 hex>`, Moonshot, …) share one rule. Each rule carries a cheap `hint` so the large majority of
 * strings (stream chunks, short fields) never run the full pattern.
 */
import { isSecretName, isSecretValue, nameWords } from './values'

export interface Rule {
  /** Shown in `[REDACTED:<name>]` and counted in the report; `[a-z0-9._-]`. */
  name: string
  /** Global; with the `d` flag when a group, not the whole match, is the secret. */
  pattern: RegExp
  /** Capture group holding the secret (0: the whole match). */
  group: number
  /** Finds the secret in a match when no single group holds it (assignments: one of five value groups). */
  locate?: (match: RegExpExecArray) => [number, number] | null
  /** A match lying inside a built-in digest span (git SHA, UUID, integrity hash) is kept. */
  honoursHashAllowlist: boolean
  /** Tested first; the pattern runs only when it matches (null: always run). Non-global. */
  hint: RegExp | null
  /** Second look at a match (placeholders, code); the secret is `secret`, found at `match`. */
  accept?: (secret: string, match: RegExpExecArray, text: string) => boolean
  builtIn: boolean
}

// Lookarounds treat `]` before and `[` after a token like letters: a `[REDACTED:…]` marker must not make a
// neighbour match that its secret kept from matching (redacting twice changes nothing).
//
// A value after `name =` / `name:` in any of the usual quotings: "…", '…', `…`, \"…\" (JSON inside a JSON
// string shown raw), or bare. Groups: double, single, backtick, escaped double, bare.
const QUOTED = String.raw`"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|\x60([^\x60\n]*)\x60|\\"((?:[^"\\\n]|\\[^"])*)\\"`
const BARE = String.raw`([^\s"'\x60,;&<>(){}\[\]\\|=]+=*)`
const SECRET_HINT = /pass|pwd|secret|token|key|credential/i
/** An Authorization scheme word: what comes before the credential, never the credential. */
const SCHEME = /^(?:bearer|basic|token|digest|bot|negotiate)$/i

/** The value groups of an assignment-shaped match: [text, start, quoted]. */
function valueOf(match: RegExpExecArray, first: number): { value: string; start: number; quoted: boolean } | null {
  for (let g = first; g < first + 5; g++) {
    const value = match[g]
    const at = match.indices?.[g]
    if (value !== undefined && at !== undefined) return { value, start: at[0], quoted: g < first + 4 }
  }
  return null
}

/** Locates the value of an assignment whose value groups start at `first`. */
const valueAt = (first: number) => (match: RegExpExecArray): [number, number] | null => {
  const v = valueOf(match, first)
  return v === null ? null : [v.start, v.start + v.value.length]
}

/** The secret of an assignment: the value, unless it is a placeholder, code, or a header another rule owns. */
function acceptAssignment(nameGroup: number, separatorGroup: number | null, firstValue: number) {
  return (_secret: string, match: RegExpExecArray, text: string): boolean => {
    const name = match[nameGroup] ?? ''
    if (!isSecretName(name)) return false
    // `Authorization: Bearer x`: the auth-header rule redacts the credential, not the scheme word.
    if (nameWords(name).at(-1) === 'authorization') return false
    const v = valueOf(match, firstValue)
    if (v === null) return false
    if (!v.quoted && v.value.startsWith('-')) return false
    // ` and ` between two Markdown code spans (`token=` and `secret=`) is prose, not a quoted value.
    if (v.quoted && /^\s|\s$/.test(v.value)) return false
    const separator = separatorGroup === null ? ' ' : (match[separatorGroup] ?? '')
    // `--token needs --attach`: after a flag and a space, a plain word is prose; a credential has a digit,
    // a symbol, or length.
    if (separatorGroup === null && !v.quoted && text[v.start - 1] !== '=' && /^[A-Za-z]{1,15}$/.test(v.value)) return false
    // `password= next`: in shell and .env files the value ends at the `=`; only YAML-style `:` takes a space.
    if (!v.quoted && separator === '=' && /\s/.test(text[v.start - 1] ?? '')) return false
    return isSecretValue(v.value, { separator, unquoted: !v.quoted, next: text[v.start + v.value.length], name })
  }
}

const rule = (name: string, pattern: RegExp, options: Partial<Omit<Rule, 'name' | 'pattern'>> = {}): Rule => ({
  name,
  pattern,
  group: 0,
  honoursHashAllowlist: true,
  hint: null,
  builtIn: true,
  ...options,
})

const hasDigit = (s: string) => /\d/.test(s)

/** Every built-in rule, in priority order. */
export const BUILT_IN_RULES: readonly Rule[] = [
  rule('private-key', /-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----[\s\S]*?(?:-----END \1-----|$)/g, { hint: /-----BEGIN / }),
  rule('anthropic-key', /(?<![\]A-Za-z0-9_-])sk-ant-[A-Za-z0-9_-]{20,}/g, { hint: /sk-ant-/ }),
  rule('openai-key', /(?<![\]A-Za-z0-9_-])(?:sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})/g, {
    hint: /sk-/,
  }),
  rule('github-token', /(?<![\]A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})(?![[A-Za-z0-9_])/g, {
    hint: /gh[pousr]_|github_pat_/,
  }),
  rule('gitlab-token', /(?<![\]A-Za-z0-9_-])glpat-[A-Za-z0-9_-]{20,}/g, { hint: /glpat-/ }),
  rule('slack-webhook', /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,}/g, { hint: /hooks\.slack\.com/ }),
  rule('slack-token', /(?<![\]A-Za-z0-9_-])(?:xox[abposr]|xapp)-[A-Za-z0-9-]{10,}/g, { hint: /xox[abposr]-|xapp-/ }),
  rule('aws-access-key-id', /(?<![\]A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![[A-Za-z0-9])/g, { hint: /A[KSBC][IC]A/ }),
  rule(
    'aws-secret-key',
    /(?:aws[_-]?secret[_-]?(?:access[_-]?)?key|secret[_-]?access[_-]?key)(?:\\?["'\x60])?[ \t]*(?:=>|:=|=|:)[ \t]*(?:\\?["'\x60])?([A-Za-z0-9/+]{40})(?![[A-Za-z0-9/+=])/dgi,
    { group: 1, honoursHashAllowlist: false, hint: /secret.?(?:access.?)?key/i },
  ),
  rule('google-api-key', /(?<![\]A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![[A-Za-z0-9_-])/g, { hint: /AIza/ }),
  rule('stripe-key', /(?<![\]A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, { hint: /k_(?:live|test)_/ }),
  rule('npm-token', /(?<![\]A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![[A-Za-z0-9])/g, { hint: /npm_/ }),
  rule('huggingface-token', /(?<![\]A-Za-z0-9_])hf_[A-Za-z0-9]{34,}(?![[A-Za-z0-9])/g, { hint: /hf_/ }),
  rule('sendgrid-key', /(?<![\]A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![[A-Za-z0-9_-])/g, { hint: /SG\./ }),
  rule('jwt', /(?<![\]A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, { hint: /eyJ/ }),
  rule('sk-api-key', /(?<![\]A-Za-z0-9_-])sk-[A-Za-z0-9]{20,}(?![[A-Za-z0-9_-])/g, { hint: /sk-/, accept: hasDigit }),
  rule('url-password', /\b[a-z][a-z0-9+.-]{1,30}:\/\/[^\s:@/?#"'<>\\]{1,256}:([^\s@/?#"'<>\\]{1,256})@(?=[A-Za-z0-9[])/dgi, {
    group: 1,
    honoursHashAllowlist: false,
    hint: /:\/\/[^\s@]*@/,
    accept: secret => isSecretValue(secret),
  }),
  rule(
    'auth-header',
    /\b(?:proxy-)?authorization(?:\\?["'\x60])?[ \t]*[:=][ \t]*(?:\\?["'\x60])?(?:(?:bearer|basic|token|digest|bot|negotiate)[ \t]+)?([^\s"'\x60,;\\]{6,})/dgi,
    { group: 1, honoursHashAllowlist: false, hint: /authorization/i, accept: secret => !SCHEME.test(secret) && isSecretValue(secret) },
  ),
  rule('bearer-token', /\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/dgi, {
    group: 1,
    honoursHashAllowlist: false,
    hint: /bearer/i,
    accept: secret => hasDigit(secret) && /[A-Za-z]/.test(secret) && isSecretValue(secret),
  }),
  // `--password hunter2`, `--api-key=…`: a CLI flag named like a secret, then its value.
  rule('secret-assignment', new RegExp(String.raw`(?<![\]A-Za-z0-9_-])--?([A-Za-z][A-Za-z0-9_-]{1,40})(?:=|[ \t]+)(?:${QUOTED}|${BARE})`, 'dg'), {
    locate: valueAt(2),
    honoursHashAllowlist: false,
    hint: /-[\w-]*(?:pass|pwd|secret|token|key|credential)/i,
    accept: acceptAssignment(1, null, 2),
  }),
  // `DB_PASSWORD=…`, `"apiKey": "…"`, `token: …`, `\"secret\":\"…\"`.
  rule(
    'secret-assignment',
    new RegExp(String.raw`(?<![\]A-Za-z0-9_.$-])(\\?["'\x60]?)([A-Za-z_][A-Za-z0-9_.-]{0,63})\1[ \t]*(=>|:=|=|:)[ \t]*(?:${QUOTED}|${BARE})`, 'dg'),
    { locate: valueAt(4), honoursHashAllowlist: false, hint: SECRET_HINT, accept: acceptAssignment(2, 3, 4) },
  ),
]

/** Where the secret of a match is: the rule's locator, a capture group, or the whole match. */
export function secretRange(rule: Rule, match: RegExpExecArray): [number, number] | null {
  if (rule.locate !== undefined) return rule.locate(match)
  if (rule.group === 0) return [match.index, match.index + match[0].length]
  const at = match.indices?.[rule.group]
  return at === undefined ? null : [at[0], at[1]]
}

export const BUILT_IN_NAMES: readonly string[] = [...new Set(BUILT_IN_RULES.map(r => r.name))]
