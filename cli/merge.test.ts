/**
 * `dsh-view build --shard i/n` and `dsh-view merge` as the CLI runs them (issue 16): what each prints, and
 * the exit codes — 0 merged, 2 for parts that do not make one site (one line saying why, a hint, nothing
 * written). What the merge writes is tested in test/site/shard-merge.test.ts.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runBuild } from './build'
import type { Io } from './io'
import { runMerge } from './merge'
import { UserError } from './user-error'
import { tempDir } from '../test/support/build'
import { testSiteAssets } from '../test/support/site-assets'

const DEMO = fileURLToPath(new URL('../fixtures/demo-sessions/', import.meta.url))

const io = (): Io & { out: string[]; err: string[] } => {
  const out: string[] = []
  const err: string[] = []
  return { out, err, stdout: t => void out.push(t), stderr: t => void err.push(t), stderrIsTty: false, env: {}, open: async () => {} }
}

describe('dsh-view build --shard / merge', () => {
  it('builds two parts, each printing its folder, and merges them, printing index.html', async () => {
    await testSiteAssets()
    const base = tempDir()
    const parts = [join(base, 'part-1'), join(base, 'part-2')]
    for (const [i, part] of parts.entries()) {
      const std = io()
      const code = await runBuild({ mode: 'build', inputs: [DEMO], outDir: part, open: false, baseUrl: null, title: null, locale: 'en', quiet: true, shard: { index: i + 1, count: 2 } }, std)
      expect(code).toBe(0)
      expect(std.out.join('')).toBe(`${part}\n`)
    }
    const std = io()
    const site = join(base, 'site')
    expect(await runMerge({ mode: 'merge', parts, outDir: site, quiet: false }, std)).toBe(0)
    expect(std.out.join('')).toBe(`${join(site, 'index.html')}\n`)
    expect(std.err.join('')).toMatch(/^dsh-view: merged 2 parts: 8 sessions, 8 pages \(\d+ files brought in, 0 sessions unchanged\) in [\d.]+ s\n$/)
    expect(existsSync(join(site, 'index.html'))).toBe(true)

    // A part missing: exit 2, one line and a hint, no site.
    const err = await runMerge({ mode: 'merge', parts: [parts[0] as string], outDir: join(base, 'other'), quiet: true }, io()).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(UserError)
    expect((err as UserError).exitCode).toBe(2)
    expect((err as UserError).message).toBe('shard 2/2 is missing')
    expect((err as UserError).hint).toMatch(/every shard 1…n once/)
    expect(existsSync(join(base, 'other'))).toBe(false)
  }, 120_000)
})
