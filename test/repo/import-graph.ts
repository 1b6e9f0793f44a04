/**
 * The import graph of our own TypeScript sources, for test/repo/import-cycles.test.ts: which files each file
 * imports by a relative path (`import`, `import type`, `export … from`, a dynamic `import('…')` or an
 * `import('…')` type of a literal path, as TypeScript's own pre-processor finds them, so a path inside a
 * comment or a string is not an import), and the import circles in it. Package imports and files outside the
 * scanned set (CSS modules, JSON) cannot close a circle among our sources and are left out.
 *
 * The circle search is Tarjan's strongly connected components, walked with an explicit stack: every
 * component of more than one file (or a file that imports itself) is a circle, reported as one concrete
 * path through it.
 */
import { posix } from 'node:path'
import ts from 'typescript'

/** A graph: file → the files it imports (paths as the caller names them). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>

/** The module specifiers a TypeScript source imports or re-exports, in source order (duplicates kept). */
export function importSpecifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map(f => f.fileName)
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/**
 * The graph of `files` (POSIX paths relative to one root → source text): each relative specifier resolved
 * as the bundler resolves it (the path itself, with `.ts`/`.tsx`, or its folder's index), kept when it names
 * one of `files`.
 */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [path, source] of files) {
    const targets = new Set<string>()
    for (const spec of importSpecifiers(source)) {
      if (!spec.startsWith('./') && !spec.startsWith('../')) continue
      const base = posix.normalize(posix.join(posix.dirname(path), spec))
      const target = EXTENSIONS.map(ext => base + ext).find(p => files.has(p))
      if (target !== undefined) targets.add(target)
    }
    graph.set(path, [...targets].sort())
  }
  return graph
}

/**
 * Every import circle of `graph`: one path per strongly connected component of two or more files, or of one
 * file that imports itself, as `[a, b, …, a]`. Deterministic: components and their paths start at their
 * smallest file name, and components are sorted by it.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flat()])].sort()
  const edges = (n: string): readonly string[] => graph.get(n) ?? []
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const components: string[][] = []
  let next = 0
  for (const start of nodes) {
    if (index.has(start)) continue
    // Each frame: a node and how many of its edges were followed.
    const frames: { node: string; edge: number }[] = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as (typeof frames)[number]
      const out = edges(frame.node)
      if (frame.edge < out.length) {
        const to = out[frame.edge++] as string
        if (!index.has(to)) {
          index.set(to, next)
          low.set(to, next++)
          stack.push(to)
          onStack.add(to)
          frames.push({ node: to, edge: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number))
        }
        continue
      }
      frames.pop()
      const parent = frames[frames.length - 1]
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      for (;;) {
        const n = stack.pop() as string
        onStack.delete(n)
        component.push(n)
        if (n === frame.node) break
      }
      const selfLoop = component.length === 1 && edges(frame.node).includes(frame.node)
      if (component.length > 1 || selfLoop) components.push(component.sort())
    }
  }
  return components.sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)).map(c => cycleThrough(c, graph))
}

/** A shortest circle from the component's first file back to it, inside the component (breadth first). */
function cycleThrough(component: readonly string[], graph: ImportGraph): string[] {
  const inside = new Set(component)
  const start = component[0] as string
  const cameFrom = new Map<string, string>()
  const queue: string[] = [start]
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue
      if (to === start) {
        // Walked back from the last file to the start, then turned around.
        const back = [start]
        for (let at = node; at !== start; at = cameFrom.get(at) as string) back.push(at)
        back.push(start)
        return [start, ...back.slice(1, -1).reverse(), start]
      }
      if (cameFrom.has(to)) continue
      cameFrom.set(to, node)
      queue.push(to)
    }
  }
  // Unreachable for a strongly connected component; the component itself still names the files.
  return [...component]
}
