/**
 * The word a Copy control shows for about a second after copying, by the word it rests on (cards.md §6.5):
 * the one pair each locale's dictionary uses (src/cards/strings.ts `copy`/`copied`, `blockCopy`/`blockCopied`;
 * a test keeps them equal). A button whose pair is in this table carries no `data-copied-label` — the same
 * word on every copy button was ~1% of a long session's HTML (issue 14) — and `components/enhance` looks the
 * word up here by the button's resting label; a button with any other pair still carries its own.
 */
export const COPIED_AFTER: ReadonlyMap<string, string> = new Map([
  ['Copy', 'Copied'],
  ['复制', '复制成功'],
])

/** The `data-copied-label` a button with these labels needs: none when the table already says it. */
export function copiedLabelAttribute(label: string, copiedLabel: string): string | undefined {
  return COPIED_AFTER.get(label) === copiedLabel ? undefined : copiedLabel
}
