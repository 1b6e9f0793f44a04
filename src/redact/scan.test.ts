/**
 * The detectors on one string, as tables: every built-in rule on realistic text (false negatives), and the
 * look-alikes that must survive every rule (false positives, users.md complaint 5: git SHAs, integrity
 * hashes, UUIDs; lower-case `password=` must be caught). Plus the engine's own promises: overlaps merge,
 * the allowlist wins, redacting twice changes nothing and leaves nothing a check would flag.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRedactConfig } from './config'
import { DEFAULT_CONFIG, findSecrets, redactText } from './scan'

// Fake secrets, assembled so this file holds no token-shaped literal.
const A = 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1dF3gH5k'
const HEX32 = '0123456789abcdef0123456789abcdef'
const gh = (kind: string, body = A.slice(0, 36)) => `gh${kind}_${body}`

/** [name, text, rule, the secret that must be gone]. */
const CAUGHT: [string, string, string, string][] = [
  ['OpenAI project key', `key: sk-proj-${A}_-x${A}`, 'openai-key', `sk-proj-${A}_-x${A}`],
  ['OpenAI legacy key', `sk-${A.slice(0, 20)}T3BlbkFJ${A.slice(5, 25)}`, 'openai-key', 'T3BlbkFJ'],
  ['Anthropic key', `ANTHROPIC_API_KEY=sk-ant-api03-${A}${A}AA`, 'anthropic-key', `sk-ant-api03-${A}`],
  ['DeepSeek-style key', `use sk-${HEX32} please`, 'sk-api-key', `sk-${HEX32}`],
  ['Moonshot-style key', `"sk-${A}"`, 'sk-api-key', `sk-${A}`],
  ['GitHub classic token', `token ${gh('p')}`, 'github-token', gh('p')],
  ['GitHub OAuth token', gh('o'), 'github-token', gh('o')],
  ['GitHub user-to-server', gh('u'), 'github-token', gh('u')],
  ['GitHub server-to-server', `x-access-token:${gh('s')}@github.com`, 'github-token', gh('s')],
  ['GitHub refresh', gh('r'), 'github-token', gh('r')],
  ['GitHub fine-grained PAT', `github_pat_${A.slice(0, 22)}_${A}${A.slice(0, 19)}`, 'github-token', `github_pat_${A.slice(0, 22)}`],
  ['GitLab token', `glpat-${A.slice(0, 20)}`, 'gitlab-token', `glpat-${A.slice(0, 20)}`],
  ['AWS access key id', 'aws_access_key_id = AKIA2E0A8F3B244C9986', 'aws-access-key-id', 'AKIA2E0A8F3B244C9986'],
  ['AWS temporary key id', '"AccessKeyId": "ASIA2E0A8F3B244C9986"', 'aws-access-key-id', 'ASIA2E0A8F3B244C9986'],
  ['AWS secret in context', `aws_secret_access_key=${A}`, 'aws-secret-key', A],
  ['AWS secret in STS JSON', `"SecretAccessKey": "${A}"`, 'aws-secret-key', A],
  ['Slack bot token', `xoxb-123456789012-1234567890123-${A.slice(0, 24)}`, 'slack-token', A.slice(0, 24)],
  ['Slack webhook', `https://hooks.slack.com/services/T0000/B0000/${A.slice(0, 24)}`, 'slack-webhook', A.slice(0, 24)],
  ['JWT', `Cookie: jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.${A}`, 'jwt', `eyJzdWIiOiIxMjM0In0.${A}`],
  ['Google API key', `AIza${A.slice(0, 35)}`, 'google-api-key', `AIza${A.slice(0, 35)}`],
  ['Stripe secret key', `sk_live_${A.slice(0, 24)}`, 'stripe-key', `sk_live_${A.slice(0, 24)}`],
  ['npm token', `//registry.npmjs.org/:_authToken=npm_${A.slice(0, 36)}`, 'npm-token', `npm_${A.slice(0, 36)}`],
  ['Hugging Face token', `hf_${'abcdefghijklmnopqrstuvwxyzABCDEFGH'}`, 'huggingface-token', 'hf_abcdefghijklmnopqrstuvwxyzABCDEFGH'],
  ['SendGrid key', `SG.${A.slice(0, 22)}.${A}${A.slice(0, 3)}`, 'sendgrid-key', `SG.${A.slice(0, 22)}`],
  ['PEM private key', `-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA${A}\n-----END RSA PRIVATE KEY-----`, 'private-key', 'MIIEpAIBAAKCAQEA'],
  ['PEM key cut short', `cat id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA${A}`, 'private-key', 'b3BlbnNzaC1rZXkt'],
  ['PGP private key block', `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF${A}\n-----END PGP PRIVATE KEY BLOCK-----`, 'private-key', `lQOYBF${A}`],
  ['PEM inside JSON-escaped text', `{"key":"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg${A}\\n-----END PRIVATE KEY-----"}`, 'private-key', 'MIIEvQIBADANBg'],
  ['postgres URL password', 'postgres://app:s3cr3t-Pw@db.example.com:5432/prod', 'url-password', 's3cr3t-Pw'],
  ['https basic auth URL', 'git clone https://deploy:hunter2x@git.example.com/r.git', 'url-password', 'hunter2x'],
  ['mongodb+srv URL', 'mongodb+srv://root:Pa55word@cluster0.example.net/db', 'url-password', 'Pa55word'],
  ['lower-case password=', 'mysql password=hunter2 done', 'secret-assignment', 'hunter2'],
  ['upper-case env var', 'export DB_PASSWORD=Zx9-qq', 'secret-assignment', 'Zx9-qq'],
  ['camelCase double-quoted', '{"dbPassword": "hunter2"}', 'secret-assignment', 'hunter2'],
  ['single-quoted', "password: 'correct horse'", 'secret-assignment', 'correct horse'],
  ['backtick-quoted', 'const secret = `s3cr3t`', 'secret-assignment', 's3cr3t'],
  ['YAML bare value', 'client_secret: abc123xyz', 'secret-assignment', 'abc123xyz'],
  ['JSON escaped inside a string', '{\\"api_key\\":\\"abc123xyz\\"}', 'secret-assignment', 'abc123xyz'],
  ['URL query token', 'https://x.example/cb?access_token=abc123xyz&state=1', 'secret-assignment', 'abc123xyz'],
  ['header-style api key', 'X-Api-Key: abc123xyz', 'secret-assignment', 'abc123xyz'],
  ['PHP arrow', "'auth_token' => 'abc123xyz'", 'secret-assignment', 'abc123xyz'],
  ['Go short declaration', 'token := "abc123xyz"', 'secret-assignment', 'abc123xyz'],
  ['PGPASSWORD', 'PGPASSWORD=abc123xyz psql', 'secret-assignment', 'abc123xyz'],
  ['password as a number', 'PASSWORD=1234', 'secret-assignment', '1234'],
  ['CLI flag with space', 'mysql --password hunter22 -u root', 'secret-assignment', 'hunter22'],
  ['CLI flag with =', 'deploy --api-key=abc123xyz', 'secret-assignment', 'abc123xyz'],
  ['Authorization Bearer', `curl -H "Authorization: Bearer ${A}"`, 'auth-header', A],
  ['Authorization Basic', 'Authorization: Basic dXNlcjpwYXNzd29yZA==', 'auth-header', 'dXNlcjpwYXNzd29yZA=='],
  ['Authorization token scheme', `authorization: token ${A}`, 'auth-header', A],
  ['bare Bearer token', `sent bearer ${A} to the API`, 'bearer-token', A],
]

