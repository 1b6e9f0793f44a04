/**
 * Narrowing helpers for payload fields the schemas leave open (`z.unknown()` payloads, loose objects):
 * session logs are untrusted, so every read checks the type and returns null instead of throwing.
 */

/** `value[key]` when `value` is a non-array object, else undefined. */
export function prop(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  return Object.hasOwn(value, key) ? (Reflect.get(value, key) as unknown) : undefined
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `{message, code}` of an LlmFailure-like value, or null when it has neither. */
export function failureOf(value: unknown): { message: string | null; code: string | null } | null {
  const message = str(prop(value, 'message'))
  const code = str(prop(value, 'code'))
  return message === null && code === null ? null : { message, code }
}
