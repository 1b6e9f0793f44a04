/** run_code program rules (trajectory.md §4.6) as a table. */
import { describe, expect, it } from 'vitest'
import { codeProgram } from './code-program'

const schema = (description: string) => ({ name: 'run_code', parameters: { properties: { code: { type: 'string', description } } } })

describe('codeProgram', () => {
  it.each<[string, string, string, unknown, ReturnType<typeof codeProgram>]>([
    ['description wins', 'run_code', JSON.stringify({ description: 'Echo it', code: 'x\ny' }), null, { code: 'x\ny', description: 'Echo it', language: null }],
    ['blank description: first non-blank line', 'run_code', JSON.stringify({ description: '  ', code: '\n  \n  const a = 1\nb' }), null, { code: '\n  \n  const a = 1\nb', description: 'const a = 1', language: null }],
    ['no description', 'run_code', JSON.stringify({ code: 'print(1)' }), null, { code: 'print(1)', description: 'print(1)', language: null }],
    ['TypeScript schema', 'run_code', JSON.stringify({ code: 'x' }), schema('A TypeScript program'), { code: 'x', description: 'x', language: 'typescript' }],
    ['Python schema', 'run_code', JSON.stringify({ code: 'x' }), schema('Python 3 source'), { code: 'x', description: 'x', language: 'python' }],
    ['both named: no language', 'run_code', JSON.stringify({ code: 'x' }), schema('TypeScript or Python'), { code: 'x', description: 'x', language: null }],
    ['another tool', 'bash', JSON.stringify({ code: 'x' }), null, null],
    ['code not a string', 'run_code', JSON.stringify({ code: 1 }), null, null],
    ['description not a string', 'run_code', JSON.stringify({ code: 'x', description: 3 }), null, null],
    ['arguments not JSON', 'run_code', '{"code": ', null, null],
    ['arguments an array', 'run_code', '["code"]', null, null],
  ])('%s', (_name, tool, args, toolSchema, want) => {
    expect(codeProgram(tool, args, toolSchema)).toEqual(want)
  })
})