/** [name, text]: nothing here may be redacted. */
const KEPT: [string, string][] = [
  ['git SHA-1', 'commit 9fceb02d0ae598e95dc970b74767f19372d61af8'],
  ['git SHA-256', `tree ${HEX32}${HEX32}`],
  ['upper-case hex digest', 'SHA1: 9FCEB02D0AE598E95DC970B74767F19372D61AF8'],
  ['UUID', 'session 7c9e6679-7425-40de-944b-e07fc1f90ae7'],
  ['npm integrity', '"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="'],
  ['attachment id', '"attachmentId": "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"'],
  ['docker digest', 'nginx@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['long hex in a path', `/home/u/.cache/pnpm/files/${HEX32}${HEX32}/index.json`],
  ['base64 image', `data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk${A}${A}==`],
  ['token counts', 'max_tokens: 4096, input_tokens=1200, "totalTokens": 99'],
  ['TypeScript type annotation', 'interface C { token: string; password?: Optional; secret: Secret }'],
  ['call on the right', 'const token = getToken(); password = input("pw")'],
  ['member chain', 'const token = req.headers.authorization; secret = config.secret'],
  ['identifier value', 'password: hashedPassword, token: access_token'],
  ['names that are not secret', 'password_hash = x1y2z3w4; token_type=bearer; bypass=abc123; secret_name=abc123'],
  ['placeholders', 'TOKEN=${GITHUB_TOKEN} password=<password> api_key=your_api_key_here secret=**** token=$TOKEN key={{ secrets.KEY }}'],
  ['env lookups', 'password = process.env.DB_PASSWORD; token = os.environ["TOKEN"]'],
  ['Bearer placeholder', 'curl -H "Authorization: Bearer $GITHUB_TOKEN"'],
  ['URL with a port, no password', 'http://localhost:8080/path@v2 and ssh://git@github.com/org/repo'],
  ['URL password placeholder', 'postgres://app:${DB_PASSWORD}@db/prod redis://:****@cache'],
  ['prose', 'Bearer authentication is in RFC 6750; the tokenizer splits tokens; a password: is required.'],
  ['sk- inside a word', `task-${'a1b2c3d4e5f6g7h8i9j0k1'} and risk-${'a1b2c3d4e5f6g7h8i9j0k1'}`],
  ['sk- without a digit', 'sk-abcdefghijklmnopqrstuvwxyz'],
  ['public keys', '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkq\n-----END PUBLIC KEY-----\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx dev@laptop'],
  ['AWS ARN and account id', 'arn:aws:iam::123456789012:role/deploy'],
  ['already redacted', 'password=[REDACTED:secret-assignment] key [REDACTED:github-token]'],
  ['empty and short values', 'password= token="" secret=ab'],
  ['booleans and nulls', 'token: null, password: false, secret: true, apiKey: undefined'],
 ['flag names in prose', "throw new UserError('--token needs --attach'); use --password to set it"],
  ['Markdown code spans', '`/?token=` returns 303; set `password=` and `secret:` in the config'],
  ['an elided credential', 'curl -H "Authorization: Bearer …"'],
  ['a digest named token', 'token=sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
]

describe('false negatives: every known format is caught', () => {
  it.each(CAUGHT)('%s', (_name, text, rule, secret) => {
    const { text: out, findings } = redactText(text)
    expect(findings.map(f => f.rule)).toContain(rule)
    expect(out).toContain(`[REDACTED:${rule}]`)
    expect(out).not.toContain(secret)
  })
})

describe('false positives: look-alikes survive', () => {
  it.each(KEPT)('%s', (_name, text) => {
    expect(findSecrets(text)).toEqual([])
    expect(redactText(text).text).toBe(text)
  })
})

describe('the engine', () => {
  it('keeps the text around a secret and the name before it', () => {
    expect(redactText('a GITHUB_TOKEN="' + gh('p') + '" b').text).toBe('a GITHUB_TOKEN="[REDACTED:github-token]" b')
  })

  it('names a secret found by two rules after the more specific one', () => {
    expect(redactText(`password=${gh('p')}`).findings).toEqual([{ rule: 'github-token', start: 9, end: 49 }])
  })

  it('merges overlapping findings into one replacement', () => {
    const text = `https://user:${gh('p')}@github.com`
    expect(redactText(text).text).toBe('https://user:[REDACTED:github-token]@github.com')
  })

  it('resumes inside a rejected match, so a secret after a non-secret name is found', () => {
    expect(redactText('note: password=hunter22').text).toBe('note: password=[REDACTED:secret-assignment]')
  })

  it('honours the user allowlist for every rule, and user rules honour the hash allowlist', () => {
    const config = parseRedactConfig(
      JSON.stringify({ allow: ['AKIAIOSFODNN7EXAMPLE'], rules: [{ name: 'hex', pattern: '[0-9a-f]{12,}' }] }),
      'test.json',
    )
    expect(redactText('AKIAIOSFODNN7EXAMPLE', config).text).toBe('AKIAIOSFODNN7EXAMPLE')
    expect(redactText('AKIAIOSFODNN7EXAMPLE').text).toBe('[REDACTED:aws-access-key-id]')
    const sha = '9fceb02d0ae598e95dc970b74767f19372d61af8'
    expect(redactText(`commit ${sha} id abcdef0123456`, config).text).toBe(`commit ${sha} id [REDACTED:hex]`)
  })

  it('redacting twice changes nothing, and a redacted text checks clean (property)', () => {
    const pieces = [...CAUGHT.map(c => c[1]), ...KEPT.map(k => k[1]), ' ', '\n', '=', ':', '"', 'password', 'token ', 'sk-', '@', '//']
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), parts => {
        const once = redactText(parts.join(''), DEFAULT_CONFIG).text
        expect(redactText(once).text).toBe(once)
        expect(findSecrets(once)).toEqual([])
      }),
      { numRuns: 2_000, seed: 20_240_601 },
    )
  })
})
