/**
 * The side effects a command handler may have, injected so tests capture output and never open a
 * browser window. bin.ts passes `nodeIo` (./node-io.ts); tests build their own.
 */

export interface Io {
  stdout(text: string): void
  stderr(text: string): void
  /**
   * Writes dsh-view's own terminal sequences (the progress line's redraw) unescaped; stdout and stderr of
   * `nodeIo` escape every control character (./terminal-text.ts). Falls back to stderr.
   */
  stderrControl?(text: string): void
  /** Whether stderr is a terminal (progress lines are redrawn in place only then). */
  stderrIsTty: boolean
  env: Record<string, string | undefined>
  /** Open a file or URL in the user's browser. */
  open(target: string): Promise<void>
}
