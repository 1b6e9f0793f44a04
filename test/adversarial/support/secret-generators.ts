/**
 * Secrets that appear only once a page has transformed the log's text (issue 32 point 3): nowhere in the
 * log does a GitHub token or a password assignment stand whole, but a reader sees one — assembled by a
 * terminal's carriage return or backspace, unescaped by Markdown (`ghp\_…`), decoded from an HTML reference
 * (`&#103;hp_…`), joined across a code span, link or image, or a JSON member name written with `\uXXXX`
 * escapes (`"pass\u0077ord"`), also nested past the 100-level depth cap where the JSON is shown as text.
 * Each case is one session; `secret` is what must never be shown or searchable.
 */
import { session } from '../../../src/log/testing/session'

/** The token's body after `ghp_` (36 characters): no rule sees the body alone. */
export const TOKEN_BODY = 'Zq8xW3vN5mK2pL7rT9yB4cD6fH1jG0sA8uEo'
export const TOKEN = `ghp_${TOKEN_BODY}`
/** A password value no rule knows on its own (only after a secret-looking name). */
export const PASSWORD = 'Hunter2-Correct-Horse-Battery'

export interface SecretCase {
  name: string
  text: string
  /** What must not be displayed. */
  secret: string
}

function oneTurn(id: string, fill: (b: ReturnType<typeof session>) => void): string {
  const b = session({ id, version: 4 })
  b.turnStart()
  b.user('Show me the output.')
  b.stepStart()
  fill(b)
  b.stepEnd()
  b.turnEnd()
  return b.jsonl()
}

/** JSON `depth` arrays deep around `inner` (past the reader's 100-level cap the text is shown, not parsed). */
const nested = (inner: string, depth: number) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`

/** Every case, one session each (ids `secret-<name>`). */
export function secretCases(): SecretCase[] {
  const half = TOKEN_BODY.slice(0, 18)
  const rest = TOKEN_BODY.slice(18)
  const withTool = (name: string, output: string): SecretCase => ({
    name,
    secret: TOKEN,
    text: oneTurn(`secret-${name}`, b => {
      b.call('bash', { command: 'cat out.txt', description: 'show' }, 'c1')
      b.result('c1', `${output}\n[exit code: 0]`)
      b.assistant('Done.')
    }),
  })
  const saying = (name: string, markdown: string, secret = TOKEN): SecretCase => ({ name, secret, text: oneTurn(`secret-${name}`, b => b.assistant(markdown)) })
  const calling = (name: string, args: string, secret = PASSWORD): SecretCase => ({
    name,
    secret,
    text: oneTurn(`secret-${name}`, b => {
      b.call('http_request', args, 'c1')
      b.result('c1', 'ok')
      b.assistant('Done.')
    }),
  })
  return [
    withTool('carriage-return', `xxxx${TOKEN_BODY}\rghp_`),
    withTool('backspace', `ghX\bp_${TOKEN_BODY}`),
    withTool('overwrite-halves', `ghp_${half}${'-'.repeat(rest.length)}\r${'\x1b[C'.repeat(4 + half.length)}${rest}`),
    saying('markdown-escape', `The token is ghp\\_${TOKEN_BODY} now.`),
    saying('html-entity', `The token is &#103;hp_${TOKEN_BODY} now.`),
    saying('hex-entity', `The token is gh&#x70;_${TOKEN_BODY} now.`),
    saying('code-span', `The token is \`ghp_${half}\`${rest} now.`),
    saying('link', `The token is [ghp_${half}](https://example.com/a)${rest} now.`),
    saying('image', `The token is ![ghp_${half}](https://example.com/a.png)${rest} now.`),
    calling('json-key-escape', `{"url":"https://example.com","pass\\u0077ord":"${PASSWORD}"}`),
    calling('json-deep-key-escape', `{"body":${nested(`{"pass\\u0077ord":"${PASSWORD}"}`, 120)}}`),
    calling('json-deep-value-escape', `{"body":${nested(`"${'\\u0067'}hp_${TOKEN_BODY}"`, 120)}}`, TOKEN),
  ]
}
