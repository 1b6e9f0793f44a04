/**
 * Redaction over JSON-shaped values: structure and types survive (a redacted event still parses into the
 * same cards), JSON held in strings stays valid JSON in its own formatting, secret-named keys redact whole
 * values, and clean data comes back as the very same objects.
 */
import { describe, expect, it } from 'vitest'
import { redactValue } from './deep'
import { DEFAULT_CONFIG } from './scan'

const TOKEN = `gh${'p'}_${'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1dF3'}`
const run = <T>(value: T) => {
  const found: string[] = []
  const out = redactValue(value, DEFAULT_CONFIG, rule => found.push(rule))
  return { out, found }
}

describe('redactValue', () => {
  it('returns clean values unchanged, as the same objects', () => {
    const value = { a: [1, 'two', { three: null }], b: true, sha: '9fceb02d0ae598e95dc970b74767f19372d61af8' }
    expect(run(value).out).toBe(value)
  })

  it('copies only the path to a secret', () => {
    const clean = { x: 1 }
    const value = { clean, list: ['ok', `token ${TOKEN}`] }
    const { out, found } = run(value)
    expect(out).toEqual({ clean, list: ['ok', 'token [REDACTED:github-token]'] })
    expect(out.clean).toBe(clean)
    expect(found).toEqual(['github-token'])
  })

  it('redacts a whole value under a secret-named key, naming a known token by its own rule', () => {
    const { out, found } = run({ env: { DB_PASSWORD: 'hunter 2 two', GITHUB_TOKEN: TOKEN, token_type: 'bearer', API_KEY: '$API_KEY' } })
    expect(out).toEqual({ env: { DB_PASSWORD: '[REDACTED:secret-assignment]', GITHUB_TOKEN: '[REDACTED:github-token]', token_type: 'bearer', API_KEY: '$API_KEY' } })
    expect(found).toEqual(['secret-assignment', 'github-token'])
  })

  it('redacts a numeric password but keeps numbers elsewhere', () => {
    expect(run({ password: 123456, max_tokens: 4096, pin: 1234 }).out).toEqual({ password: '[REDACTED:secret-assignment]', max_tokens: 4096, pin: 1234 })
  })

  it('keeps JSON in a string valid and in its own formatting (tool-call arguments)', () => {
    const args = `{"command":"export GITHUB_TOKEN=${TOKEN}","description":"Deploy"}`
    const { out } = run({ arguments: args })
    expect(out.arguments).toBe('{"command":"export GITHUB_TOKEN=[REDACTED:github-token]","description":"Deploy"}')
    expect(JSON.parse(out.arguments)).toEqual({ command: 'export GITHUB_TOKEN=[REDACTED:github-token]', description: 'Deploy' })
  })

  it('re-serializes with the original indentation when only the structure reveals a secret', () => {
    // The password is split from its key by a newline: no text rule sees them together.
    const pretty = '{\n    "user": "admin",\n    "password":\n        "hunter 2 two"\n}'
    const { out, found } = run(pretty)
    expect(JSON.parse(out)).toEqual({ user: 'admin', password: '[REDACTED:secret-assignment]' })
    expect(out).toBe('{\n    "user": "admin",\n    "password": "[REDACTED:secret-assignment]"\n}')
    expect(found).toEqual(['secret-assignment'])
  })

  it('finds a secret spelled with JSON escapes (the structure decodes them)', () => {
    const escaped = `{"t":"\\u0067hp_${'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0zC1dF3'}"}`
    const { out } = run(escaped)
    expect(JSON.parse(out)).toEqual({ t: '[REDACTED:github-token]' })
  })

  it('redacts object keys too', () => {
    expect(run({ [TOKEN]: 1 }).out).toEqual({ '[REDACTED:github-token]': 1 })
  })

  it('treats text that only looks like JSON as text', () => {
    expect(run(`{ not json password=hunter22 }`).out).toBe('{ not json password=[REDACTED:secret-assignment] }')
  })
})
