/**
 * Where one render attempt of a session writes (the site build's writer, under the output folder), keeping
 * the paths it wrote: side texts go out batch by batch, so an attempt that fails halfway — a render that
 * throws (src/site/family.ts) — takes them back before the session is rendered again (as its damaged page).
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileContent } from './atomic-write'
import { STATE_DIR } from './manifest'
import type { RenderOutput } from '../render/render-session'
import type { FileWriter } from './writer'

export class AttemptOutput implements RenderOutput {
  readonly #written = new Set<string>()
  readonly spoolDir: string

  constructor(
    private readonly outDir: string,
    private readonly writer: FileWriter,
  ) {
    this.spoolDir = join(outDir, STATE_DIR)
  }

  write(path: string, content: FileContent): Promise<void> {
    this.#written.add(path)
    return this.writer.write(join(this.outDir, path), content)
  }

  /** Deletes every file this attempt wrote (after the writes in flight land) and forgets them. */
  async takeBack(): Promise<void> {
    await this.writer.flush().catch(() => {})
    for (const path of this.#written) await rm(join(this.outDir, path), { force: true })
    this.#written.clear()
  }
}
