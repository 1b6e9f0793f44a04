/** The user's config file: what it adds, and a clear message naming the place of every mistake. */
import { describe, expect, it } from 'vitest'
import { parseRedactConfig, RedactConfigError } from './config'
import { BUILT_IN_RULES } from './rules'
import { redactText } from './scan'

const parse = (value: unknown) => parseRedactConfig(typeof value === 'string' ? value : JSON.stringify(value), 'r.json')

describe('a valid config', () => {
  it('adds named rules (whole match or a group), an allowlist, and switches built-ins off', () => {
    const config = parse({
      rules: [
        { name: 'employee-id', pattern: 'EMP-\\d{6}' },
        { name: 'internal-host', pattern: '([a-z0-9-]+)\\.corp\\.example', flags: 'i', group: 1 },
      ],
      allow: ['AKIAIOSFODNN7EXAMPLE', { pattern: 'eyJexample[\\w.-]*', flags: 'i' }],
      disable: ['jwt'],
    })
    expect(config.rules.map(r => r.name)).not.toContain('jwt')
    expect(config.rules).toHaveLength(BUILT_IN_RULES.length - 1 + 2)
    expect(redactText('EMP-123456 on Build01.corp.example', config).text).toBe('[REDACTED:employee-id] on [REDACTED:internal-host].corp.example')
    expect(redactText('id AKIAIOSFODNN7EXAMPLE', config).text).toBe('id AKIAIOSFODNN7EXAMPLE')
    expect(redactText('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc', config).text).toBe('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc')
  })

  it('has a fingerprint that changes with its content (the site re-renders), and accepts a BOM and comments', () => {
    const a = parse({ rules: [{ name: 'a', pattern: 'x+' }], comment: 'ours' })
    const b = parse({ rules: [{ name: 'a', pattern: 'y+' }] })
    expect(a.fingerprint).not.toBe(b.fingerprint)
    expect(parseRedactConfig(`\ufeff${JSON.stringify({ disable: [] })}`, 'r.json').rules).toHaveLength(BUILT_IN_RULES.length)
  })
})

describe('mistakes are named', () => {
  it.each<[string, unknown, RegExp]>([
    ['not JSON', '{rules: []', /^r\.json is not valid JSON/],
    ['not an object', '[1]', /must hold a JSON object/],
    ['an unknown field', { rule: [] }, /r\.json has unknown field "rule"/],
    ['rules not an array', { rules: {} }, /"rules" must be an array/],
    ['a rule without a name', { rules: [{ pattern: 'x' }] }, /rules\[0\]\.name must be/],
    ['a name with spaces', { rules: [{ name: 'my rule', pattern: 'x' }] }, /rules\[0\]\.name must be/],
    ['a name with a bracket', { rules: [{ name: 'a]b', pattern: 'x' }] }, /rules\[0\]\.name must be/],
    ['an invalid pattern', { rules: [{ name: 'a', pattern: '(' }] }, /rules\[0\]\.pattern is not a valid regular expression/],
    ['an empty-matching pattern', { rules: [{ name: 'a', pattern: 'x*' }] }, /rules\[0\]\.pattern matches the empty string/],
    ['a bad flag', { rules: [{ name: 'a', pattern: 'x', flags: 'gy' }] }, /rules\[0\]\.flags may only hold i, m, s, u/],
    ['a group the pattern lacks', { rules: [{ name: 'a', pattern: '(x)', group: 2 }] }, /rules\[0\]\.group must be a capture group of the pattern, 0 to 1/],
    ['an unknown rule field', { rules: [{ name: 'a', pattern: 'x', replace: 'y' }] }, /rules\[0\] has unknown field "replace"/],
    ['an allow entry of the wrong type', { allow: [3] }, /allow\[0\] must be a pattern string/],
    ['an invalid allow pattern', { allow: ['['] }, /allow\[0\]\.pattern is not a valid regular expression/],
    ['disabling an unknown rule', { disable: ['jwts'] }, /disable\[0\] must name a built-in rule \(private-key, .*\); got "jwts"/],
  ])('%s', (_name, value, message) => {
    expect(() => parse(value)).toThrow(RedactConfigError)
    expect(() => parse(value)).toThrow(message)
  })
})
