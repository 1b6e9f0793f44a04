/**
 * Turns append batches into a .zstd log the way dsh writes one (log-format.md §5.1: frame 0 = the header
 * line alone, then one checksummed frame per batch), with the best compressor this machine has:
 * 1. `node:zlib` `zstdCompressSync` (Node ≥ 22.15): what dsh itself uses;
 * 2. the `zstd` CLI, once over all batches (`--filelist`, `--no-content-size` like dsh's async writer);
 * 3. otherwise the test encoder's Raw blocks: valid frames, but no compression (the file is as large as
 *    the plaintext, so compressed-MB/s figures are not comparable; the report says which was used).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as zlib from 'node:zlib'
import { concat, initZstdEncoder, zstdFrame } from '../src/log/node/testing/zstd-encode'

export type Compressor = 'node:zlib' | 'zstd CLI' | 'raw blocks (uncompressed)'

const utf8 = new TextEncoder()

export async function zstdLogFile(header: string, batches: readonly string[][], workDir: string): Promise<{ bytes: Uint8Array; compressor: Compressor }> {
  const plaintexts = [`${header}\n`, ...batches.map((b) => `${b.join('\n')}\n`)]
  // Node 20's types do not declare the zstd API; look it up at run time.
  const native: unknown = Reflect.get(zlib, 'zstdCompressSync')
  if (typeof native === 'function') {
    const flag: unknown = Reflect.get(zlib.constants, 'ZSTD_c_checksumFlag')
    const options = { params: { [typeof flag === 'number' ? flag : 201]: 1 } }
    const frames = plaintexts.map((t): Uint8Array => new Uint8Array(Reflect.apply(native, zlib, [utf8.encode(t), options])))
    return { bytes: concat(frames), compressor: 'node:zlib' }
  }
  if (spawnSync('zstd', ['--version']).status === 0) {
    const dir = join(workDir, 'zstd-batches')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const names = plaintexts.map((text, i) => {
      const name = join(dir, `${String(i).padStart(8, '0')}.jsonl`)
      writeFileSync(name, text)
      return name
    })
    writeFileSync(join(dir, 'list'), names.join('\n'))
    mkdirSync(join(dir, 'out')) // zstd 1.5.4 crashes when --output-dir-flat does not exist yet
    const run = spawnSync('zstd', ['-q', '-f', '-3', '--check', '--no-content-size', '--filelist', join(dir, 'list'), '--output-dir-flat', join(dir, 'out')], { stdio: 'inherit' })
    if (run.status === 0) {
      const bytes = concat(names.map((n) => new Uint8Array(readFileSync(join(dir, 'out', `${n.slice(dir.length + 1)}.zst`)))))
      rmSync(dir, { recursive: true, force: true })
      return { bytes, compressor: 'zstd CLI' }
    }
  }
  await initZstdEncoder()
  return { bytes: concat(plaintexts.map((t) => zstdFrame(t))), compressor: 'raw blocks (uncompressed)' }
}
