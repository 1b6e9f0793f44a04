/**
 * Consecutive image blocks as one group (cards.md §3.4). Logs reference images by attachment, and a static
 * transcript fetches nothing, so each image shows as a labelled placeholder: its alt text (name, media type
 * or `image`, chosen by the model) and its size when known. The placeholder is `role="img"` with that alt as
 * its name, so assistive technology meets it as the image it stands for.
 */
import type { ImageRef } from '../../src/cards/types'
import { Icon } from '../primitives/Icon'
import styles from './ImageGroup.module.css'

export function ImageGroup({ images, id }: { images: ImageRef[]; id?: string }) {
  return (
    <div id={id} className={styles.group}>
      {images.map((image, i) => (
        <div key={i} className={styles.placeholder} role="img" aria-label={image.alt}>
          <Icon name="image" />
          <span className={styles.name}>{image.alt}</span>
          {image.width !== null && image.height !== null && ' '}
          {image.width !== null && image.height !== null && (
            <span className={styles.meta}>
              {image.width}×{image.height}
            </span>
          )}
        </div>
      ))}
    </div>
  )
}
