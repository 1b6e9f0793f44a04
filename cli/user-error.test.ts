/**
 * File-system errors become one-line user errors (issue 15 item 3): the errno is said in words, the path
 * is the one the user chose (never dsh-view's temporary file or staging folder), and errors that are not
 * file-system errors stay bugs (null: they keep their stack). The end-to-end half spawns the built CLI
 * against an output path it cannot create.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { fsUserError, publicPath } from './user-error'

const fsError = (code: string, syscall: string, path?: string) => Object.assign(new Error(`${code}: raw message, ${syscall} '${path}'`), { code, syscall, ...(path === undefined ? {} : { path }) })

describe('fsUserError', () => {
  it.each([
    ['EACCES', 'open', '/srv/site/index.html', 'cannot open /srv/site/index.html: permission denied', 'Check the permissions, or write somewhere else with -o.'],
    ['ENOSPC', 'write', '/srv/out.html.4242-7.tmp', 'cannot write /srv/out.html: no space left on the device', 'Free some space, or write somewhere else with -o.'],
    ['ENOENT', 'scandir', '/nope', 'cannot read /nope: no such file or directory', undefined],
    ['EROFS', 'mkdir', '/ro/.site.dsh-view-staging/sessions', 'cannot write /ro/site/sessions: read-only file system', 'Write somewhere else with -o.'],
    ['EEXIST', 'mkdir', '/tmp/notes.txt', 'cannot write /tmp/notes.txt: a file is in the way (a folder was expected)', undefined],
    ['EDQUOT', 'rename', '/q/.site.dsh-view-old', 'cannot write /q/site: disk quota exceeded', 'Free some space, or write somewhere else with -o.'],
  ])('%s during %s', (code, syscall, path, message, hint) => {
    const error = fsUserError(fsError(code, syscall, path))
    expect(error?.message).toBe(message)
    expect(error?.hint).toBe(hint)
    expect(error?.exitCode).toBe(1)
  })

  it('leaves other errors to keep their stack', () => {
    expect(fsUserError(new TypeError('x is undefined'))).toBeNull()
    expect(fsUserError(fsError('ERR_SOMETHING_ELSE', 'open', '/x'))).toBeNull()
    expect(fsUserError('a string')).toBeNull()
  })

  it.each([
    ['site/index.html.123-4.tmp', 'site/index.html'],
    ['/a/.my site.dsh-view-staging/x.html', '/a/my site/x.html'],
    ['.site.dsh-view-lock', 'site'],
    ['plain/path.html', 'plain/path.html'],
  ])('publicPath(%j) = %j', (path, shown) => {
    expect(publicPath(path)).toBe(shown)
  })
})

describe('dsh-view with an output it cannot write (built CLI)', () => {
  const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url))
  const demo = fileURLToPath(new URL('../fixtures/demo-sessions/', import.meta.url))
  const tmp = mkdtempSync(join(tmpdir(), 'dv-fserr-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))
  const file = join(tmp, 'notes.txt')
  writeFileSync(file, 'in the way')

  it.each([
    ['build', ['build', demo, '-o', join(file, 'site')]],
    ['export', ['export', join(demo, '--home-dev-project--'), '--latest', '1', '-o', join(file, 'x.html')]],
  ])('%s: one line, exit 1, no stack, no temporary path', (_name, argv) => {
    const run = spawnSync(process.execPath, [cli, ...argv], { encoding: 'utf8', env: { ...process.env, HOME: tmp, DSH_HOME: '' } })
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines[0]).toBe(`dsh-view: cannot write ${file}: a file is in the way (a folder was expected)`)
    expect(run.stderr).not.toMatch(/\n\s+at |\.tmp|dsh-view-staging/)
    expect(run.stdout).toBe('')
  })
})
