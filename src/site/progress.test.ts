import { describe, expect, it } from 'vitest'
import { createProgress, formatRate } from './progress'

function run(tty: boolean, quiet: boolean, steps: number[]) {
  const out: string[] = []
  let clock = 0
  const p = createProgress({ write: t => void out.push(t), tty, quiet, now: () => clock })
  p.start(steps.length, steps.length * 1024 * 1024)
  for (const at of steps) {
    clock = at
    p.advance(1024 * 1024)
  }
  p.finish()
  return out
}

describe('progress', () => {
  it('redraws one line on a terminal, at most every 100 ms, and clears it at the end', () => {
    const out = run(true, false, [50, 150, 160, 400])
    expect(out).toEqual([
      '\r\x1b[2Kdsh-view: 2/4 sessions · 2.0/4.0 MB · 13.3 MB/s',
      '\r\x1b[2Kdsh-view: 4/4 sessions · 4.0/4.0 MB · 10.0 MB/s',
      '\r\x1b[2K',
    ])
  })

  it('prints whole lines every five seconds in a log, and nothing for a short build', () => {
    expect(run(false, false, [100, 200])).toEqual([])
    expect(run(false, false, [6_000, 7_000])).toEqual(['dsh-view: 1/2 sessions · 1.0/2.0 MB · 0.2 MB/s\n'])
  })

  it('announces a preview on a line of its own, above the redrawn line on a terminal', () => {
    const lines = (tty: boolean, quiet: boolean) => {
      const out: string[] = []
      let clock = 0
      const p = createProgress({ write: t => void out.push(t), tty, quiet, now: () => clock })
      p.start(2, 2 * 1024 * 1024)
      clock = 200
      p.advance(1024 * 1024)
      p.preview('/out/site/index.html')
      clock = 400
      p.advance(1024 * 1024)
      p.finish()
      return out
    }
    expect(lines(true, false)).toEqual([
      '\r\x1b[2Kdsh-view: 1/2 sessions · 1.0/2.0 MB · 5.0 MB/s',
      '\r\x1b[2Kdsh-view: a preview is readable while the rest builds: /out/site/index.html\n',
      '\r\x1b[2Kdsh-view: 2/2 sessions · 2.0/2.0 MB · 5.0 MB/s',
      '\r\x1b[2K',
    ])
    expect(lines(false, false)).toEqual(['dsh-view: a preview is readable while the rest builds: /out/site/index.html\n'])
    expect(lines(true, true)).toEqual([])
  })

  it('stays silent when quiet', () => expect(run(true, true, [500, 1_000])).toEqual([]))

  it('formats rates', () => expect([formatRate(10 * 1024 * 1024, 2_000), formatRate(1, 0)]).toEqual(['5.0 MB/s', '– MB/s']))
})
