/**
 * The bodies of the newer client's own tool rows (cards-current.md §10, §11.8): the `read_image` image card
 * (path label, the image gallery drawn as the transcript draws user and assistant images, the result's text
 * envelope), the ask-question card (Q&A pairs with `Not answered`, or the cancelled / interrupted verdict and
 * the question list) and the `present` row's detail text (a `pre`; the `Inspect call` button follows it as the
 * row's Details control). Props only: every string comes from the model.
 */
import type { ImageCardBody, PresentBody, QuestionCardBody } from '../../src/cards/types'
import { ImageGroup } from '../messages/ImageGroup'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'
import styles from './ToolCardBodies.module.css'

export function ImageCard({ body }: { body: ImageCardBody }) {
  return (
    <div className={styles.card} data-image-card="">
      <div className={styles.label}>{body.label}</div>
      <ImageGroup images={body.images} />
      {body.text !== null && <pre className={cx(box.box, styles.pre)}>{body.text}</pre>}
    </div>
  )
}

export function QuestionCard({ body }: { body: QuestionCardBody }) {
  return (
    <div className={styles.card} data-question-card="">
      {body.verdict !== null && <p className={styles.verdict}>{body.verdict}</p>}
      <ul className={styles.list}>
        {body.items.map((q, i) => (
          <li key={i} className={styles.question}>
            {q.header !== null && <div className={styles.header}>{q.header}</div>}
            <div className={styles.text}>{q.question}</div>
            {q.answers.length > 0 && (
              <ul className={styles.answers}>
                {q.answers.map((a, j) => (
                  <li key={j}>{a}</li>
                ))}
              </ul>
            )}
            {q.missing !== null && <div className={styles.missing}>{q.missing}</div>}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function PresentDetail({ body }: { body: PresentBody }) {
  return <pre className={cx(box.box, styles.pre, styles.plain, body.isError && styles.error)}>{body.text}</pre>
}
