/**
 * The web card (cards.md §10): `web_search` shows the answer, an ordered source list (explicit 1-based
 * ordinals, link label from the model, snippet and date lines) and the truncation notice; `web_fetch` shows
 * the URL as a link, `HTTP <status>` and its notice. Details adds the raw flattened result below.
 * The answer is Markdown source: drawn as the site's sanitized rendering (`answerHtml`) when the pass made
 * one, else as text.
 */
import type { WebCardModel } from '../../src/cards/types'
import { TrustedHtml } from '../TrustedHtml'
import markdown from '../messages/AssistantMarkdown.module.css'
import { cx } from '../primitives/cx'
import box from '../primitives/TextBox.module.css'
import { SafeLink } from './SafeLink'
import styles from './WebBlock.module.css'

export function WebBlock({ model, place }: { model: WebCardModel; place: 'chat' | 'details' }) {
  return (
    <div className={styles.web} data-web="">
      {model.mode === 'search' ? (
        <>
          {model.answerHtml != null ? (
            // Rendered Markdown reads like an answer in the chat: the same prose styles.
            <TrustedHtml className={cx(markdown.markdown, styles.answerHtml)} html={model.answerHtml} />
          ) : (
            model.answer !== null && <div className={styles.answer}>{model.answer}</div>
          )}
          {model.empty !== null && <p className={styles.note}>{model.empty}</p>}
          {model.sources.length > 0 && (
            <ol className={styles.sources}>
              {model.sources.map((source) => (
                <li key={source.ordinal} value={source.ordinal} className={styles.source}>
                  <SafeLink href={source.href} className={styles.link}>
                    {source.label}
                  </SafeLink>
                  {source.snippet !== null && <div className={styles.snippet}>{source.snippet}</div>}
                  {source.publishedAt !== null && <div className={styles.date}>{source.publishedAt}</div>}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : (
        <div className={styles.fetch}>
          <SafeLink href={model.href} className={styles.link}>
            {model.url}
          </SafeLink>{' '}
          <span className={styles.status}>{model.status}</span>
        </div>
      )}
      {model.truncatedNotice !== null && <p className={styles.note}>{model.truncatedNotice}</p>}
      {place === 'details' && model.raw !== null && <pre className={cx(box.box, box.surface, styles.raw)}>{model.raw}</pre>}
    </div>
  )
}
