/**
 * The context half of redaction: which names say "the value next to me is a secret" (`DB_PASSWORD`,
 * `apiKey`, `x-api-key`, `Authorization`) and which values next to such a name are not secrets after all
 * (placeholders like `${TOKEN}` or `<password>`, type annotations like `token: string`, code like
 * `password = getPassword()`, values already redacted). Used by the assignment rules (./rules.ts) and by the
 * structural walk (./deep.ts) for JSON keys. Pure: no Node, no DOM.
 *
 * Names are split into words (snake, kebab, dotted and camel case) and judged by their last words, so
 * `max_tokens`, `password_hash`, `bypass` and `token_type` are not secret names while `PGPASSWORD`,
 * `githubToken` and `secretAccessKey` are.
 */

/** Last words that make a name secret when the word ends with them (`pgpassword`, `csrftoken`). */
const SECRET_SUFFIXES = ['password', 'passwd', 'passphrase', 'secret', 'token', 'apikey', 'accesskey', 'secretkey', 'privatekey']
/** Last words that make a name secret only as a whole word (too short to be a suffix: `bypass`). */
const SECRET_WORDS = new Set(['pwd', 'pass', 'credential', 'credentials', 'authorization'])
/** Two last words that make a name secret (`api_key`, `X-Api-Key`, `client_secret` is caught by `secret`). */
const SECRET_PAIRS = new Set(['api key', 'access key', 'secret key', 'private key', 'auth key', 'session key', 'signing key', 'encryption key', 'master key', 'account key', 'auth token'])

/** Splits a name into lower-case words: `DB_PASSWORD` → db, password; `secretAccessKey` → secret, access, key. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** Names seen so far (object keys repeat endlessly in a log: `type`, `text`, `turn`, …). */
const known = new Map<string, boolean>()
const MAX_KNOWN = 10_000

/** Whether a key/variable/header/flag name announces a secret value. */
export function isSecretName(name: string): boolean {
  const cached = known.get(name)
  if (cached !== undefined) return cached
  const secret = judgeName(name)
  if (known.size < MAX_KNOWN) known.set(name, secret)
  return secret
}

function judgeName(name: string): boolean {
  if (name.length > 64) return false
  const words = nameWords(name)
  const last = words[words.length - 1]
  if (last === undefined) return false
  if (SECRET_WORDS.has(last) || SECRET_SUFFIXES.some(s => last.endsWith(s))) return true
  const pair = words.length >= 2 ? `${words[words.length - 2]} ${last}` : ''
  return SECRET_PAIRS.has(pair)
}

/** Values that stand for a secret without being one: templates, variables, masks, type names, markers. */
const PLACEHOLDER =
  /^(?:\*+|•+|x{3,}|\.{3}|…|<[^<>]*>|\$\{.*|\$\(.*|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]*%|\{\{.*|\{[A-Za-z_][A-Za-z0-9_]*\}|%\(?[a-z_]*\)?[sd]|\[REDACTED[^\]]*\]|REDACTED|redacted|\[?hidden\]?|\[?masked\]?)$/
/** Literal words that are types, keywords or well-known dummy values, never secrets on their own. */
const LITERALS = new Set([
  'null', 'none', 'nil', 'undefined', 'true', 'false', 'yes', 'no', 'on', 'off', 'string', 'str', 'bytes', 'int', 'number',
  'boolean', 'bool', 'any', 'unknown', 'object', 'required', 'optional', 'secret', 'password', 'token', 'changeme',
  'example', 'dummy', 'test', 'env', 'required()', 'empty', 'default',
])

export interface ValueContext {
  /** The separator between name and value (`=`, `:`, ` ` for a CLI flag); `:` is also type-annotation syntax. */
  separator?: string
  /** The value was written without quotes (code and YAML reach here; quoted values are data). */
  unquoted?: boolean
  /** The character right after the value (`(` means a call: `password = prompt()`). */
  next?: string
  /** The name the value belongs to: a short number is a count for `max_token`, a PIN for `password`. */
  name?: string
}

/**
 * Whether a value found next to a secret name should be redacted. Digests with a self-describing prefix
 * (`sha256:…`, `sha512-…`) are kept: they name content, they do not unlock anything.
 */
export function isSecretValue(value: string, context: ValueContext = {}): boolean {
  const v = value.trim()
  if (v.length < 3) return false
  if (PLACEHOLDER.test(v) || LITERALS.has(v.toLowerCase())) return false
  // A value running into a marker was redacted already (what is left beside it is its neighbour).
  if (v.includes('[REDACTED:')) return false
  if (/^your[_-]|^my[_-]|^<|^sha(?:1|224|256|384|512)[-:]/i.test(v)) return false
  if (/^(?:process\.env|os\.environ|env\.|import\.meta\.env|secrets\.|vars\.)/i.test(v)) return false
  if (context.unquoted === true) {
    if (context.next === '(' || context.next === '[') return false
    // Code: `a.b.c` member chains, `camelCase` / `snake_case` identifiers made of letters only.
    if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v)) return false
    if (/^[a-z]+(?:[A-Z][a-z]+)+$/.test(v) || /^[a-z]+(?:_[a-z]+)+$/.test(v)) return false
    // A type after `:` (`token: Token`, `password: SecretStr`): PascalCase letters only.
    if (context.separator === ':' && /^[A-Z][a-z]+(?:[A-Z][a-z]*)*$/.test(v)) return false
    // A short number next to `token`/`key` is a count or an index, not a credential (a password may be one).
    if (/^\d{1,5}$/.test(v) && !/pass|pwd/i.test(context.name ?? '')) return false
  }
  return true
}
