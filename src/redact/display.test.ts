/**
 * Redaction through what a renderer removes (issue 17 item 2): every secret kind, preceded and followed by
 * terminal escapes (raw and written as text), quotes, brackets, zero-width and bidi characters, is found by
 * `findSecrets` (so by `build --redact` and `redact --check`), and the look-alikes that must survive still do.
 */
import { describe, expect, it } from 'vitest'
import { displayProjection } from './display'
import { findSecrets, redactText } from './scan'

// Fake secrets, assembled so this file holds no token-shaped literal.
const A = 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1dF3gH5k'
const HEX32 = '0123456789abcdef0123456789abcdef'

/** [rule, text before the secret, the secret, text after]. */
const KINDS: [string, string, string, string][] = [
  ['openai-key', '', `sk-proj-${A}`, ''],
  ['anthropic-key', '', `sk-ant-api03-${A}`, ''],
  ['sk-api-key', '', `sk-${HEX32}`, ''],
  ['github-token', '', `ghp_${A.slice(0, 36)}`, ''],
  ['github-token', '', `github_pat_${A.slice(0, 22)}_${A}`, ''],
  ['gitlab-token', '', `glpat-${A.slice(0, 20)}`, ''],
  ['aws-access-key-id', '', 'AKIA2E0A8F3B244C9986', ''],
  ['aws-secret-key', 'aws_secret_access_key=', A, ''],
  ['slack-token', '', `xoxb-123456789012-${A.slice(0, 24)}`, ''],
  ['slack-webhook', '', `https://hooks.slack.com/services/T0000/B0000/${A.slice(0, 24)}`, ''],
  ['google-api-key', '', `AIza${A.slice(0, 35)}`, ''],
  ['stripe-key', '', `sk_live_${A.slice(0, 24)}`, ''],
  ['npm-token', '', `npm_${A.slice(0, 36)}`, ''],
  ['huggingface-token', '', 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH', ''],
  ['sendgrid-key', '', `SG.${A.slice(0, 22)}.${A}${A.slice(0, 3)}`, ''],
  ['jwt', '', `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.${A}`, ''],
  ['private-key', '', `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${A}\n-----END RSA PRIVATE KEY-----`, ''],
  ['url-password', 'postgres://app:', 's3cr3tPw9', '@db.example.com/prod'],
  ['auth-header', 'Authorization: Bearer ', A, ''],
  ['bearer-token', 'sent bearer ', A, ' on'],
  ['secret-assignment', 'password=', 'hunter22', ''],
  ['secret-assignment', 'export DB_PASSWORD=', 'Zx9-qq7', ''],
  ['secret-assignment', 'mysql --password ', 'hunter22', ' -u root'],
]

const ESC = '\x1b'
/** Separators a renderer removes: inserted right at the secret's edges. */
const SEPARATORS: [string, string, string][] = [
  ['SGR colour', `${ESC}[32m`, `${ESC}[0m`],
  ['SGR bold red, 256 colour', `${ESC}[1;38;5;196m`, `${ESC}[39;22m`],
  ['OSC 8 hyperlink', `${ESC}]8;;https://example.com/x${ESC}\\`, `${ESC}]8;;\x07`],
  ['OSC title', `${ESC}]0;build\x07`, `${ESC}[K`],
  ['charset escape', `${ESC}(B`, `${ESC}7`],
  ['C1 CSI', '\x9b31m', '\x9b0m'],
  ['escapes written as JSON text', '\\u001b[32m', '\\u001b[0m'],
  ['escapes written as shell text', '\\033[1m', '\\e[0m'],
  ['zero-width space', '\u200b', '\u200b'],
  ['zero-width joiner and BOM', '\u200d', '\ufeff'],
  ['bidi override and pop', '\u202e', '\u202c'],
  ['bidi isolate', '\u2066', '\u2069'],
  ['soft hyphen', '\u00ad', '\u00ad'],
  ['a stray control', '\x07', '\x01'],
  ['inline HTML tags', '<span class="x">', '</span>'],
  ['an HTML comment and a word break', '<!-- hidden -->', '<wbr>'],
  ['entities of invisible characters', '&#8203;', '&shy;'],
  ['Markdown emphasis', '**', '**'],
  ['Markdown strikethrough and underscores', '~~', '__'],
]
/** Enclosures: around the secret and its context. */
const ENCLOSURES: [string, string, string][] = [
  ['double quotes', '"', '"'],
  ['single quotes', "'", "'"],
  ['backticks', '`', '`'],
  ['parentheses', '(', ')'],
  ['square brackets', '[', ']'],
  ['braces', '{', '}'],
  ['angle brackets', '<', '>'],
]

const gone = (out: string, secret: string) => {
  // Neither the secret nor a long piece of it may remain (pieces around an inserted separator included).
  const visible = displayProjection(out)?.text ?? out
  expect(visible).not.toContain(secret)
  if (secret.length >= 16) expect(visible).not.toContain(secret.slice(4, secret.length - 4))
}

const cases = KINDS.flatMap(([rule, before, secret, after]) => [
  ...SEPARATORS.map(([name, pre, post]) => [`${rule} ${JSON.stringify(secret.slice(0, 8))} edges: ${name}`, `word${before}${pre}${secret}${post}${after}`, secret] as const),
  ...SEPARATORS.map(([name, pre, post]) => [`${rule} ${JSON.stringify(secret.slice(0, 8))} around: ${name}`, `x${pre}${before}${secret}${after}${post}y`, secret] as const),
  ...ENCLOSURES.map(([name, pre, post]) => [`${rule} ${JSON.stringify(secret.slice(0, 8))}: ${name}`, `${pre}${before}${secret}${after}${post}`, secret] as const),
  ...ENCLOSURES.map(([name, pre, post]) => [`${rule} ${JSON.stringify(secret.slice(0, 8))}: colour then ${name}`, `${ESC}[33m${pre}${before}${secret}${after}${post}${ESC}[m`, secret] as const),
  [`${rule} ${JSON.stringify(secret.slice(0, 8))}: split by a zero-width space`, `${before}${secret.slice(0, 5)}\u200b${secret.slice(5)}${after}`, secret] as const,
  [`${rule} ${JSON.stringify(secret.slice(0, 8))}: split by a colour change`, `${before}${secret.slice(0, 5)}${ESC}[1m${secret.slice(5)}${ESC}[0m${after}`, secret] as const,
  [`${rule} ${JSON.stringify(secret.slice(0, 8))}: split by an inline tag`, `${before}${secret.slice(0, 6)}<b></b>${secret.slice(6)}${after}`, secret] as const,
  [`${rule} ${JSON.stringify(secret.slice(0, 8))}: split by Markdown emphasis`, `${before}${secret.slice(0, 6)}**${secret.slice(6)}**${after}`, secret] as const,
])

describe('every secret kind is caught through escapes, quotes, brackets and invisible characters', () => {
  it.each(cases)('%s', (_name, text, secret) => {
    const { text: out, findings } = redactText(text)
    expect(findings.length).toBeGreaterThan(0)
    gone(out, secret)
    // Redacting again changes nothing, and the result checks clean.
    expect(redactText(out).text).toBe(out)
    expect(findSecrets(out)).toEqual([])
  })
})

describe('the display projection', () => {
  it('is null for text with nothing to remove', () => {
    expect(displayProjection('plain text, with "quotes" [and] brackets\tand\nlines')).toBeNull()
  })

  it('removes escapes and invisible characters and maps back to raw offsets', () => {
    const raw = `a${ESC}[31mb\u200bc${ESC}]8;;u\x07d\\u001b[0me`
    const p = displayProjection(raw)
    expect(p?.text).toBe('abcde')
    expect([...(p?.map ?? [])].map(i => raw[i])).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('keeps the escapes around a secret and replaces only the secret', () => {
    const token = `ghp_${A.slice(0, 36)}`
    expect(redactText(`${ESC}[32m${token}${ESC}[0m`).text).toBe(`${ESC}[32m[REDACTED:github-token]${ESC}[0m`)
    expect(redactText(`password=${ESC}[1mhunter22${ESC}[0m`).text).toBe(`password=${ESC}[1m[REDACTED:secret-assignment]${ESC}[0m`)
  })

  it('keeps digests that must survive, with escapes and invisible characters around them', () => {
    const sha = '9fceb02d0ae598e95dc970b74767f19372d61af8'
    for (const text of [
      `commit ${ESC}[33m${sha}${ESC}[m`,
      `\u200b7c9e6679-7425-40de-944b-e07fc1f90ae7\u200b`,
      `"integrity": "${ESC}[2msha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==${ESC}[0m"`,
      `${ESC}[32mmax_tokens${ESC}[0m: 4096`,
      `\\u001b[1mtoken_type\\u001b[0m=bearer`,
      '<span class="k">const</span> <span>token</span> = <span>getToken</span>()',
      'see __init__.py and **bold** text, ~~struck~~, a &amp; b, x &lt; y',
      `<a href="https://x.example/${'9fceb02d0ae598e95dc970b74767f19372d61af8'}">commit</a>`,
    ]) {
      expect(findSecrets(text)).toEqual([])
    }
  })
})
