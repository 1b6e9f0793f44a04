// @vitest-environment happy-dom
/**
 * Full-text links on a live page (side-files.ts): a plain click goes to the side file once the rebuild has
 * written it; until then it opens the text the page holds, as plain text; links the page holds no text for,
 * and clicks with a modifier, are the browser's.
 */
import { describe, expect, it, vi } from 'vitest'
import { SideFileLinks } from './side-files'

const HASH = '0123456789abcdef0123'

function setup(status: number) {
  document.body.innerHTML = `<main id="main"><ul data-row-extras=""><li data-kind="full-text"><a href="s.files/${HASH}.txt">Full text</a></li><li data-kind="full-text"><a href="s.files/ffffffffffffffffffff.txt">Other</a></li></ul></main>`
  const opened: string[] = []
  const assigned: string[] = []
  const win = Object.assign(Object.create(window) as Window & typeof globalThis, {
    fetch: async () => new Response(null, { status }),
    open: (url: string) => {
      opened.push(url)
      return {} as Window
    },
    location: { href: 'http://127.0.0.1:1/sessions/s.html', assign: (url: string) => void assigned.push(url) },
  })
  const links = new SideFileLinks(win, document.getElementById('main') as HTMLElement)
  links.texts = new Map([[HASH, 'the <whole> text']])
  const click = (n: number, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })
    document.querySelectorAll('a')[n]?.dispatchEvent(event)
    return event
  }
  return { opened, assigned, click }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('full-text links of a live page', () => {
  it('opens the held text as plain text while the side file is not written yet', async () => {
    const made: Blob[] = []
    const spy = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob)
      return 'blob:held-text'
    })
    const { opened, assigned, click } = setup(404)
    expect(click(0).defaultPrevented).toBe(true)
    await settle()
    spy.mockRestore()
    expect(assigned).toEqual([])
    expect(opened).toEqual(['blob:held-text'])
    const blob = made[0] as Blob
    expect(blob.type).toBe('text/plain;charset=utf-8')
    expect(await blob.text()).toBe('\ufeffthe <whole> text')
  })

  it('goes to the side file once it exists', async () => {
    const { opened, assigned, click } = setup(200)
    click(0)
    await settle()
    expect(assigned).toEqual([`http://127.0.0.1:1/sessions/s.files/${HASH}.txt`])
    expect(opened).toEqual([])
  })

  it('leaves other links and modified clicks to the browser', async () => {
    const { opened, assigned, click } = setup(404)
    expect(click(1).defaultPrevented).toBe(false)
    expect(click(0, { ctrlKey: true }).defaultPrevented).toBe(false)
    await settle()
    expect([...opened, ...assigned]).toEqual([])
  })
})
