// @vitest-environment happy-dom
/**
 * The site's transcript composition and deep-link forwarding: `Transcript` must draw exactly what
 * `SessionView` draws (it adds only the links after rows), and the anchor script must forward only to our
 * own page names.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { viewModel } from '../../src/cards/view-model'
import { assemble } from '../../src/conversation/builder'
import { parseLogText } from '../../src/log/json/parse-text'
import { session, toolCallBlock } from '../../src/log/testing/session'
import { SessionView } from '../session/SessionView'
import { anchorMapSrc, anchorTarget, fragmentId, loadAnchorMap, mapPage, missingText } from './anchors-client'
import { Transcript } from './Transcript'

function sections() {
  const s = session({ id: 't', cwd: '/w' })
  s.turnStart()
  s.user('hello')
  s.stepStart()
  s.assistant([toolCallBlock('c1', 'bash', { command: 'ls', description: 'list' })])
  s.call('bash', { command: 'ls', description: 'list' }, 'c1')
  s.result('c1', 'a\nb')
  s.stepEnd()
  s.stepStart()
  s.assistant('Done **now**.')
  s.stepEnd()
  s.turnEnd()
  return viewModel(assemble(parseLogText(s.jsonl()).lines), { cwd: '/w', home: null, locale: 'en' }).sections
}

describe('Transcript', () => {
  it('renders exactly SessionView’s markup when there are no extras', () => {
    const list = sections()
    expect(renderToStaticMarkup(<Transcript sections={list} label="Transcript" />)).toBe(renderToStaticMarkup(<SessionView sections={list} label="Transcript" />))
  })

  it('puts the site’s links right after their row, and only there', () => {
    const list = sections()
    const tool = list[0]?.rows.find(r => r.kind === 'tool')
    const html = renderToStaticMarkup(
      <Transcript sections={list} label="T" extras={new Map([[tool?.key ?? '', [{ kind: 'full-text', href: 's.files/x.txt', label: 'Full text: out' }]]])} />,
    )
    document.body.innerHTML = html
    const extras = document.querySelector('[data-row-extras]')
    const before = extras?.previousElementSibling ?? null
    if (before === null || tool === undefined) throw new Error('no row before the links')
    expect(before.id === tool.key || before.querySelector(`[id="${tool.key}"]`) !== null).toBe(true)
    expect(extras?.querySelector('a')?.getAttribute('href')).toBe('s.files/x.txt')
    expect(document.querySelectorAll('[data-row-extras]')).toHaveLength(1)
  })

  it('bare mode drops only the landmark', () => {
    const list = sections()
    const whole = renderToStaticMarkup(<Transcript sections={list} label="T" />)
    const bare = renderToStaticMarkup(<Transcript sections={list} label="T" bare />)
    expect(whole).toBe(`${renderToStaticMarkup(<Transcript sections={[]} label="T" />).replace('</section>', '')}${bare}</section>`)
  })
})

describe('anchorTarget', () => {
  const map = { pages: ['s.html', 's.p2.html', 'evil.html?x=javascript:alert(1)'], anchors: { 'tool:c9': 1, here: 0, bad: 2 } }
  document.body.innerHTML = '<div id="here"></div>'
  it.each([
    ['an id on another page', '#tool%3Ac9', 's.html', 's.p2.html#tool%3Ac9'],
    ['an id on this page', '#here', 's.html', null],
    ['an unknown id', '#nope', 's.html', null],
    ['a map entry that is not one of our page names', '#bad', 's.html', null],
    ['no fragment', '', 's.html', null],
    ['a malformed escape', '#%E0%A4%A', 's.html', null],
  ])('%s', (_name, hash, current, expected) => expect(anchorTarget(map, document, hash, current)).toBe(expected))

  it.each([
    ['a known id', 'tool:c9', 's.p2.html'],
    ['an unknown id', 'nope', null],
    ['an inherited name', 'constructor', null],
    ['an entry that is not our page name', 'bad', null],
    ['an index that is not a number', 'odd', null],
    ['an index past the pages', 'far', null],
  ])('the map gives %s its page', (_name, id, expected) =>
    expect(mapPage({ ...map, anchors: { ...map.anchors, odd: '1', far: 9 } }, id)).toBe(expected))

  it.each([['#a%20b', 'a b'], ['#', null], ['', null], ['#%E0%A4%A', null]])('fragment %s names id %s', (hash, id) => expect(fragmentId(hash)).toBe(id))

  it('ignores a map that is not one', () => {
    expect(anchorTarget('nope', document, '#tool%3Ac9', 's.html')).toBeNull()
    expect(anchorTarget(undefined, document, '#tool%3Ac9', 's.html')).toBeNull()
  })
})

describe('missingText: the notice for an address no page holds', () => {
  const templates = { turn: 'no turn {n}', other: 'nothing at #{id}' }
  it.each([
    ['turn-999', 'no turn 999'],
    ['turn@12', 'nothing at #turn@12'],
    ['tool:call_1', 'nothing at #tool:call_1'],
    ['$&', 'nothing at #$&'],
    ['x'.repeat(300), `nothing at #${'x'.repeat(99)}…`],
  ])('%s → %s', (id, want) => expect(missingText(id, templates)).toBe(want))
})

describe('the anchor map a page names', () => {
  const named = (content: string) => {
    document.head.innerHTML = `<meta name="dsh-anchors" content="${content}">`
    return anchorMapSrc(document)
  }
  it.each([
    ['our name', 's.anchors.js', 's.anchors.js'],
    ['a path', '../x/s.anchors.js', null],
    ['a scheme', 'https://x.test/s.anchors.js', null],
    ['another kind of file', 's.search.js', null],
  ])('%s', (_name, content, expected) => expect(named(content)).toBe(expected))

  it('is not loaded when the page names none, or names one that is not ours', async () => {
    document.head.innerHTML = '<meta name="dsh-anchors" content="javascript:alert(1)//.anchors.js">'
    expect(await loadAnchorMap(document)).toBeUndefined()
    document.head.innerHTML = ''
    expect(await loadAnchorMap(document)).toBeUndefined()
    expect(document.querySelectorAll('script').length).toBe(0)
  })
})
