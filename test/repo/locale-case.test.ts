/**
 * Case folding never follows the machine's or the reader's locale: the index filter lower-cases entry text at
 * build time with `toLowerCase` (src/site/index/render-index.tsx), so every box that matches typed words
 * (the index filter, the Trajectory's search, src/site/client/trajectory.ts) must fold the same way — under
 * a Turkish locale `toLocaleLowerCase` turns `I` into `ı`, and `ID` would no longer find `id`. Read from the
 * source tree, as test/repo/trusted-html.test.ts reads its seams.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const DIRS = ['src', 'components', 'cli']

function sourceFiles(): string[] {
  return DIRS.flatMap(dir =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map(p => `${dir}/${p.split('\\').join('/')}`)
      .filter(p => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p)),
  )
}

describe('case folding', () => {
  it('no source file folds case by locale (toLocaleLowerCase / toLocaleUpperCase)', () => {
    const users = sourceFiles().filter(p => /\.toLocale(Lower|Upper)Case\(/.test(readFileSync(join(root, p), 'utf8')))
    expect(users).toEqual([])
  })
})
