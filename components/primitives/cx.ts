/**
 * Joins CSS-module class names, dropping the absent ones (a module lookup may be undefined under
 * `noUncheckedIndexedAccess`, and conditional classes are written as `flag && styles.x`).
 */
export function cx(...parts: (string | false | null | undefined)[]): string | undefined {
  let out = ''
  for (const part of parts) if (part) out = out === '' ? part : `${out} ${part}`
  return out === '' ? undefined : out
}
