/**
 * The unified diff `dsh-view snapshot --check` prints for a changed session: `--- <committed>` /
 * `+++ <current>` headers and hunks with three lines of context, from the `diff` package. Pure (the
 * `diff` package has no Node dependencies). Empty when the texts are equal, so callers test `=== ''`.
 */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'

export function unifiedDiff(oldName: string, newName: string, oldText: string, newText: string): string {
  if (oldText === newText) return ''
  return createTwoFilesPatch(oldName, newName, oldText, newText, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY })
}
