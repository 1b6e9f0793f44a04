/**
 * A short note about the page itself rather than the session (a preview published while the build runs,
 * src/site/preview.ts): one paragraph with the `status` role, so a screen reader announces it once, set
 * off by the accent border every page uses for such notes.
 */
import styles from './Notice.module.css'

export function Notice({ text }: { text: string }) {
  return (
    <p role="status" className={styles.notice}>
      {text}
    </p>
  )
}
