/**
 * Where `snapshot --format aria` finds a browser. `$DSH_VIEW_CHROMIUM` names one outright (nothing else is
 * tried, so a wrong value is reported, not silently replaced). Otherwise the first that exists of: Debian's
 * `/usr/bin/chromium` (what CI installs), the usual command names on `$PATH` (Ubuntu and Fedora call it
 * `chromium-browser`; Google Chrome works as well), and the macOS application bundles. Pure apart from the
 * `exists` probe it is given, so the search order is a table the test can walk.
 */
import { delimiter, join } from 'node:path'

export interface ChromiumLookup {
  /** The browser to launch; when none exists, the first place looked (what the error names). */
  path: string
  exists: boolean
  /** Every place looked, in order (for the error message). */
  looked: string[]
}

const DEBIAN = '/usr/bin/chromium'
const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']
const MAC_APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
]

export function findChromium(env: Record<string, string | undefined>, exists: (path: string) => boolean): ChromiumLookup {
  const chosen = env['DSH_VIEW_CHROMIUM']?.trim()
  if (chosen !== undefined && chosen !== '') return { path: chosen, exists: exists(chosen), looked: [chosen] }
  const dirs = (env['PATH'] ?? '').split(delimiter).filter(d => d !== '')
  const looked = [DEBIAN, ...COMMANDS.flatMap(c => dirs.map(d => join(d, c))), ...MAC_APPS]
  const found = looked.find(p => exists(p))
  return { path: found ?? DEBIAN, exists: found !== undefined, looked: [...new Set(looked)] }
}
