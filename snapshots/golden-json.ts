/**
 * The golden serialisation of a conversation model: pretty JSON with a stable key order (identity keys
 * `kind`, `key`, `anchorSeq` first, then alphabetical), so a golden diff shows what changed rather than
 * how the code happened to build an object. Strings longer than `MAX_STRING` keep their head and tail and
 * say how much was cut: the assembler passes log text through untouched, and multi-kilobyte prompts and
 * tool outputs would bury the structure a reviewer needs to see.
 */
const FIRST = ['kind', 'key', 'anchorSeq']
const MAX_STRING = 600

function order(a: string, b: string): number {
  const ia = FIRST.indexOf(a)
  const ib = FIRST.indexOf(b)
  if (ia !== -1 || ib !== -1) return (ia === -1 ? FIRST.length : ia) - (ib === -1 ? FIRST.length : ib)
  return a < b ? -1 : a > b ? 1 : 0
}

function normalize(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_STRING) {
    const cut = value.length - 400
    return `${value.slice(0, 300)}…[${cut} of ${value.length} chars cut]…${value.slice(-100)}`
  }
  if (Array.isArray(value)) return value.map(normalize)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort(order)) out[key] = normalize(Reflect.get(value, key))
    return out
  }
  return value
}

export function goldenJson(value: unknown): string {
  return `${JSON.stringify(normalize(value), null, 2)}\n`
}
