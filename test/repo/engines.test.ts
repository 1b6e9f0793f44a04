/**
 * The README says Node 20.19+ and 22+ (package.json `engines`): every package `npm ci` installs must accept
 * the oldest release of each supported line, or `npm ci` there warns EBADENGINE (issue 32: undici 8, which
 * astro's font helper pulled in, wants Node 22.19). Read from the lockfile — what `npm ci` installs — with
 * the range rules npm itself uses (semver).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null }
const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as unknown

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}

/** The oldest release of each line the range admits: `^20.19.0 || >=22.0.0` → 20.19.0 and 22.0.0. */
const oldest = (range: string) => range.split('||').map(part => semver.minVersion(part.trim())?.version ?? part)

describe('engines', () => {
  const ours = (read('package.json') as { engines: { node: string } }).engines.node
  const lines = oldest(ours)

  it('the supported lines are the README’s', () => {
    expect(lines).toEqual(['20.19.0', '22.0.0'])
  })

  it('every package npm ci installs accepts the oldest Node of each supported line', () => {
    const lock = read('package-lock.json') as Lock
    const refused: string[] = []
    for (const [path, pkg] of Object.entries(lock.packages)) {
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node
      if (path === '' || range === undefined) continue
      for (const node of lines) if (!semver.satisfies(node, range)) refused.push(`${path}@${pkg.version ?? '?'} wants node ${range}, not ${node}`)
    }
    expect(refused).toEqual([])
  })
})
