/**
 * The published package.json has no `prepare` (issue 32: npm 11 flags it on install): `npm pack` with the
 * checkout's real package.json and scripts/pack-manifest.mjs, in a copy of the package, yields a tarball
 * whose package.json lacks the checkout's lifecycle scripts and keeps the rest, and leaves the copy's
 * package.json byte-identical. The copy's scripts/build.mjs only notes that it ran: the real one (run by
 * `prepack`) takes a minute and is what `npm ci` runs anyway.
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../support/build'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('npm pack', () => {
  it('publishes package.json without prepare, and puts the checkout one back', () => {
    // A folder name with a space: the script must still know it is the one run.
    const dir = join(tempDir('dv-pack-'), 'a package')
    mkdirSync(join(dir, 'scripts'), { recursive: true })
    copyFileSync(join(root, 'package.json'), join(dir, 'package.json'))
    copyFileSync(join(root, 'scripts/pack-manifest.mjs'), join(dir, 'scripts/pack-manifest.mjs'))
    cpSync(join(root, 'bin'), join(dir, 'bin'), { recursive: true })
    writeFileSync(join(dir, 'scripts/build.mjs'), "import { writeFileSync } from 'node:fs'\nwriteFileSync('built', '')\n")
    const checkout = readFileSync(join(dir, 'package.json'))
    expect(JSON.parse(checkout.toString()).scripts.prepare).toBe('node scripts/build.mjs')

    execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: dir, env: { ...process.env, npm_config_update_notifier: 'false' }, stdio: 'pipe' })
    const tarball = readdirSync(dir).find(f => f.endsWith('.tgz'))
    expect(tarball).toBeDefined()
    const packed = JSON.parse(execFileSync('tar', ['-xzOf', join(dir, tarball as string), 'package/package.json'], { encoding: 'utf8' })) as Record<string, unknown> & { scripts: Record<string, string> }
    const mine = JSON.parse(checkout.toString()) as Record<string, unknown> & { scripts: Record<string, string> }

    expect(Object.keys(packed.scripts)).not.toContain('prepare')
    expect(Object.keys(packed.scripts).filter(s => /^(pre|post)pack$/.test(s))).toEqual([])
    // Everything else is the checkout's.
    const { prepare: _p, prepack: _a, postpack: _b, ...scripts } = mine.scripts
    expect(packed).toEqual({ ...mine, scripts })
    // The build ran (once, by prepack), and the copy's package.json is back as it was.
    expect(existsSync(join(dir, 'built'))).toBe(true)
    expect(readFileSync(join(dir, 'package.json')).equals(checkout)).toBe(true)
    expect(existsSync(join(dir, '.package.json.packing'))).toBe(false)
  }, 60_000)
})
