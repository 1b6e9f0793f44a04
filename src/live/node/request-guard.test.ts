import { describe, expect, it } from 'vitest'
import { allowedHosts, isLoopback, refusal, type GuardHeaders } from './request-guard'

describe('allowedHosts', () => {
  it.each([
    ['127.0.0.1', 8080, ['127.0.0.1:8080', 'localhost:8080']],
    ['::1', 8080, ['[::1]:8080', 'localhost:8080']],
    ['localhost', 9, ['localhost:9', '127.0.0.1:9', '[::1]:9']],
    ['192.168.1.5', 8080, ['192.168.1.5:8080']],
    ['127.0.0.1', 80, ['127.0.0.1:80', '127.0.0.1', 'localhost:80', 'localhost']],
  ])('%s:%i answers to %j', (host, port, names) => {
    expect([...allowedHosts(host, port)].sort()).toEqual([...names].sort())
  })

  it.each([['127.0.0.1', true], ['127.8.9.10', true], ['::1', true], ['[::1]', true], ['localhost', true], ['0.0.0.0', false], ['10.0.0.1', false], ['127.example.com', false]])(
    'isLoopback(%s) = %s',
    (host, loopback) => expect(isLoopback(host)).toBe(loopback),
  )
})

describe('refusal', () => {
  const allowed = allowedHosts('127.0.0.1', 4000)
  it.each<[string, GuardHeaders, boolean]>([
    ['own host', { host: '127.0.0.1:4000' }, true],
    ['localhost', { host: 'localhost:4000' }, true],
    ['upper-case host', { host: 'LOCALHOST:4000' }, true],
    ['own origin', { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000' }, true],
    ['same-site fetch', { host: '127.0.0.1:4000', 'sec-fetch-site': 'same-origin' }, true],
    ['no host', {}, false],
    ['rebinding host', { host: 'attacker.example:4000' }, false],
    ['other port', { host: '127.0.0.1:4001' }, false],
    ['origin of another host', { host: '127.0.0.1:4000', origin: 'http://attacker.example' }, false],
    ['origin with https', { host: '127.0.0.1:4000', origin: 'https://127.0.0.1:4000' }, false],
    ['origin of localhost while host is the address', { host: '127.0.0.1:4000', origin: 'http://localhost:4000' }, false],
    ['null origin', { host: '127.0.0.1:4000', origin: 'null' }, false],
    ['cross-site', { host: '127.0.0.1:4000', 'sec-fetch-site': 'cross-site' }, false],
  ])('%s → allowed %s', (_, headers, ok) => {
    expect(refusal(headers, allowed) === null).toBe(ok)
  })
})
