/**
 * Playwright ARIA snapshots (the YAML of `locator.ariaSnapshot()`, cards.md §15.1) read back into a tree,
 * so two snapshots can be compared node by node instead of as text. One node per `- …` line:
 * `role "name" [state] [state=value]: value`, `text: value`, `/url: value`, or the same key single-quoted
 * when it holds `: ` (`- 'button "Error: x" [expanded]'`). Names and values lose their YAML quoting here;
 * `line` keeps the 1-based source line for reports.
 *
 * Also the structural normalisations both sides of a golden comparison need: unwrapping nodes (the unnamed
 * `- group:` a native `<details>` produces, dsh-view's `region "Transcript"` landmark) and dropping nodes
 * (dsh-view's `Turn N` headings, which the dsh Chat has no counterpart for).
 */

export interface AriaNode {
  role: string
  name: string | null
  /** States as printed, in order: `expanded`, `level=2`, … */
  states: string[]
  /** Inline value (`- text: …`, `- paragraph: DONE`, `- region "x": …`); null when none. */
  value: string | null
  children: AriaNode[]
  /** 1-based line in the source snapshot. */
  line: number
  /** The source line without its indentation. */
  source: string
}

/** Reads a YAML double-quoted scalar starting at `at` (which holds `"`). */
function doubleQuoted(text: string, at: number): { value: string; end: number } | null {
  let i = at + 1
  while (i < text.length) {
    const c = text[i]
    if (c === '\\') i += 2
    else if (c === '"') break
    else i++
  }
  if (i >= text.length) return null
  try {
    const value: unknown = JSON.parse(text.slice(at, i + 1))
    return typeof value === 'string' ? { value, end: i + 1 } : null
  } catch {
    return null
  }
}

function singleQuoted(text: string, at: number): { value: string; end: number } | null {
  let out = ''
  let i = at + 1
  while (i < text.length) {
    if (text[i] === "'") {
      if (text[i + 1] === "'") {
        out += "'"
        i += 2
        continue
      }
      return { value: out, end: i + 1 }
    }
    out += text[i]
    i++
  }
  return null
}

/** A scalar value: quoted (either style) or plain, to the end of the line. */
function scalar(text: string): string {
  const t = text.trim()
  if (t.startsWith('"')) return doubleQuoted(t, 0)?.value ?? t
  if (t.startsWith("'")) return singleQuoted(t, 0)?.value ?? t
  return t
}

/** `role "name" [a] [b=c]` → its parts; null when it is not that shape. */
function parseKey(key: string): Pick<AriaNode, 'role' | 'name' | 'states'> | null {
  const role = /^[A-Za-z/][\w-]*/.exec(key)
  if (role === null) return null
  let i = role[0].length
  let name: string | null = null
  if (key.startsWith(' "', i)) {
    const q = doubleQuoted(key, i + 1)
    if (q === null) return null
    name = q.value
    i = q.end
  }
  const states: string[] = []
  for (const m of key.slice(i).matchAll(/\s*\[([^\]]*)\]/g)) states.push(m[1] ?? '')
  return { role: role[0], name, states }
}

/** One `- …` entry (without the dash) → node fields. */
function parseEntry(entry: string): Pick<AriaNode, 'role' | 'name' | 'states' | 'value'> {
  let key = entry
  let rest = ''
  if (entry.startsWith("'")) {
    const q = singleQuoted(entry, 0)
    if (q !== null) {
      key = q.value
      rest = entry.slice(q.end)
    }
  } else {
    // The key ends at the first `:` outside the quoted name.
    let i = 0
    let inName = false
    for (; i < entry.length; i++) {
      const c = entry[i]
      if (c === '\\' && inName) i++
      else if (c === '"') inName = !inName
      else if (c === ':' && !inName && (i + 1 === entry.length || entry[i + 1] === ' ')) break
    }
    key = entry.slice(0, i)
    rest = entry.slice(i)
  }
  const value = rest.startsWith(':') && rest.trim() !== ':' ? scalar(rest.slice(1)) : null
  const parsed = parseKey(key.trim())
  if (parsed === null) return { role: key.trim(), name: null, states: [], value }
  return { ...parsed, value }
}

export function parseAria(snapshot: string): AriaNode[] {
  const root: AriaNode[] = []
  const stack: { indent: number; children: AriaNode[] }[] = [{ indent: -1, children: root }]
  snapshot.split('\n').forEach((raw, index) => {
    const m = /^(\s*)- (.*)$/.exec(raw)
    if (m === null) return
    const indent = (m[1] ?? '').length
    const entry = m[2] ?? ''
    while ((stack[stack.length - 1]?.indent ?? -1) >= indent) stack.pop()
    const node: AriaNode = { ...parseEntry(entry), children: [], line: index + 1, source: `- ${entry}` }
    stack[stack.length - 1]?.children.push(node)
    stack.push({ indent, children: node.children })
  })
  return root
}

/** Replaces every node for which `lift` holds by its children, recursively. */
export function unwrap(nodes: readonly AriaNode[], lift: (n: AriaNode) => boolean): AriaNode[] {
  return nodes.flatMap((n) => {
    const children = unwrap(n.children, lift)
    return lift(n) ? children : [{ ...n, children }]
  })
}

/** Removes every node (with its subtree) for which `drop` holds. */
export function prune(nodes: readonly AriaNode[], drop: (n: AriaNode) => boolean): AriaNode[] {
  return nodes.filter((n) => !drop(n)).map((n) => ({ ...n, children: prune(n.children, drop) }))
}

/** An unnamed, valueless `group` (what a native `<details>` becomes). */
export const isBareGroup = (n: AriaNode) => n.role === 'group' && n.name === null && n.value === null

/** Every node of the forest, depth first. */
export function flatten(nodes: readonly AriaNode[]): AriaNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)])
}
