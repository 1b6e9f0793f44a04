/**
 * ReadImageRow's image card (cards-current.md §10): for a settled, successful `read_image` call (root or
 * code-dispatch child; no `meta` needed) whose every result block is text or a valid image — an `image` block
 * whose `attachment` has a string `attachmentId` and an `image/*` media type — the path label, the images as
 * the transcript draws user and assistant images (labelled placeholders: a static page fetches nothing), and
 * the result's text envelope. Any other block, or no image at all, keeps the generic body.
 */
import type { ToolCallNode } from '../conversation/tool-call'
import type { ContentBlock } from '../log/events/schema'
import type { CardContext, ImageCardBody, ImageRef } from './types'
import type { GenericModel } from './generic'
import { asString, finiteNumber, isObject, textOf } from './narrow'

function imageBlock(block: ContentBlock): ImageRef | null {
  if (block.type !== 'image' || !isObject(block.attachment)) return null
  const a = block.attachment
  const attachmentId = asString(a.attachmentId)
  const mediaType = asString(a.mediaType)
  if (attachmentId === null || mediaType === null || !mediaType.startsWith('image/')) return null
  const name = asString(a.name)
  return { attachmentId, mediaType, width: finiteNumber(a.width), height: finiteNumber(a.height), name, alt: name ?? mediaType }
}

export function imageCardModel(node: ToolCallNode, g: GenericModel, _ctx: CardContext): ImageCardBody | null {
  const result = node.result
  if (node.name !== 'read_image' || result === null || result.isError) return null
  const images: ImageRef[] = []
  const texts: string[] = []
  for (const block of result.content) {
    const text = textOf(block)
    if (text !== null) { texts.push(text); continue }
    const image = imageBlock(block)
    if (image === null) return null
    images.push(image)
  }
  if (images.length === 0) return null
  return { kind: 'image', label: g.bareSummary, images, text: texts.length === 0 ? null : texts.join('\n') }
}
