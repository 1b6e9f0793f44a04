// Where a built site's HTML bytes go (issue 14 "Lean pages"): class attributes, each data-* attribute by
// name, other attributes, tag syntax, text, inline SVG, scripts/styles and comments, summed over every
// `.html` file under a site folder (or over the files given). With `--log <file>` it also prints HTML bytes
// per MB of that log, the figure. Not a test and not a bench stage: a measuring tool for a person
// deciding which markup to trim.
//
//   node bench/page-bytes.mjs <site dir | page.html …> [--log <session log>] [--top N]
//
// The tokenizer reads what React's renderToStaticMarkup writes (attribute values double-quoted, `<`, `>`
// and `"` escaped inside them), which is every page the build makes; it is not a general HTML parser.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const args = process.argv.slice(2)
const option = (name) => {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}
const logPath = option('--log')
const top = Number(option('--top') ?? 25)
if (args.length === 0) {
  console.error('usage: node bench/page-bytes.mjs <site dir | page.html …> [--log <session log>] [--top N]')
  process.exit(2)
}

const pages = args.flatMap(p => statSync(p).isDirectory()
  ? readdirSync(p, { recursive: true, encoding: 'utf8' }).filter(f => f.endsWith('.html')).sort().map(f => join(p, f))
  : [p])

/** category → bytes; one Map for the whole run. */
const bytes = new Map()
const add = (category, n) => bytes.set(category, (bytes.get(category) ?? 0) + n)
const utf8 = (s) => Buffer.byteLength(s)

const TOKEN = /<!--[\s\S]*?-->|<script\b[^>]*>[\s\S]*?<\/script>|<style\b[^>]*>[\s\S]*?<\/style>|<[^>]*>|[^<]+/g
const ATTRIBUTE = /\s+([^\s=>/]+)(?:="[^"]*"|='[^']*'|=[^\s>]+)?/g

let total = 0
for (const page of pages) {
  const html = readFileSync(page, 'utf8')
  total += utf8(html)
  let svgDepth = 0
  for (const [token] of html.matchAll(TOKEN)) {
    const n = utf8(token)
    if (token.startsWith('<!--')) { add('comments', n); continue }
    if (/^<script\b/i.test(token)) { add('inline <script>', n); continue }
    if (/^<style\b/i.test(token)) { add('inline <style>', n); continue }
    if (!token.startsWith('<')) { add(svgDepth > 0 ? 'inline SVG' : 'text', n); continue }
    const name = /^<\/?([a-zA-Z][\w-]*)/.exec(token)?.[1]?.toLowerCase() ?? ''
    const closing = token.startsWith('</')
    const inSvg = svgDepth > 0 || name === 'svg'
    if (name === 'svg' && !closing && !token.endsWith('/>')) svgDepth++
    if (name === 'svg' && closing) svgDepth--
    if (inSvg) { add('inline SVG', n); continue }
    let rest = n
    for (const [attr, attrName] of token.matchAll(ATTRIBUTE)) {
      const a = attrName.toLowerCase()
      const category = a === 'class' ? 'class attributes'
        : a.startsWith('data-') ? `data-* (${a})`
        : a === 'style' ? 'style attributes'
        : a.startsWith('aria-') || a === 'role' ? 'aria-* and role'
        : `other attributes (${a})`
      add(category, utf8(attr))
      rest -= utf8(attr)
    }
    add('tag syntax (names, brackets)', rest)
  }
}

const rows = [...bytes].sort((a, b) => b[1] - a[1])
const dataTotal = rows.filter(([c]) => c.startsWith('data-*')).reduce((s, [, n]) => s + n, 0)
const otherTotal = rows.filter(([c]) => c.startsWith('other attributes')).reduce((s, [, n]) => s + n, 0)
const pct = (n) => `${((100 * n) / total).toFixed(1)}%`
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
console.log(`${pages.length} pages, ${kb(total)} HTML (${kb(total / Math.max(1, pages.length))} a page on average)`)
if (logPath) {
  const logMb = statSync(logPath).size / 1e6
  console.log(`log ${logMb.toFixed(1)} MB → ${kb(total / logMb)} HTML per MB of log`)
}
console.log(`all data-* ${kb(dataTotal)} (${pct(dataTotal)}), all other attributes ${kb(otherTotal)} (${pct(otherTotal)})`)
for (const [category, n] of rows.slice(0, top)) console.log(`${pct(n).padStart(6)}  ${kb(n).padStart(11)}  ${category}`)
