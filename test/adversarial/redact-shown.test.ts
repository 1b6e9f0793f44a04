/**
 * Issue 32 point 3: `--redact` must redact what is displayed, after every transform (./support/secret-generators.ts),
 * on every published surface — pages, `*.search.js`, the one-file export and the Markdown summary — and
 * `build --redact` fails closed: when its own output check (`redact --check`) still finds something in the
 * staged site, it exits non-zero with a report and publishes nothing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkPaths } from '../../src/redact/node/check'
import { DEFAULT_CONFIG } from '../../src/redact/scan'
import { plainSession, writeRoot } from './support/generators'
import { cleanTemps, filesUnder, run, temp } from './support/harness'
import { secretCases } from './support/secret-generators'

afterAll(cleanTemps)

const check = async (paths: string[]) => (await checkPaths(paths, DEFAULT_CONFIG, { env: {}, homedir: '/nonexistent-home' })).hits

describe('--redact redacts what a page shows', () => {
  it.each(secretCases().map(c => [c.name, c] as const))('%s: no page, search file, export or summary shows it', async (_name, c) => {
    const root = writeRoot(temp(), [{ name: c.name, text: c.text }])
    const site = join(temp(), 'site')
    const r = await run(['build', root, '--redact', '-o', site])
    expect(r.err).not.toContain('secret-looking')
    expect(r.code, r.err).toBe(0)
    expect(await check([site])).toEqual([])
    const joined = filesUnder(site).map(f => readFileSync(join(site, f), 'utf8')).join('\n')
    expect(joined).not.toContain(c.secret)
    const log = join(root, '--home-dev-proj--', `s000-${c.name}`, 'session.jsonl')
    const html = join(temp(), 'x.html')
    const md = join(temp(), 'x.md')
    const e = await run(['export', log, '--redact', '-o', html, '--markdown', md])
    expect(e.code, e.err).toBe(0)
    expect(await check([html, md])).toEqual([])
  }, 120_000)
})

describe('redact --check on a JSON file nested past the depth cap', () => {
  it('finds a token spelled with JSON escapes at the bottom, without running out of stack', async () => {
    const rest = `${'A1b2C3d4E5'.repeat(3)}123456`
    // The file's text spells the token and a secret key with JSON escapes; only the decoded strings show them.
    const escaped = `{"pass\\u0077ord":"hunter2-Xy9-Zq7-Wv5","note":"\\u0067hp_${rest}"}`
    const deep = `${'['.repeat(50_000)}${escaped}${']'.repeat(50_000)}`
    expect(deep).not.toContain('ghp_')
    const file = join(temp(), 'deep.json')
    writeFileSync(file, deep)
    const hits = await check([file])
    expect(hits.map(h => h.rule)).toContain('github-token')
  })
})

describe('build --redact fails closed', () => {
  it('something secret-looking in the staged pages: exit 1, the report, nothing published', async () => {
    // The pages show more than the logs: here a title given on the command line, which no log redaction
    // sees, matches the user's rule (a stand-in for any transform the redactor does not know yet). Only
    // the output check can find it.
    const config = join(temp(), 'redact.json')
    writeFileSync(config, JSON.stringify({ rules: [{ name: 'codename', pattern: 'Blue Falcon' }] }))
    const root = writeRoot(temp(), [
      { name: 'ok', text: plainSession('ok') },
      { name: 'two', text: plainSession('two') },
    ])
    const site = join(temp(), 'site')
    const r = await run(['build', root, '--redact-config', config, '--title', 'Project Blue Falcon', '-o', site])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/secret-looking string.*nothing was published/)
    expect(r.err).toMatch(/index\.html:\d+: codename/)
    expect(r.out).toBe('')
    expect(existsSync(site)).toBe(false)
    expect(filesUnder(join(site, '..'))).toEqual([])
  })
})
