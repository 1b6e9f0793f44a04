/**
 * `run_code` programs (trajectory.md §4.6): a TOOL or SUBTOOL named `run_code` whose arguments parse to an
 * object with a string `code` (and, if present, a string `description`). Description: `description` when
 * not blank, else the first non-blank line of the code. Language: "typescript" or "python" when the
 * call-time schema's `parameters.properties.code.description` names exactly one of them; never guessed
 * from the source.
 */
import type { CodeProgram } from '../model'

export const PTC_TOOL_NAME = 'run_code'

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
}

function parseRecord(text: string): Record<string, unknown> | undefined {
  try {
    return record(JSON.parse(text))
  } catch {
    return undefined
  }
}

/** The language a tool schema declares for `code`, or null when it names none or both. */
export function schemaLanguage(schema: unknown): CodeProgram['language'] {
  const description = record(record(record(record(schema)?.['parameters'])?.['properties'])?.['code'])?.['description']
  if (typeof description !== 'string') return null
  const typescript = /\bTypeScript\b/i.test(description)
  const python = /\bPython\b/i.test(description)
  if (typescript === python) return null
  return typescript ? 'typescript' : 'python'
}

export function codeProgram(toolName: string, argsRaw: string, schema: unknown): CodeProgram | null {
  if (toolName !== PTC_TOOL_NAME || argsRaw === '') return null
  const args = parseRecord(argsRaw)
  const code = args?.['code']
  if (args === undefined || typeof code !== 'string') return null
  const description = args['description']
  if (description !== undefined && typeof description !== 'string') return null
  return {
    code,
    description: typeof description === 'string' && description.trim() !== '' ? description : (code.split(/\r?\n/).find((line) => line.trim() !== '')?.trim() ?? ''),
    language: schemaLanguage(schema),
  }
}
