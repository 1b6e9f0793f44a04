/**
 * The example CI workflows (examples/github-actions/*.yml) are valid GitHub Actions workflows: each is parsed
 * and checked against GitHub's own workflow schema by @actions/workflow-parser (the parser and schema behind
 * GitHub's Actions language services), then converted to the workflow model — which also checks job needs,
 * matrix and expression syntax. Every file in the folder is checked, whoever added it.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'

type Parser = typeof import('@actions/workflow-parser')

const DIR = fileURLToPath(new URL('../../examples/github-actions/', import.meta.url))

let parser: Parser
beforeAll(async () => {
  // The package imports its schema JSON without an import attribute, which Node 20+ refuses: bundled once
  // with esbuild (which inlines the JSON) and loaded from a temporary file.
  const stdin = { contents: "export * from '@actions/workflow-parser'", resolveDir: fileURLToPath(new URL('.', import.meta.url)) }
  const out = await build({ stdin, bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' })
  const file = join(mkdtempSync(join(tmpdir(), 'dv-workflow-parser-')), 'parser.mjs')
  writeFileSync(file, out.outputFiles[0]?.contents ?? '')
  parser = (await import(pathToFileURL(file).href)) as Parser
}, 60_000)

/** Every schema and model error of a workflow file's text (empty: valid). */
async function workflowErrors(name: string, content: string): Promise<string[]> {
  const { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } = parser
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter())
  const errors = parsed.context.errors.getErrors().map(e => e.message)
  if (parsed.value === undefined) return errors.length > 0 ? errors : ['not a workflow']
  const template = await convertWorkflowTemplate(parsed.context, parsed.value)
  return [...new Set([...errors, ...(template.errors ?? []).map(e => e.Message)])]
}

const files = readdirSync(DIR).filter(f => /\.ya?ml$/.test(f)).sort()

describe('examples/github-actions', () => {
  it('holds the sharded-build workflow (issue 16)', () => {
    expect(files).toContain('shard.yml')
  })

  it.each(files)('%s is a valid workflow', async file => {
    expect(await workflowErrors(file, readFileSync(`${DIR}${file}`, 'utf8'))).toEqual([])
  })

  const job = (...lines: string[]) => ['on: push', 'jobs:', '  a:', '    runs-on: ubuntu-latest', ...lines].join('\n')
  it.each([
    ['an unknown key', job('    steps:', '      - uses: actions/checkout@v4', '        bogus: 1'), /Line: 7, Col: 9\): Unexpected value 'bogus'/],
    ['a matrix that is not a mapping', job('    strategy:', '      matrix: 3', '    steps:', '      - run: echo'), /Line: 6, Col: 15\): Unexpected value '3'/],
    ['a job needing one that is not there', job('    steps:', '      - run: echo', '  b:', '    runs-on: ubuntu-latest', '    needs: [a, nowhere]', '    steps:', '      - run: echo'), /nowhere/],
    ['an unclosed expression', job('    steps:', '      - run: echo ${{ matrix.shard'), /expression|Unexpected|closed/i],
  ])('the check finds %s', async (_, workflow, message) => {
    expect((await workflowErrors('bad.yml', workflow)).join('\n')).toMatch(message)
  })

  it('a file with no jobs is not a workflow', async () => {
    expect(await workflowErrors('empty.yml', 'name: x\n')).not.toEqual([])
  })
})
