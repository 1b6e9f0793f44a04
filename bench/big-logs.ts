/**
 * The memory case's inputs (issue 17): a big raw session and a session whose events all sit in ONE zstd
 * frame, both chained from the real corpus (chain-corpus.ts) and streamed to disk, so writing them costs
 * the bench no more memory than the corpus.
 *
 * The single-frame log: frame 0 holds the header line alone (log-format.md §5.1 — dsh writes it so, and
 * readers require it), then one frame with every event, as a log written or re-compressed in one piece
 * looks — the worst case for a reader that decodes a frame whole. Node 20 has no zstd compressor, so the
 * `zstd` CLI writes it (one frame per input file, also with several threads; `zstd -l` confirms the count).
 */
import { spawnSync } from 'node:child_process'
import { closeSync, openSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { headerLine, writeChain, type SourceTemplate } from './chain-corpus'

export const hasZstdCli = (): boolean => spawnSync('zstd', ['--version']).status === 0

/** Writes the single-frame zstd log to `path`; returns its plaintext and stored bytes. */
export function writeSingleFrameZstd(path: string, templates: readonly SourceTemplate[], targetBytes: number, id: string): { plaintext: number; stored: number } {
  const options = { version: 0 as const, id }
  const body = `${path}.body`
  const header = `${path}.header`
  const fd = openSync(body, 'w')
  let chained
  try {
    chained = writeChain(fd, templates, targetBytes, { ...options, headerless: true })
  } finally {
    closeSync(fd)
  }
  writeFileSync(header, headerLine(options, templates[0]?.minTime ?? 0))
  const parts = [header, body].map((file) => `${file}.zst`)
  try {
    for (const file of [header, body]) {
      const run = spawnSync('zstd', ['-q', '-f', '-3', '-T2', '--check', file, '-o', `${file}.zst`], { stdio: 'inherit' })
      if (run.status !== 0) throw new Error(`zstd failed on ${file}`)
    }
    for (const file of parts) {
      const frames = spawnSync('zstd', ['-l', file], { encoding: 'utf8' }).stdout.split('\n')[1]?.trim().split(/\s+/)[0]
      if (frames !== '1') throw new Error(`zstd wrote ${frames} frames into ${file}, not one`)
    }
    const out = openSync(path, 'w')
    const buffer = Buffer.alloc(8 << 20)
    for (const file of parts) {
      const input = openSync(file, 'r')
      for (let n = readSync(input, buffer); n > 0; n = readSync(input, buffer)) writeSync(out, buffer, 0, n)
      closeSync(input)
    }
    closeSync(out)
    return { plaintext: chained.bytes + statSync(header).size, stored: statSync(path).size }
  } finally {
    for (const file of [header, body, ...parts]) rmSync(file, { force: true })
  }
}
