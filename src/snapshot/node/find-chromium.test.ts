import { describe, expect, it } from 'vitest'
import { findChromium } from './find-chromium'

/** A file system holding exactly `files`. */
const only = (...files: string[]) => (p: string) => files.includes(p)

describe('findChromium', () => {
  it.each([
    ['Debian first, even when PATH has another', { PATH: '/usr/local/bin' }, only('/usr/bin/chromium', '/usr/local/bin/chromium'), '/usr/bin/chromium'],
    ['chromium on PATH', { PATH: '/opt/bin:/usr/local/bin' }, only('/usr/local/bin/chromium'), '/usr/local/bin/chromium'],
    ['Ubuntu and Fedora name it chromium-browser', { PATH: '/usr/bin' }, only('/usr/bin/chromium-browser'), '/usr/bin/chromium-browser'],
    ['Google Chrome on PATH', { PATH: '/usr/bin' }, only('/usr/bin/google-chrome'), '/usr/bin/google-chrome'],
    ['chromium before chrome, whatever the PATH order', { PATH: '/a:/b' }, only('/a/google-chrome', '/b/chromium'), '/b/chromium'],
    ['a macOS bundle', {}, only('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'), '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  ])('%s', (_name, env, exists, path) => {
    expect(findChromium(env, exists)).toMatchObject({ path, exists: true })
  })

  it('takes DSH_VIEW_CHROMIUM as it is and looks nowhere else', () => {
    expect(findChromium({ DSH_VIEW_CHROMIUM: '/opt/chrome/chrome', PATH: '/usr/bin' }, only('/opt/chrome/chrome', '/usr/bin/chromium'))).toEqual({
      path: '/opt/chrome/chrome',
      exists: true,
      looked: ['/opt/chrome/chrome'],
    })
    expect(findChromium({ DSH_VIEW_CHROMIUM: '/nope' }, only('/usr/bin/chromium'))).toEqual({ path: '/nope', exists: false, looked: ['/nope'] })
  })

  it('ignores a blank DSH_VIEW_CHROMIUM', () => {
    expect(findChromium({ DSH_VIEW_CHROMIUM: ' ' }, only('/usr/bin/chromium'))).toMatchObject({ path: '/usr/bin/chromium', exists: true })
  })

  it('names Debian’s path and every place looked when there is none', () => {
    const r = findChromium({ PATH: '/usr/bin' }, only())
    expect(r.exists).toBe(false)
    expect(r.path).toBe('/usr/bin/chromium')
    expect(r.looked).toContain('/usr/bin/chromium-browser')
    expect(r.looked).toContain('/Applications/Chromium.app/Contents/MacOS/Chromium')
  })
})
