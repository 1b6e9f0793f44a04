/**
 * `renderStaticMarkup(node)`: React elements → static HTML, what react-dom/server's `renderToStaticMarkup`
 * (React 19.3) writes for the trees our components make, byte for byte but for two deliberate differences:
 * text content escapes only `&`, `<` and `>` (what a browser's own serializer escapes in text), not quotes —
 * a quote needs escaping only inside an attribute value, and tool inputs shown as JSON are full of them
 * (issue 14: `&quot;` was ~3% of a long session's pages); and an attribute whose value is empty is written
 * bare, `hidden` rather than `hidden=""` (the same attribute to every HTML parser; ~80,000 markers and
 * boolean attributes on a long session's pages). Attribute values escape as React does. Without React's request,
 * task, segment and hook machinery (issue 14: React's legacy server renderer was ~1.2 s of a 9 s build).
 * Function components are called directly (ours use no hooks and no context); host elements follow React's
 * `pushStartInstance` / `pushAttribute` / `pushStyleAttribute` rules (attribute names, escaping, boolean and
 * URL attributes, `style` objects, `<pre>` leading newline, `<select>`/`<option>` selection, form-control
 * attribute order, void elements). What it does not reproduce it refuses with an error rather than render
 * differently: class components, context, Suspense, lazy, memo, forwardRef, portals, promises, and the
 * elements React 19 hoists or preloads (`title`, `meta`, `link`, `script`, `style`, `img`, `html`, `head`,
 * `body`) or wires to actions (`form`/`button`/`input` with a function action). The walk keeps its own
 * stack, so a deep tree cannot overflow the call stack. No node:* imports: the live page's bundle uses it too.
 * The oracle is React itself: static-markup.test.tsx compares every rule, random trees and real pages.
 */

const ELEMENT = Symbol.for('react.transitional.element')
const FRAGMENT = Symbol.for('react.fragment')
const STRICT_MODE = Symbol.for('react.strict_mode')
const PROFILER = Symbol.for('react.profiler')

