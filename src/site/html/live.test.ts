/**
 * What a live page carries (src/site/html/live.ts): the flag round-trips whatever the key holds, and the live
 * shell differs from the static one exactly by `connect-src 'self'` and the script it loads.
 */
import { describe, expect, it } from 'vitest'
import { CSP } from './csp'
import { formatLiveFlag, formatLivePage, LIVE_CSP, liveHead, liveShell, parseLiveFlag, parseLivePage, type LiveFlag, type LivePageInfo } from './live'
import { fillShell, parseShell } from './shell'

const SHELL = `<!DOCTYPE html><html lang="%DSH_LANG%"><head><meta http-equiv="Content-Security-Policy" content="${CSP}">
<link rel="stylesheet" href="%DSH_ROOT%assets/site.css"><script defer src="%DSH_ROOT%assets/site.js"></script><!--dsh:head--></head><body><!--dsh:body--></body></html>`

describe('the live flag', () => {
  it.each<LiveFlag>([
    { page: 'index' },
    { page: 'session', key: 'abc-123', lines: 0, seq: -1 },
    { page: 'session', key: '~002E~002E', lines: 12, seq: 10 },
    { page: 'session', key: 'dup~~2', lines: 999, seq: 997 },
    { page: 'trajectory', key: 'abc-123', lines: 40, seq: 38 },
  ])('round-trips %j', (flag) => {
    expect(parseLiveFlag(formatLiveFlag(flag))).toEqual(flag)
  })

  it.each(['', 'session', 'session 1 2', 'session x 2 k', 'session 1 2 two words', 'trajectory 1 2', 'chat 1 2 k', 'other'])('rejects %j', (text) => {
    expect(parseLiveFlag(text)).toBeNull()
  })

  it('escapes what goes into the head', () => {
    expect(liveHead({ page: 'session', key: 'a"<b>', lines: 1, seq: 0 }, '../')).not.toContain('"<b>')
  })
})

describe('the page meta', () => {
  it.each<LivePageInfo>([
    { stem: 'abc', page: 1, pages: 1, room: { bytes: 954_321, nodes: 4_870 } },
    { stem: 'x.p2~2', page: 3, pages: 12, room: { bytes: 12, nodes: 3 } },
    { stem: '~002E', page: 2, pages: 3, room: null },
  ])('round-trips %j', (info) => {
    expect(parseLivePage(formatLivePage(info))).toEqual(info)
  })

  it('is as long with the room as with its placeholder (the renderer sizes the chrome with the placeholder)', () => {
    const info: LivePageInfo = { stem: 'abc', page: 2, pages: 3, room: null }
    expect(formatLivePage({ ...info, room: { bytes: 993_164, nodes: 4_865 } })).toHaveLength(formatLivePage(info).length)
  })

  it.each(['', '1 1 0000000 00000', '0 1 0000000 00000 s', '3 2 0000000 00000 s', '1 1 12 00000 s', '1 1 0000000 00000 two words'])('rejects %j', (text) => {
    expect(parseLivePage(text)).toBeNull()
  })

  it('goes into the head of session pages only', () => {
    const flag: LiveFlag = { page: 'session', key: 'k', lines: 1, seq: 0 }
    expect(liveHead(flag, '../', { stem: 'k', page: 1, pages: 2, room: null })).toContain('<meta name="dsh-live-page" content="1 2 0000000 00000 k">')
    expect(liveHead({ page: 'index' }, '')).not.toContain('dsh-live-page')
  })
})

describe('liveShell', () => {
  it('allows connect-src self and loads live.js instead of site.js, nothing else', () => {
    const shell = parseShell(SHELL)
    const fill = { lang: 'en', root: '../', head: '', body: '' }
    const before = fillShell(shell, fill)
    const after = fillShell(liveShell(shell), fill)
    expect(after).toContain(`content="${LIVE_CSP}"`)
    expect(LIVE_CSP).toBe(`${CSP}; connect-src 'self'`)
    expect(after).toContain('src="../assets/live.js"')
    expect(after).not.toContain('site.js')
    expect(after.replace(LIVE_CSP, CSP).replace('live.js', 'site.js')).toBe(before)
  })

  it('refuses a shell it does not recognise', () => {
    expect(() => liveShell(parseShell(SHELL.replace(CSP, "default-src 'self'")))).toThrow(/Content-Security-Policy/)
  })
})
