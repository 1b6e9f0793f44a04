/**
 * Property (issue 28): the text snapshot masks the workspace path where it is that path and the workspace
 * basename where the page draws it (the terminal prompt label), and never rewrites a word of the transcript.
 * A generated session runs in `/home/<user>/<segments…>/<project>`; its user text, Think text, answer (with
 * inline code) and tool output use every one of those words — alone, inside longer words, next to
 * punctuation, as relative path fragments, and as longer paths that start with the cwd — and the session id.
 * Each transcript line must come out of `textSnapshot` (the real log written as JSONL, parsed, assembled,
 * carded) exactly as written, with only the whole cwd path read as `{{cwd}}`.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assemble } from '../../conversation'
import { viewModel } from '../../cards/view-model'
import { parseLogText } from '../../log/json/parse-text'
import { reasoning, session, text, toolCallBlock } from '../../log/testing/session'
import { textSnapshot } from './session'

/** Words a project, a user or a folder is often called — exactly the ones a substring mask would eat. */
const COMMON = ['src', 'test', 'app', 'deploy', 'docs', 'home', 'lib', 'build', 'main', 'tool', 'user', 'workspace', 'cwd', 'dépôt', '项目']
/**
 * Letters, `_` and `-` only: a digit could make a generated word a duration, clock or date, which the other
 * rules mask on purpose (they are values that change between runs, not words).
 */
const word = fc.oneof(fc.constantFrom(...COMMON), fc.stringMatching(/^[a-z][a-z_-]{0,8}[a-z]$/))

/** A word as prose uses it: alone, inside longer words, next to punctuation, as inline code and path parts. */
const forms = (w: string) => [w, `${w}s`, `pre${w}`, `${w}-old`, `(${w})`, `${w}.`, `${w},`, `"${w}"`, `\`${w}\``, `${w}/`, `/${w}`, `${w}:`]

interface Case {
  user: string
  segments: string[]
  project: string
  id: string
  /** A folder a command runs in, below the root. */
  sub: string
}

const cases = fc.record({ user: word, segments: fc.array(word, { maxLength: 3 }), project: word, id: word, sub: word })

const cwdOf = (c: Case) => ['', 'home', c.user, ...c.segments, c.project].join('/')

/**
 * Transcript lines written with `@` for the cwd standing as a path and `%` for the cwd as the start or
 * middle of another path: the log gets the real path for both; the snapshot must show `{{cwd}}` for `@`
 * and everything else as written.
 */
function transcript(c: Case): string[] {
  const words = [c.user, ...c.segments, c.project, c.id, c.sub]
  return [
    ...words.map((w) => `Run ${forms(w).join(' ')} now`),
    `relative: ${[c.user, ...c.segments, c.project].join('/')} and ~/${c.project}/${c.sub}`,
    'in @ and @/ and @/src/a.ts.',
    // Longer paths that start with the cwd, or hold it, are other paths: written as they are.
    'x% and %2',
    '%-old and %.bak',
  ]
}

const withCwd = (line: string, cwd: string) => line.replace(/[@%]/g, cwd)
const expected = (line: string, cwd: string) => line.replaceAll('@', '{{cwd}}').replaceAll('%', cwd)
/** The snapshot's quoted lines, without indentation. */
const quoted = (snapshot: string) => new Set(snapshot.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('| ')).map((l) => l.slice(2)))

function snapshotOf(c: Case, lines: string[]): string {
  const cwd = cwdOf(c)
  const body = lines.map((l) => withCwd(l, cwd)).join('\n')
  const s = session({ id: c.id, cwd })
  s.turnStart()
  s.user(body)
  s.stepStart()
  const here = { command: `cat ${c.project}.md`, description: 'Read the notes' }
  const below = { command: `ls ${c.sub}`, description: 'List the folder', workdir: `${cwd}/${c.sub}` }
  s.assistant([reasoning(body), text(body), toolCallBlock('call-a', 'bash', here), toolCallBlock('call-b', 'bash', below)])
  s.call('bash', here, 'call-a')
  s.result('call-a', body)
  s.call('bash', below, 'call-b')
  s.result('call-b', body)
  s.stepEnd()
  s.turnEnd()
  const conversation = assemble(parseLogText(s.jsonl()).lines)
  return textSnapshot({ id: c.id, conversation, view: viewModel(conversation, { cwd: conversation.facts.cwd, home: null, locale: 'en' }) })
}

describe('text snapshot: transcript words survive, the workspace path and prompt label are masked', () => {
  it('property: every word equal to a path segment, the project, the user or the session id survives', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const lines = transcript(c)
        const out = snapshotOf(c, lines)
        const shown = quoted(out)
        // User text, Think, answer and both outputs: each line is there as written, the cwd as {{cwd}}.
        for (const line of lines) expect(shown, line).toContain(expected(line, cwdOf(c)))
        const count = (s: string) => out.split(s).length - 1
        expect(count(expected(lines[0] ?? '', cwdOf(c)))).toBeGreaterThanOrEqual(5)
        expect(out).toContain(`session ${c.id}\n`)
        expect(out).toContain('  cwd: {{cwd}}\n')
        // The prompt label of a command run in the root is the masked basename; below it, the folder's name
        // (masked too when it happens to be called like the root: the label is only a name).
        expect(out).toContain(`    prompt {{workspace}} cat ${c.project}.md\n`)
        expect(out).toContain(`    prompt ${c.sub === c.project ? '{{workspace}}' : c.sub} ls ${c.sub}\n`)
        expect(count('{{workspace}}')).toBe(c.sub === c.project ? 2 : 1)
      }),
      { numRuns: 150 },
    )
  })

  it('a UUID session id is masked as {{uuid}} wherever it stands, and only by the UUID rule', () => {
    // Not a word of the transcript: a UUID is a per-run value (a re-recorded session gets new session, call
    // and message ids), masked everywhere as upstream masks it. The rule takes the UUID alone — the words
    // around it stay, and the id's own word-form (the case's `id`) is written as is next to it.
    fc.assert(
      fc.property(cases, fc.uuid(), (c, id) => {
        const lines = [`resume ${id} (${id}), not ${c.id}`, ...transcript(c)]
        const out = snapshotOf({ ...c, id }, lines)
        const shown = quoted(out)
        expect(shown).toContain(`resume {{uuid}} ({{uuid}}), not ${c.id}`)
        expect(out).toContain('session {{uuid}}\n')
        expect(out).not.toContain(id)
        for (const line of lines.slice(1)) expect(shown, line).toContain(expected(line, cwdOf(c)))
      }),
      { numRuns: 50 },
    )
  })
})
