/**
 * Path display rules (cards.md §5.3, §6.3): relativisation against the session cwd, `~` abbreviation
 * against the host home, and the terminal prompt's cwd label (workdir resolution, `.`/`..` collapse, drive
 * and UNC roots, basename only). Pure string work on POSIX and Windows spellings alike: the log may come
 * from another OS than the one rendering it, so nothing here may consult the local platform.
 */

const TRAILING_SEPARATORS = /[\\/]+$/
const DRIVE = /^[A-Za-z]:(?:[\\/]|$)/
const UNC = /^\\\\/

/** Drop the session cwd prefix (`cwd/` or `cwd\`); text equal to the cwd, or outside it, is unchanged. */
export function relativizeToCwd(text: string, cwd: string | null): string {
  if (cwd === null) return text
  const root = cwd.replace(TRAILING_SEPARATORS, '')
  // A root of '' (cwd `/`) would strip the leading slash of every absolute path: not a relativisation.
  if (root === '') return text
  if (text.startsWith(`${root}/`) || text.startsWith(`${root}\\`)) return text.slice(root.length + 1)
  return text
}

const isWindowsPath = (p: string): boolean => DRIVE.test(p) || UNC.test(p)

/**
 * `~` for the home directory and `~/…` below it. Skipped when home is unknown or `/`, or when either side
 * is a Windows drive or UNC path (dsh abbreviates POSIX homes only).
 */
export function abbreviateHomePath(path: string, home: string | null): string {
  if (home === null || home === '' || home === '/' || isWindowsPath(home) || isWindowsPath(path)) return path
  const root = home.replace(/\/+$/, '')
  if (root === '') return path
  if (path.replace(/\/+$/, '') === root) return '~'
  if (path.startsWith(`${root}/`)) return `~/${path.slice(root.length + 1)}`
  return path
}

/** Relativise, then abbreviate: the display form of a path in GenericToolCard, ReadRow and FileMutationRow. */
export function displayPath(text: string, cwd: string | null, home: string | null): string {
  return abbreviateHomePath(relativizeToCwd(text, cwd), home)
}

/** `/…`, `X:\…` / `X:/…` or `\\server\…`. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || DRIVE.test(p) || UNC.test(p)
}

/** `\` when the path is spelled with backslashes only, else `/` (the separator the author used). */
function separatorOf(p: string): '/' | '\\' {
  return p.includes('\\') && !p.includes('/') ? '\\' : '/'
}

/**
 * Collapse `.` and `..` segments, keeping the authored separator, a drive letter and a leading separator;
 * `..` above a root is dropped, `..` at the start of a relative path is kept, and `\\server\share` is a
 * root that cannot be popped.
 */
export function collapseDots(p: string): string {
  const sep = separatorOf(p)
  let root = ''
  let rest = p
  const unc = /^\\\\[^\\/]+[\\/][^\\/]+/.exec(p)
  if (unc !== null) {
    root = unc[0]
    rest = p.slice(root.length)
  } else if (DRIVE.test(p)) {
    root = p.slice(0, 2) + (p.length > 2 ? sep : '')
    rest = p.slice(3)
  } else if (p.startsWith('/') || p.startsWith('\\')) {
    root = sep
    rest = p.replace(/^[\\/]+/, '')
  }
  const out: string[] = []
  for (const segment of rest.split(/[\\/]+/)) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      const top = out[out.length - 1]
      if (top !== undefined && top !== '..') out.pop()
      else if (root === '') out.push('..')
      continue
    }
    out.push(segment)
  }
  if (unc !== null) return out.length > 0 ? `${root}${sep}${out.join(sep)}` : root
  return root + out.join(sep)
}

const hasDotSegment = (p: string): boolean => p.split(/[\\/]/).some(s => s === '.' || s === '..')

/**
 * The directory a shell command ran in (cards.md §6.3): the session cwd without a workdir; an absolute
 * workdir as is; a relative one joined under the session cwd (or as written when none is known).
 */
export function resolveWorkdir(workdir: string | null, cwd: string | null): string | null {
  let resolved: string | null
  if (workdir === null || workdir === '') resolved = cwd
  else if (isAbsolutePath(workdir) || cwd === null) resolved = workdir
  else {
    const base = cwd.replace(TRAILING_SEPARATORS, '')
    const rel = workdir.replace(/^[\\/]+/, '').replace(TRAILING_SEPARATORS, '')
    resolved = `${base}${separatorOf(cwd)}${rel}`
  }
  if (resolved === null) return null
  return hasDotSegment(resolved) ? collapseDots(resolved) : resolved
}

/**
 * The prompt label for a resolved cwd: its last segment (trailing separators ignored), `/` for the POSIX
 * root, `$` when no cwd is known. Never `~`: the web passes no home here (cards.md §6.3).
 */
export function promptLabel(resolved: string | null): string {
  if (resolved === null || resolved === '') return '$'
  const trimmed = resolved.replace(TRAILING_SEPARATORS, '')
  if (trimmed === '') return resolved.startsWith('\\') ? '\\' : '/'
  const segments = trimmed.split(/[\\/]/)
  return segments[segments.length - 1] || trimmed
}

/** The last segment of a path (deliverable chips). */
export function baseName(path: string): string {
  const trimmed = path.replace(TRAILING_SEPARATORS, '')
  const segments = trimmed.split(/[\\/]/)
  return segments[segments.length - 1] || path
}