/** Tag names React accepts (`VALID_TAG_REGEX`); anything else throws there, and here. */
const VALID_TAG = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/
/** React's `VALID_ATTRIBUTE_NAME_REGEX`: props with other names are dropped. */
const VALID_ATTRIBUTE_NAME =
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/
const JAVASCRIPT_URL = /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"
const HTML_SPECIAL = /["'&<>]/
const TEXT_SPECIAL = /[&<>]/

/** React's `unitlessNumbers`: these style properties take a bare number; every other number gets `px`. */
const UNITLESS = new Set(
  'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp'.split(
    ' ',
  ),
)

/** React's `aliases`: prop names written under another attribute name (the rest are written as given). */
const ALIASES = new Map<string, string>([
  ['acceptCharset', 'accept-charset'], ['htmlFor', 'for'], ['httpEquiv', 'http-equiv'], ['crossOrigin', 'crossorigin'],
  ['accentHeight', 'accent-height'], ['alignmentBaseline', 'alignment-baseline'], ['arabicForm', 'arabic-form'],
  ['baselineShift', 'baseline-shift'], ['capHeight', 'cap-height'], ['clipPath', 'clip-path'], ['clipRule', 'clip-rule'],
  ['colorInterpolation', 'color-interpolation'], ['colorInterpolationFilters', 'color-interpolation-filters'],
  ['colorProfile', 'color-profile'], ['colorRendering', 'color-rendering'], ['dominantBaseline', 'dominant-baseline'],
  ['enableBackground', 'enable-background'], ['fillOpacity', 'fill-opacity'], ['fillRule', 'fill-rule'],
  ['floodColor', 'flood-color'], ['floodOpacity', 'flood-opacity'], ['fontFamily', 'font-family'], ['fontSize', 'font-size'],
  ['fontSizeAdjust', 'font-size-adjust'], ['fontStretch', 'font-stretch'], ['fontStyle', 'font-style'],
  ['fontVariant', 'font-variant'], ['fontWeight', 'font-weight'], ['glyphName', 'glyph-name'],
  ['glyphOrientationHorizontal', 'glyph-orientation-horizontal'], ['glyphOrientationVertical', 'glyph-orientation-vertical'],
  ['horizAdvX', 'horiz-adv-x'], ['horizOriginX', 'horiz-origin-x'], ['imageRendering', 'image-rendering'],
  ['letterSpacing', 'letter-spacing'], ['lightingColor', 'lighting-color'], ['markerEnd', 'marker-end'],
  ['markerMid', 'marker-mid'], ['markerStart', 'marker-start'], ['maskType', 'mask-type'],
  ['overlinePosition', 'overline-position'], ['overlineThickness', 'overline-thickness'], ['paintOrder', 'paint-order'],
  ['panose-1', 'panose-1'], ['pointerEvents', 'pointer-events'], ['renderingIntent', 'rendering-intent'],
  ['shapeRendering', 'shape-rendering'], ['stopColor', 'stop-color'], ['stopOpacity', 'stop-opacity'],
  ['strikethroughPosition', 'strikethrough-position'], ['strikethroughThickness', 'strikethrough-thickness'],
  ['strokeDasharray', 'stroke-dasharray'], ['strokeDashoffset', 'stroke-dashoffset'], ['strokeLinecap', 'stroke-linecap'],
  ['strokeLinejoin', 'stroke-linejoin'], ['strokeMiterlimit', 'stroke-miterlimit'], ['strokeOpacity', 'stroke-opacity'],
  ['strokeWidth', 'stroke-width'], ['textAnchor', 'text-anchor'], ['textDecoration', 'text-decoration'],
  ['textRendering', 'text-rendering'], ['transformOrigin', 'transform-origin'], ['underlinePosition', 'underline-position'],
  ['underlineThickness', 'underline-thickness'], ['unicodeBidi', 'unicode-bidi'], ['unicodeRange', 'unicode-range'],
  ['unitsPerEm', 'units-per-em'], ['vAlphabetic', 'v-alphabetic'], ['vHanging', 'v-hanging'], ['vIdeographic', 'v-ideographic'],
  ['vMathematical', 'v-mathematical'], ['vectorEffect', 'vector-effect'], ['vertAdvY', 'vert-adv-y'],
  ['vertOriginX', 'vert-origin-x'], ['vertOriginY', 'vert-origin-y'], ['wordSpacing', 'word-spacing'],
  ['writingMode', 'writing-mode'], ['xmlnsXlink', 'xmlns:xlink'], ['xHeight', 'x-height'],
])

/** Boolean attributes: written bare (`name`) when truthy, left out otherwise. */
const BOOLEAN = new Set([
  'inert', 'allowFullScreen', 'async', 'autoPlay', 'controls', 'credentialless', 'default', 'defer', 'disabled',
  'disablePictureInPicture', 'disableRemotePlayback', 'formNoValidate', 'hidden', 'loop', 'noModule', 'noValidate',
  'open', 'playsInline', 'readOnly', 'required', 'reversed', 'scoped', 'seamless', 'itemScope',
])

/** Elements written `<tag …/>` with no end tag (React's `pushSelfClosing` list, less `img`, refused below). */
const VOID = new Set(['base', 'area', 'br', 'col', 'embed', 'hr', 'keygen', 'param', 'source', 'track', 'wbr'])

/**
 * Elements React renders through machinery this renderer does not have: hoisted to the document head or
 * turned into preloads (title, meta, link, script, style, img), the document singletons, action-driven menus
 * and the custom elements React treats as plain (whose attribute rules differ and are not reproduced here).
 */
const REFUSED = new Set([
  'title', 'meta', 'link', 'script', 'style', 'img', 'html', 'head', 'body', 'menuitem',
  'annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri', 'font-face-format', 'font-face-name', 'missing-glyph',
])

/** Elements whose children no longer see an enclosing `<select>`'s value (React's `getChildFormatContext`). */
const SELECT_RESET = new Set(['noscript', 'svg', 'picture', 'math', 'foreignObject', 'table', 'thead', 'tbody', 'tfoot', 'colgroup', 'tr'])

const hasOwn = Object.prototype.hasOwnProperty
const safeNames = new Map<string, boolean>()
const styleNames = new Map<string, string>()

/** What the walk needs to know of a tag, worked out once per tag name: a Map lookup per element after that. */
interface Tag {
  /** Its end tag; '' for void elements and `<input>`. */
  end: string
  /** No special rule applies (React's `pushStartGenericElement`). */
  plain: boolean
  /** Its children no longer see an enclosing `<select>`'s value. */
  resets: boolean
}
const tags = new Map<string, Tag>()
const SPECIAL = new Set(['select', 'option', 'textarea', 'input', 'button', 'form', 'object', 'pre', 'listing', 'a'])

/** `<title>` inside an `<svg>`: the element's accessible name and tooltip, written where it is. */
const SVG_TITLE: Tag = { end: '</title>', plain: true, resets: false }

function tagOf(type: string): Tag {
  let tag = tags.get(type)
  if (tag !== undefined) return tag
  if (!VALID_TAG.test(type)) throw new Error('Invalid tag: ' + type)
  if (REFUSED.has(type)) refuse(`<${type}> (React hoists, preloads or treats it specially)`)
  if (type.indexOf('-') !== -1) refuse(`custom elements (<${type}>)`)
  const empty = VOID.has(type) || type === 'input'
  tag = { end: empty ? '' : `</${type}>`, plain: !empty && !SPECIAL.has(type), resets: SELECT_RESET.has(type) }
  tags.set(type, tag)
  return tag
}

/**
 * Text content: `&`, `<` and `>` as entities, quotes as they are. Every scan of rendered markup for an
 * attribute (src/site/html/markup-scan.ts) checks that its match sits inside a start tag, since `id="…"` may
 * now appear in text verbatim.
 */
export const escapeTextContent = (value: unknown): string => escapeRun(value, TEXT_SPECIAL, false)

/** React's `escapeTextForBrowser`, for attribute values: the same five characters, the same entities (`'` as `&#x27;`). */
export const escapeText = (value: unknown): string => escapeRun(value, HTML_SPECIAL, true)

/** `value` as text with `&`, `<`, `>` (and with `quotes`, `"` and `'`) as React's entities; `special` finds the first. */
function escapeRun(value: unknown, special: RegExp, quotes: boolean): string {
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return '' + value
  const text = '' + (value as string)
  const match = special.exec(text)
  if (match === null) return text
  let html = ''
  let last = 0
  let i = match.index
  for (; i < text.length; i++) {
    let entity: string
    switch (text.charCodeAt(i)) {
      case 34: if (!quotes) continue; entity = '&quot;'; break
      case 38: entity = '&amp;'; break
      case 39: if (!quotes) continue; entity = '&#x27;'; break
      case 60: entity = '&lt;'; break
      case 62: entity = '&gt;'; break
      default: continue
    }
    if (last !== i) html += text.slice(last, i)
    last = i + 1
    html += entity
  }
  return last !== i ? html + text.slice(last, i) : html
}

function isSafeName(name: string): boolean {
  let ok = safeNames.get(name)
  if (ok === undefined) safeNames.set(name, (ok = VALID_ATTRIBUTE_NAME.test(name)))
  return ok
}

/** One attribute; an empty value is written bare (`hidden`, not `hidden=""`: the same attribute to a parser). */
const attr = (name: string, value: unknown): string => {
  const text = escapeText(value)
  return text === '' ? ` ${name}` : ` ${name}="${text}"`
}
const skipped = (value: unknown): boolean => typeof value === 'function' || typeof value === 'symbol'

/** React's `pushStringAttribute`: functions, symbols and booleans leave the attribute out. */
function stringAttr(name: string, value: unknown): string {
  return skipped(value) || typeof value === 'boolean' ? '' : attr(name, value)
}

/** A URL as React writes it into `href`/`src`: a `javascript:` one replaced by React's blocked URL. */
export const safeUrl = (url: string): string => (JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url)

function urlAttr(name: string, value: unknown): string {
  if (value == null || skipped(value) || typeof value === 'boolean') return ''
  return attr(name, safeUrl('' + (value as string)))
}

/** React's `pushStyleAttribute`: own keys in order, hyphenated (custom properties as given), `px` rule. */
function styleAttr(style: unknown): string {
  if (typeof style !== 'object') {
    throw new Error("The `style` prop expects a mapping from style properties to values, not a string. For example, style={{marginRight: spacing + 'em'}} when using JSX.")
  }
  let out = ''
  const map = style as Record<string, unknown>
  for (const name in map) {
    if (!hasOwn.call(map, name)) continue
    const value = map[name]
    if (value == null || typeof value === 'boolean' || value === '') continue
    let key: string
    let text: string
    if (name.indexOf('--') === 0) {
      key = escapeText(name)
      text = escapeText(('' + (value as string)).trim())
    } else {
      let cached = styleNames.get(name)
      if (cached === undefined) {
        cached = escapeText(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'))
        styleNames.set(name, cached)
      }
      key = cached
      text = typeof value === 'number'
        ? value === 0 || UNITLESS.has(name) ? '' + value : value + 'px'
        : escapeText(('' + (value as string)).trim())
    }
    out += out === '' ? ` style="${key}:${text}` : `;${key}:${text}`
  }
  return out === '' ? '' : out + '"'
}

/** React's `pushAttribute`: one prop of a host element → its attribute text ('' when left out). */
function attribute(name: string, value: unknown): string {
  switch (name) {
    case 'className': return stringAttr('class', value)
    case 'tabIndex': return stringAttr('tabindex', value)
    case 'dir': case 'role': case 'viewBox': case 'width': case 'height': return stringAttr(name, value)
    case 'style': return styleAttr(value)
    case 'src': case 'href':
      if (value === '') return ''
      return urlAttr(name, value)
    case 'action': case 'formAction': return urlAttr(name, value)
    case 'defaultValue': case 'defaultChecked': case 'innerHTML': case 'suppressContentEditableWarning':
    case 'suppressHydrationWarning': case 'ref':
      return ''
    case 'autoFocus': case 'multiple': case 'muted':
      return value && !skipped(value) ? ` ${name.toLowerCase()}` : ''
    case 'xlinkHref':
      if (skipped(value) || typeof value === 'boolean') return ''
      return urlAttr('xlink:href', value)
    case 'contentEditable': case 'spellCheck': case 'draggable': case 'value': case 'autoReverse':
    case 'externalResourcesRequired': case 'focusable': case 'preserveAlpha':
      return skipped(value) ? '' : attr(name, value)
    case 'capture': case 'download':
      if (value === true) return ` ${name}`
      return value === false || skipped(value) ? '' : attr(name, value)
    case 'cols': case 'rows': case 'size': case 'span':
      return !skipped(value) && !isNaN(value as number) && (value as number) >= 1 ? attr(name, value) : ''
    case 'rowSpan': case 'start':
      return skipped(value) || isNaN(value as number) ? '' : attr(name, value)
    case 'xlinkActuate': return stringAttr('xlink:actuate', value)
    case 'xlinkArcrole': return stringAttr('xlink:arcrole', value)
    case 'xlinkRole': return stringAttr('xlink:role', value)
    case 'xlinkShow': return stringAttr('xlink:show', value)
    case 'xlinkTitle': return stringAttr('xlink:title', value)
    case 'xlinkType': return stringAttr('xlink:type', value)
    case 'xmlBase': return stringAttr('xml:base', value)
    case 'xmlLang': return stringAttr('xml:lang', value)
    case 'xmlSpace': return stringAttr('xml:space', value)
  }
  if (BOOLEAN.has(name)) return value && !skipped(value) ? ` ${name}` : ''
  // Event handlers (`on…`, any case) are never attributes.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return ''
  const written = ALIASES.get(name) ?? name
  if (!isSafeName(written) || skipped(value)) return ''
  if (typeof value === 'boolean') {
    const prefix = written.toLowerCase().slice(0, 5)
    if (prefix !== 'data-' && prefix !== 'aria-') return ''
  }
  return attr(written, value)
}

/** React's `pushInnerHTML`. */
function innerHtml(html: unknown, children: unknown): string {
  if (html == null) return ''
  if (children != null) throw new Error('Can only set one of `children` or `props.dangerouslySetInnerHTML`.')
  if (typeof html !== 'object' || !('__html' in html)) {
    throw new Error('`props.dangerouslySetInnerHTML` must be in the form `{__html: ...}`. Please visit https://react.dev/link/dangerously-set-inner-html for more information.')
  }
  const raw = (html as { __html: unknown }).__html
  return raw == null ? '' : '' + (raw as string)
}

/**
 * A start tag whose attributes are written, closed, with its inner HTML; a string child is written with it
 * (nothing left to walk), any other children are handed back.
 */
function opened(html: string, inner: unknown, children: unknown): { html: string; children: unknown } {
  const start = html + '>' + innerHtml(inner, children)
  return typeof children === 'string' ? { html: start + escapeTextContent(children), children: null } : { html: start, children }
}

/** The text React compares with a `<select>`'s value for an `<option>` without `value`. */
function optionText(children: unknown): string {
  const stack: unknown[] = [children]
  let text = ''
  // Children in order: a stack of arrays walked from the end, each pushed reversed.
  while (stack.length > 0) {
    const child = stack.pop()
    if (child == null || typeof child === 'boolean') continue
    if (typeof child === 'string' || typeof child === 'number' || typeof child === 'bigint') text += child
    else if (Array.isArray(child)) for (let i = child.length - 1; i >= 0; i--) stack.push(child[i])
    else throw new Error('renderStaticMarkup: an <option> without `value` must have text children only')
  }
  return text
}

function refuse(what: string): never {
  throw new Error(`renderStaticMarkup does not support ${what}; render it with react-dom/server`)
}

/** The children `open` left to render (an out-parameter: no object per element). */
let openChildren: unknown = null

/**
 * What the prop walk of the element being opened set aside (out-parameters, reset by `writeProps`: no
 * object per element): its children, its inner HTML, and the props React writes after the others or not at
 * all (form submission props, `value`/`defaultValue`, `checked`, an `<option>`'s `selected`).
 */
let propChildren: unknown = null
let propInner: unknown = null
let formName: unknown = null
let formAction: unknown = null
let formEncType: unknown = null
let formMethod: unknown = null
let formTarget: unknown = null
let propValue: unknown = null
let propInitial: unknown = null
let propChecked: unknown = null
let propInitialChecked: unknown = null
let propSelected: unknown = null
/** The void element being opened, for its error message. */
let voidType = ''

/**
 * How an element treats some of its props: what to write for `key` instead of its attribute (often `''`,
 * the value set aside), or undefined when the prop is an attribute like any other. Consulted before
 * `children` and `dangerouslySetInnerHTML` are set aside, so an element can refuse them where React does.
 */
type Special = (key: string, value: unknown) => string | undefined

/**
 * The attributes of a start tag, as React's `pushStartInstance` walks the props: in order, unset ones
 * skipped, `children` and `dangerouslySetInnerHTML` set aside, the rest written unless `special` claims them.
 */
function writeProps(html: string, props: Record<string, unknown>, special: Special | null): string {
  propChildren = propInner = formName = formAction = formEncType = formMethod = formTarget = null
  propValue = propInitial = propChecked = propInitialChecked = propSelected = null
  for (const key in props) {
    if (!hasOwn.call(props, key)) continue
    const v = props[key]
    if (v == null) continue
    if (special !== null) {
      const instead = special(key, v)
      if (instead !== undefined) {
        html += instead
        continue
      }
    }
    if (key === 'children') propChildren = v
    else if (key === 'dangerouslySetInnerHTML') propInner = v
    else html += attribute(key, v)
  }
  return html
}

/** A `<button>`'s (and `<input>`'s) form submission props, written after the others. */
const FORM_SUBMIT: Special = (key, v) => {
  switch (key) {
    case 'name': formName = v; return ''
    case 'formAction': formAction = v; return ''
    case 'formEncType': formEncType = v; return ''
    case 'formMethod': formMethod = v; return ''
    case 'formTarget': formTarget = v; return ''
    default: return undefined
  }
}

const INPUT: Special = (key, v) => {
  switch (key) {
    case 'children': case 'dangerouslySetInnerHTML':
      throw new Error('input is a self-closing tag and must neither have `children` nor use `dangerouslySetInnerHTML`.')
    case 'defaultChecked': propInitialChecked = v; return ''
    case 'defaultValue': propInitial = v; return ''
    case 'checked': propChecked = v; return ''
    case 'value': propValue = v; return ''
    default: return FORM_SUBMIT(key, v)
  }
}

const FORM: Special = (key, v) => {
  switch (key) {
    case 'action': formAction = v; return ''
    case 'encType': formEncType = v; return ''
    case 'method': formMethod = v; return ''
    case 'target': formTarget = v; return ''
    default: return undefined
  }
}

/** A `<select>`'s value is its options' business (`selected`), never an attribute. */
const SELECT: Special = key => (key === 'value' || key === 'defaultValue' ? '' : undefined)

const OPTION: Special = (key, v) => {
  if (key === 'selected') {
    propSelected = v
    return ''
  }
  // The value is an attribute too, and what the enclosing select's value is compared with.
  if (key === 'value') propValue = v
  return undefined
}

const TEXTAREA: Special = (key, v) => {
  switch (key) {
    case 'value': propValue = v; return ''
    case 'defaultValue': propInitial = v; return ''
    case 'dangerouslySetInnerHTML': throw new Error('`dangerouslySetInnerHTML` does not make sense on <textarea>.')
    default: return undefined
  }
}

const OBJECT: Special = (key, v) => {
  if (key !== 'data') return undefined
  const url = '' + (v as string)
  const safe = JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url
  return safe !== '' ? attr('data', safe) : ''
}

/** `<a href>` keeps its empty link (React drops an empty href elsewhere). */
const ANCHOR: Special = (key, v) => (key === 'href' && v === '' ? ' href' : undefined)

const VOID_PROPS: Special = key => {
  if (key === 'children' || key === 'dangerouslySetInnerHTML') {
    throw new Error(`${voidType} is a self-closing tag and must neither have \`children\` nor use \`dangerouslySetInnerHTML\`.`)
  }
  return undefined
}

/** React's `pushStartGenericElement`: the start tag, and any string child written into it. */
function openPlain(type: string, props: Record<string, unknown>): string {
  const html = writeProps('<' + type, props, null) + '>' + innerHtml(propInner, propChildren)
  if (typeof propChildren === 'string') {
    openChildren = null
    return html + escapeTextContent(propChildren)
  }
  openChildren = propChildren
  return html
}

/**
 * React's `pushStartInstance` for the other elements supported here: the start tag (with any text React
 * writes into it directly); the children left to render go to `openChildren`. `selected` is the enclosing
 * `<select>`'s value.
 */
function open(type: string, props: Record<string, unknown>, selected: unknown): string {
  const { html, children } = openSpecial(type, props, selected)
  openChildren = children
  return html
}

function openSpecial(type: string, props: Record<string, unknown>, selected: unknown): { html: string; children: unknown } {
  const start = '<' + type
  switch (type) {
    case 'select': {
      const html = writeProps(start, props, SELECT)
      return { html: html + '>' + innerHtml(propInner, propChildren), children: propChildren }
    }
    case 'option': {
      let html = writeProps(start, props, OPTION)
      if (selected != null) {
        const text = propValue !== null ? '' + (propValue as string) : optionText(propChildren)
        if (Array.isArray(selected)) {
          for (const s of selected) if ('' + (s as string) === text) { html += ' selected'; break }
        } else if ('' + (selected as string) === text) html += ' selected'
      } else if (propSelected) html += ' selected'
      return { html: html + '>' + innerHtml(propInner, propChildren), children: propChildren }
    }
    case 'textarea': {
      let html = writeProps(start, props, TEXTAREA) + '>'
      const children = propChildren
      let value = propValue === null && propInitial !== null ? propInitial : propValue
      if (children != null) {
        if (value != null) throw new Error('If you supply `defaultValue` on a <textarea>, do not pass children.')
        if (Array.isArray(children) && children.length > 1) throw new Error('<textarea> can only have at most one child.')
        value = '' + (children as string)
      }
      if (typeof value === 'string' && value[0] === '\n') html += '\n'
      if (value !== null) html += escapeTextContent('' + (value as string))
      return { html, children: null }
    }
    case 'input': {
      // name, the form* props, checked and value come after the other attributes, as React writes them.
      let html = writeProps(start, props, INPUT) + formAttributes()
      const check = propChecked !== null ? propChecked : propInitialChecked
      if (check && !skipped(check)) html += ' checked'
      if (propValue !== null) html += attribute('value', propValue)
      else if (propInitial !== null) html += attribute('value', propInitial)
      return { html: html + '/>', children: null }
    }
    case 'button': {
      const html = writeProps(start, props, FORM_SUBMIT)
      return opened(html + formAttributes(), propInner, propChildren)
    }
    case 'form': {
      let html = writeProps(start, props, FORM)
      if (typeof formAction === 'function') refuse('a function as a form action')
      if (formAction != null) html += attribute('action', formAction)
      if (formEncType != null) html += attribute('encType', formEncType)
      if (formMethod != null) html += attribute('method', formMethod)
      if (formTarget != null) html += attribute('target', formTarget)
      return opened(html, propInner, propChildren)
    }
    case 'object':
      return opened(writeProps(start, props, OBJECT), propInner, propChildren)
    case 'pre': case 'listing': {
      let html = writeProps(start, props, null) + '>'
      // The HTML parser drops a newline right after <pre>, so React doubles a leading one.
      if (propInner != null) {
        const raw = innerHtml(propInner, propChildren)
        const first = (propInner as { __html: unknown }).__html
        html += typeof first === 'string' && first[0] === '\n' ? '\n' + raw : raw
      }
      if (typeof propChildren === 'string' && propChildren[0] === '\n') html += '\n'
      return { html, children: propChildren }
    }
    case 'a':
      return opened(writeProps(start, props, ANCHOR), propInner, propChildren)
  }
  // The rest are void elements (plain ones go to openPlain: see tagOf).
  voidType = type
  return { html: writeProps(start, props, VOID_PROPS) + '/>', children: null }
}

/** React's `pushFormActionAttribute` for plain (non-function) actions: the props FORM_SUBMIT set aside. */
function formAttributes(): string {
  if (typeof formAction === 'function') refuse('a function as a form action')
  let html = ''
  if (formName != null) html += attribute('name', formName)
  if (formAction != null) html += attribute('formAction', formAction)
  if (formEncType != null) html += attribute('formEncType', formEncType)
  if (formMethod != null) html += attribute('formMethod', formMethod)
  if (formTarget != null) html += attribute('formTarget', formTarget)
  return html
}

/** What waits on the stack: a node to render, markup to write as is, or a `<select>` value to restore. */
const NODE = 0
const RAW = 1
const SELECTED = 2
/** The end of an `<svg>`: inside one, `<title>` is an element like any other (React hoists only the document's). */
const SVG_END = 3

/**
 * The markup `renderToStaticMarkup(node)` writes. There is no `identifierPrefix`: it only shapes the ids of
 * `useId`, and hooks are not supported here (called outside React, a hook throws).
 */
export function renderStaticMarkup(node: unknown): string {
  let out = ''
  let selected: unknown = null
  let svgDepth = 0
  // Two parallel stacks (what, and its kind) rather than objects: no allocation per entry.
  const items: unknown[] = [node]
  const kinds: number[] = [NODE]
  while (items.length > 0) {
    const item = items.pop()
    const kind = kinds.pop()
    if (kind === RAW) {
      out += item as string
      continue
    }
    if (kind === SELECTED) {
      selected = item
      continue
    }
    if (kind === SVG_END) {
      svgDepth--
      continue
    }
    if (item == null || typeof item === 'boolean') continue
    if (typeof item === 'string') {
      out += escapeTextContent(item)
      continue
    }
    if (typeof item === 'number' || typeof item === 'bigint') {
      out += '' + item
      continue
    }
    if (typeof item !== 'object') {
      if (typeof item === 'function' || typeof item === 'symbol') continue
      refuse(`a child of type ${typeof item}`)
    }
    const obj = item as { $$typeof?: unknown; type?: unknown; props?: unknown; then?: unknown }
    if (obj.$$typeof === ELEMENT) {
      const type = obj.type
      const props = obj.props as Record<string, unknown>
      if (typeof type === 'string') {
        const tag = type === 'title' && svgDepth > 0 ? SVG_TITLE : tagOf(type)
        out += tag.plain ? openPlain(type, props) : open(type, props, selected)
        const children = openChildren
        openChildren = null
        if (type === 'svg') {
          svgDepth++
          items.push(null)
          kinds.push(SVG_END)
        }
        if (tag.end !== '') {
          items.push(tag.end)
          kinds.push(RAW)
        }
        const next = type === 'select' ? (props.value != null ? props.value : props.defaultValue) : tag.resets ? null : selected
        if (next !== selected) {
          items.push(selected)
          kinds.push(SELECTED)
          selected = next
        }
        if (children != null) {
          items.push(children)
          kinds.push(NODE)
        }
      } else if (typeof type === 'function') {
        const proto = (type as { prototype?: { isReactComponent?: unknown } }).prototype
        if (proto && proto.isReactComponent) refuse('class components')
        items.push((type as (p: unknown, s: undefined) => unknown)(props, undefined))
        kinds.push(NODE)
      } else if (type === FRAGMENT || type === STRICT_MODE || type === PROFILER) {
        items.push(props.children)
        kinds.push(NODE)
      } else {
        refuse(`element type ${describe(type)}`)
      }
      continue
    }
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) {
        items.push(item[i])
        kinds.push(NODE)
      }
      continue
    }
    const iterate = (item as { [Symbol.iterator]?: unknown })[Symbol.iterator]
    if (typeof iterate === 'function') {
      // React reads the whole iterator before it renders any of it.
      const list = Array.from(item as Iterable<unknown>)
      for (let i = list.length - 1; i >= 0; i--) {
        items.push(list[i])
        kinds.push(NODE)
      }
      continue
    }
    if (typeof obj.then === 'function') refuse('promises as children')
    if (obj.$$typeof !== undefined) refuse(`${describe(obj.$$typeof)} children (portals, lazy, context)`)
    const tag = Object.prototype.toString.call(item)
    throw new Error(
      'Objects are not valid as a React child (found: ' +
        (tag === '[object Object]' ? 'object with keys {' + Object.keys(item).join(', ') + '}' : tag) +
        '). If you meant to render a collection of children, use an array instead.',
    )
  }
  return out
}

function describe(type: unknown): string {
  if (typeof type === 'symbol') return type.toString()
  if (typeof type === 'object' && type !== null && '$$typeof' in type) return String((type as { $$typeof: unknown }).$$typeof)
  return typeof type
}
