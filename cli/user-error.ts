/**
 * The one error type a user can fix (bad flag, missing path, a full disk). bin.ts prints it as a message and
 * an optional hint, without a stack, and exits with its code; anything else that escapes is a bug and keeps
 * its stack. `fsUserError` turns a file-system error (EACCES, ENOSPC, ENOENT, …) thrown anywhere in a build
 * or an export into such a one-line error, naming the path the user chose — never the temporary file or
 * staging folder dsh-view was writing through (`x.html.123-1.tmp`, `.site.dsh-view-staging/…`).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    /** 2 = usage error (bad flags), 1 = an input could not be read at all (or an output not written). */
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message)
    this.name = 'UserError'
  }
}

/** What each errno means to a user; codes not listed are not user errors (they keep their stack). */
const FS_REASONS: ReadonlyMap<string, string> = new Map([
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['ENOSPC', 'no space left on the device'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EROFS', 'read-only file system'],
  ['ENOENT', 'no such file or directory'],
  ['ENOTDIR', 'a part of the path is not a folder'],
  ['EISDIR', 'is a folder'],
  ['EEXIST', 'already exists'],
  ['ENOTEMPTY', 'folder is not empty'],
  ['EMFILE', 'too many open files'],
  ['ENFILE', 'too many open files in the system'],
  ['ENAMETOOLONG', 'file name too long'],
  ['EBUSY', 'resource busy'],
  ['EIO', 'input/output error'],
  ['ELOOP', 'too many levels of symbolic links'],
  ['EXDEV', 'cannot move across devices'],
])

const HINTS: ReadonlyMap<string, string> = new Map([
  ['ENOSPC', 'Free some space, or write somewhere else with -o.'],
  ['EDQUOT', 'Free some space, or write somewhere else with -o.'],
  ['EACCES', 'Check the permissions, or write somewhere else with -o.'],
  ['EPERM', 'Check the permissions, or write somewhere else with -o.'],
  ['EROFS', 'Write somewhere else with -o.'],
])

const READS: ReadonlySet<string> = new Set(['read', 'scandir', 'opendir', 'stat', 'lstat', 'readlink', 'realpath', 'access'])

/**
 * The path a user named, for one dsh-view writes through: `<file>.<pid>-<n>.tmp` (atomic-write.ts) → `<file>`,
 * `.<site>.dsh-view-staging/…` / `-old` / `-lock` (staging.ts) → `<site>/…`.
 */
export function publicPath(path: string): string {
  return path
    .replace(/\.\d+-\d+\.tmp$/, '')
    .replace(/(^|[\\/])\.([^\\/]+)\.dsh-view-(?:staging|old|lock)(?=$|[\\/])/, '$1$2')
}

/** A one-line UserError for a file-system error, or null when `err` is not one (a bug keeps its stack). */
export function fsUserError(err: unknown): UserError | null {
  if (!(err instanceof Error) || !('code' in err) || typeof err.code !== 'string') return null
  const syscall = 'syscall' in err && typeof err.syscall === 'string' ? err.syscall : ''
  // A folder could not be made because a file has its name (`-o notes.txt/site`).
  const reason = err.code === 'EEXIST' && syscall === 'mkdir' ? 'a file is in the way (a folder was expected)' : FS_REASONS.get(err.code)
  if (reason === undefined) return null
  const path = 'path' in err && typeof err.path === 'string' ? publicPath(err.path) : null
  // `open` serves reads and writes alike (the error does not say which).
  const verb = syscall === 'open' ? 'cannot open' : READS.has(syscall) ? 'cannot read' : 'cannot write'
  return new UserError(path === null ? `${verb}: ${reason}` : `${verb} ${path}: ${reason}`, HINTS.get(err.code), 1)
}
