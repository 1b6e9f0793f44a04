/** Which names announce a secret, and which values next to them are not one (tables). */
import { describe, expect, it } from 'vitest'
import { isSecretName, isSecretValue, nameWords } from './values'

describe('isSecretName', () => {
  it.each<[string, boolean]>([
    ['password', true],
    ['DB_PASSWORD', true],
    ['dbPassword', true],
    ['PGPASSWORD', true],
    ['passwd', true],
    ['pwd', true],
    ['db.pass', true],
    ['passphrase', true],
    ['client_secret', true],
    ['GITHUB_TOKEN', true],
    ['githubToken', true],
    ['csrftoken', true],
    ['api_key', true],
    ['apiKey', true],
    ['x-api-key', true],
    ['OPENAI_API_KEY', true],
    ['secretAccessKey', true],
    ['private_key', true],
    ['auth_token', true],
    ['credentials', true],
    ['Authorization', true],
    ['max_tokens', false],
    ['tokens', false],
    ['token_type', false],
    ['password_hash', false],
    ['passwordHash', false],
    ['bypass', false],
    ['compass', false],
    ['key', false],
    ['primary_key', false],
    ['sort_key', false],
    ['keyboard', false],
    ['secret_name', false],
    ['tokenizer', false],
    ['', false],
  ])('%j → %s', (name, expected) => expect(isSecretName(name)).toBe(expected))

  it('splits snake, kebab, dotted and camel case', () => {
    expect(nameWords('myHTTPApiKey')).toEqual(['my', 'http', 'api', 'key'])
    expect(nameWords('a.b-c_d')).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('isSecretValue', () => {
  it.each<[string, string, Parameters<typeof isSecretValue>[1], boolean]>([
    ['a plain password', 'hunter22', {}, true],
    ['a quoted sentence', 'correct horse battery', {}, true],
    ['too short', 'ab', {}, false],
    ['shell variable', '$TOKEN', {}, false],
    ['template', '${{ secrets.TOKEN }}', {}, false],
    ['angle placeholder', '<your-token>', {}, false],
    ['mask', '********', {}, false],
    ['marker', '[REDACTED:jwt]', {}, false],
    ['your_… placeholder', 'your_api_key_here', {}, false],
    ['literal null', 'null', {}, false],
    ['type word', 'string', { unquoted: true, separator: ':' }, false],
    ['PascalCase type after :', 'SecretStr', { unquoted: true, separator: ':' }, false],
    ['PascalCase after =', 'Summer2024', { unquoted: true, separator: '=' }, true],
    ['a call', 'getToken', { unquoted: true, next: '(' }, false],
    ['a member chain', 'config.auth.token', { unquoted: true }, false],
    ['camelCase identifier', 'hashedPassword', { unquoted: true }, false],
    ['snake_case identifier', 'access_token', { unquoted: true }, false],
    ['camelCase quoted is data', 'hashedPassword', {}, true],
    ['env lookup', 'process.env.TOKEN', {}, false],
    ['a digest', 'sha512-abc', {}, false],
    ['a count for a token name', '4096', { unquoted: true, name: 'max_token' }, false],
    ['a PIN for a password name', '4096', { unquoted: true, name: 'password' }, true],
  ])('%s', (_name, value, context, expected) => expect(isSecretValue(value, context)).toBe(expected))
})
