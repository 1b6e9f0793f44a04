import { existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFileAtomic, writeIfChanged, type ChunkSource } from './atomic-write'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'atomic-write-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A source of `count` chunks of `size` bytes (chunk i filled with byte i), counting the chunks made so far. */
function counted(count: number, size: number): ChunkSource & { made: number[] } {
  const made: number[] = []
  return {
    made,
    *chunks() {
      for (let i = 0; i < count; i++) {
        made.push(i)
        yield new Uint8Array(size).fill(i)
      }
    },
  }
}

const expected = (count: number, size: number) => Buffer.concat(Array.from({ length: count }, (_, i) => new Uint8Array(size).fill(i)))

describe('a chunk source', () => {
  it('is written in order, each chunk made only once the runs before it are on disk', async () => {
    const dir = tempDir()
    const size = 600 * 1024
    // Bytes already in the temporary file when each chunk is made: runs are ~1 MiB (two chunks here).
    const writtenWhenMade: number[] = []
    const source: ChunkSource = {
      *chunks() {
        for (let i = 0; i < 5; i++) {
          const temp = readdirSync(join(dir, 'a')).find(f => f.endsWith('.tmp'))
          writtenWhenMade.push(temp === undefined ? -1 : statSync(join(dir, 'a', temp)).size)
          yield new Uint8Array(size).fill(i)
        }
      },
    }
    const path = join(dir, 'a', 'side.txt')
    await writeFileAtomic(path, source)
    expect(readFileSync(path).equals(expected(5, size))).toBe(true)
    expect(writtenWhenMade).toEqual([0, 0, 2 * size, 2 * size, 4 * size])
  })

  it('leaves a file that holds the same bytes alone, and rewrites one that differs in content or length', async () => {
    const dir = tempDir()
    const path = join(dir, 'side.txt')
    writeFileSync(path, expected(3, 1000))
    utimesSync(path, new Date('2026-01-01'), new Date('2026-01-01'))
    const before = statSync(path).mtimeMs
    expect(await writeIfChanged(path, counted(3, 1000))).toBe(false)
    expect(statSync(path).mtimeMs).toBe(before)
    // Longer, shorter, and the same length with other bytes.
    for (const [count, size] of [[4, 1000], [2, 1000], [3, 1000]] as const) {
      const other = count === 3 ? { chunks: () => [new Uint8Array(3000).fill(9)] } : counted(count, size)
      expect(await writeIfChanged(path, other)).toBe(true)
      expect(readFileSync(path).equals(count === 3 ? Buffer.alloc(3000, 9) : expected(count, size))).toBe(true)
      writeFileSync(path, expected(3, 1000))
    }
  })

  it('stops comparing at the first chunk that differs', async () => {
    const dir = tempDir()
    const path = join(dir, 'side.txt')
    writeFileSync(path, Buffer.concat([new Uint8Array(10).fill(7), expected(3, 10).subarray(10)]))
    const source = counted(3, 10)
    expect(await writeIfChanged(path, source)).toBe(true)
    // The compare made one chunk (it differed), then the write made all three.
    expect(source.made).toEqual([0, 0, 1, 2])
    expect(readFileSync(path).equals(expected(3, 10))).toBe(true)
  })

  it('is written when no file is there, or when the caller says none may be', async () => {
    const dir = tempDir()
    expect(await writeIfChanged(join(dir, 'new.txt'), counted(2, 10))).toBe(true)
    expect(readFileSync(join(dir, 'new.txt')).equals(expected(2, 10))).toBe(true)
    writeFileSync(join(dir, 'old.txt'), expected(2, 10))
    expect(await writeIfChanged(join(dir, 'old.txt'), counted(2, 10), undefined, false)).toBe(true)
  })
})

describe('a file the caller says is not there yet (a staging folder)', () => {
  it('is written at its own name: no temporary file is ever beside it', async () => {
    const dir = tempDir()
    const seen: string[][] = []
    const source: ChunkSource = {
      *chunks() {
        for (let i = 0; i < 3; i++) {
          seen.push(readdirSync(join(dir, 'a')))
          yield new Uint8Array(600 * 1024).fill(i)
        }
      },
    }
    const path = join(dir, 'a', 'page.html')
    expect(await writeIfChanged(path, source, undefined, false)).toBe(true)
    expect(readFileSync(path).equals(expected(3, 600 * 1024))).toBe(true)
    // The third chunk is made after the first run (two chunks) is on disk, in the file itself.
    expect(seen).toEqual([['page.html'], ['page.html'], ['page.html']])
  })

  it('never writes into a file that is there after all: it is replaced, and its other links keep their bytes', async () => {
    const dir = tempDir()
    const live = join(dir, 'live.html')
    const staged = join(dir, 'staged.html')
    writeFileSync(live, 'old page')
    linkSync(live, staged)
    for (const content of ['new page', [Buffer.from('new '), Buffer.from('page')], { chunks: () => [Buffer.from('new page')] }]) {
      expect(await writeIfChanged(staged, content, undefined, false)).toBe(true)
      expect(readFileSync(staged, 'utf8')).toBe('new page')
      expect(readFileSync(live, 'utf8')).toBe('old page')
      rmSync(staged)
      linkSync(live, staged)
    }
    expect(readdirSync(dir).sort()).toEqual(['live.html', 'staged.html'])
  })

  it('leaves nothing behind when its content fails halfway', async () => {
    const dir = tempDir()
    const path = join(dir, 'page.html')
    const source: ChunkSource = {
      *chunks() {
        yield new Uint8Array(2 * 1024 * 1024)
        throw new Error('render failed')
      },
    }
    await expect(writeIfChanged(path, source, undefined, false)).rejects.toThrow('render failed')
    expect(existsSync(path)).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })
})
