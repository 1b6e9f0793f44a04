/**
 * The words of a Copy control (cards.md §6.5), shared by the components and the page script: the resting
 * label each locale's dictionary uses (src/cards/strings.ts `copy` and `blockCopy`, the same word) and the
 * word it shows for about a second after copying (`copied`/`blockCopied`); a test keeps them equal to the
 * dictionaries. The server renders a Copy button without its label (issue 14: thousands of buttons a page)
 * and `components/enhance` writes the word of the page's language (`<html lang>`, which the build fills from
 * the same locale as the dictionary). A button whose copied word is not its resting word's pair here still
 * carries its own `data-copied-label`.
 */
export const COPIED_AFTER: ReadonlyMap<string, string> = new Map([
  ['Copy', 'Copied'],
  ['复制', '复制成功'],
])

/** The resting Copy label of a page in language `lang` (`zh…` → Chinese, anything else English). */
export function copyWord(lang: string): string {
  return lang.toLowerCase().startsWith('zh') ? '复制' : 'Copy'
}

/** The `data-copied-label` a button with these labels needs: none when the table already says it. */
export function copiedLabelAttribute(label: string, copiedLabel: string): string | undefined {
  return COPIED_AFTER.get(label) === copiedLabel ? undefined : copiedLabel
}
