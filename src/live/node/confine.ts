/**
 * Live mode never follows a symlink out of what the user asked it to serve (issue 17 item 5): a
 * `session.jsonl` (or a session or project directory) that is a symlink to any other file would otherwise
 * be indexed, followed and served under `/live/session/<key>/log`. A path is allowed when its real path
 * (every symlink resolved) lies under the real path of a directory input, or is the real path of a file
 * input (a log the user named). Checked when a session is indexed, when its follower opens the file, and
 * when the log is downloaded.
 */
import { realpath, stat } from 'node:fs/promises'
import { sep } from 'node:path'

interface Root {
  real: string
  dir: boolean
}

export class Confinement {
  readonly #inputs: readonly string[]
  #roots: Promise<Root[]> | null = null

  constructor(inputs: readonly string[]) {
    this.#inputs = [...inputs]
  }

  /** The real path of `path` when it is inside an input, else null (also null when it does not exist). */
  async resolve(path: string): Promise<string | null> {
    const real = await realpath(path).catch(() => null)
    if (real === null) return null
    if (inside(await this.#resolveRoots(false), real)) return real
    // An input created (or re-pointed) since the roots were resolved: look once more before refusing.
    return inside(await this.#resolveRoots(true), real) ? real : null
  }

  async allows(path: string): Promise<boolean> {
    return (await this.resolve(path)) !== null
  }

  /** `outside` only for a path that exists and leads out of the inputs. */
  async check(path: string): Promise<'inside' | 'outside' | 'missing'> {
    if ((await this.resolve(path)) !== null) return 'inside'
    return (await realpath(path).catch(() => null)) === null ? 'missing' : 'outside'
  }

  #resolveRoots(fresh: boolean): Promise<Root[]> {
    if (this.#roots === null || fresh) {
      this.#roots = Promise.all(
        this.#inputs.map(async (input): Promise<Root | null> => {
          const real = await realpath(input).catch(() => null)
          if (real === null) return null
          const st = await stat(real).catch(() => null)
          return st === null ? null : { real, dir: st.isDirectory() }
        }),
      ).then(roots => roots.filter((r): r is Root => r !== null))
    }
    return this.#roots
  }
}

function inside(roots: readonly Root[], real: string): boolean {
  return roots.some(root => real === root.real || (root.dir && real.startsWith(root.real.endsWith(sep) ? root.real : `${root.real}${sep}`)))
}
