import { describe, expect, it } from 'vitest'
import { abbreviateHomePath, baseName, collapseDots, promptLabel, relativizeToCwd, resolveWorkdir } from './paths'

describe('relativizeToCwd (cards.md §5.3)', () => {
  it.each<[string, string, string | null, string]>([
    ['drops the cwd prefix', '/w/proj/src/a.ts', '/w/proj', 'src/a.ts'],
    ['ignores a trailing separator on the cwd', '/w/proj/a.ts', '/w/proj/', 'a.ts'],
    ['accepts a backslash after the cwd', 'C:\\w\\proj\\a.ts', 'C:\\w\\proj', 'a.ts'],
    ['leaves text equal to the cwd', '/w/proj', '/w/proj', '/w/proj'],
    ['leaves a sibling with the same prefix', '/w/project2/a', '/w/proj', '/w/project2/a'],
    ['leaves text when no cwd is known', '/w/proj/a', null, '/w/proj/a'],
    ['does not strip every slash for a root cwd', '/etc/hosts', '/', '/etc/hosts'],
    ['only matches at the start', 'cat /w/proj/a', '/w/proj', 'cat /w/proj/a'],
  ])('%s', (_name, text, cwd, expected) => expect(relativizeToCwd(text, cwd)).toBe(expected))
})

describe('abbreviateHomePath (cards.md §5.3)', () => {
  it.each<[string, string, string | null, string]>([
    ['home itself is ~', '/home/dev', '/home/dev', '~'],
    ['home with a trailing slash is ~', '/home/dev/', '/home/dev', '~'],
    ['below home is ~/…', '/home/dev/notes/a.md', '/home/dev', '~/notes/a.md'],
    ['home given with a trailing slash', '/home/dev/a', '/home/dev/', '~/a'],
    ['outside home unchanged', '/srv/a', '/home/dev', '/srv/a'],
    ['a prefix that is not a directory unchanged', '/home/devops/a', '/home/dev', '/home/devops/a'],
    ['no home: skipped', '/home/dev/a', null, '/home/dev/a'],
    ['empty home: skipped', '/home/dev/a', '', '/home/dev/a'],
    ['root home: skipped', '/a', '/', '/a'],
    ['drive-letter home: skipped', 'C:\\Users\\me\\a', 'C:\\Users\\me', 'C:\\Users\\me\\a'],
    ['drive-letter path: skipped', 'C:/Users/me/a', '/home/dev', 'C:/Users/me/a'],
    ['UNC home: skipped', '\\\\srv\\share\\a', '\\\\srv\\share', '\\\\srv\\share\\a'],
  ])('%s', (_name, path, home, expected) => expect(abbreviateHomePath(path, home)).toBe(expected))
})

describe('collapseDots (cards.md §6.3)', () => {
  it.each<[string, string]>([
    ['/a/b/../c', '/a/c'],
    ['/a/./b', '/a/b'],
    ['/../a', '/a'],
    ['../a/b/..', '../a'],
    ['a/../../b', '../b'],
    ['C:\\a\\..\\b', 'C:\\b'],
    ['C:\\..\\b', 'C:\\b'],
    ['\\\\srv\\share\\x\\..\\..', '\\\\srv\\share'],
    ['\\\\srv\\share\\x\\.\\y', '\\\\srv\\share\\x\\y'],
    ['/a/b\\..', '/a'],
  ])('%s → %s', (input, expected) => expect(collapseDots(input)).toBe(expected))
})

describe('resolveWorkdir + promptLabel (cards.md §6.3)', () => {
  it.each<[string, string | null, string | null, string]>([
    ['no workdir: the session cwd', null, '/w/proj', 'proj'],
    ['empty workdir: the session cwd', '', '/w/proj', 'proj'],
    ['no workdir and no cwd: bare $', null, null, '$'],
    ['relative workdir joins under the cwd', 'pkg/core', '/w/proj', 'core'],
    ['relative workdir without a cwd stays as written', 'pkg/core', null, 'core'],
    ['absolute workdir used as is', '/srv/app', '/w/proj', 'app'],
    ['.. collapses before the basename', '..', '/w/proj', 'w'],
    ['./ collapses', './src/', '/w/proj', 'src'],
    ['.. above the root is dropped', '../../..', '/w', '/'],
    ['root is /', '/', '/w/proj', '/'],
    ['drive path', 'D:\\build\\out', '/w/proj', 'out'],
    ['relative under a Windows cwd', 'sub', 'C:\\w\\proj', 'sub'],
    ['.. under a Windows cwd', '..', 'C:\\w\\proj', 'w'],
    ['UNC root is unpoppable', '\\\\srv\\share\\x\\..\\..', null, 'share'],
    ['a relative .. without cwd is kept', '..', null, '..'],
    ['trailing separators ignored', '/w/proj///', null, 'proj'],
  ])('%s', (_name, workdir, cwd, label) => expect(promptLabel(resolveWorkdir(workdir, cwd))).toBe(label))

  it('never abbreviates to ~ (the web passes no home)', () => {
    expect(promptLabel(resolveWorkdir(null, '/home/dev'))).toBe('dev')
  })
})

describe('baseName', () => {
  it.each([['src/a.ts', 'a.ts'], ['a.ts', 'a.ts'], ['C:\\x\\y.md', 'y.md'], ['dir/', 'dir']])('%s', (p, b) =>
    expect(baseName(p)).toBe(b))
})
