/**
 * The heap policy (cli/heap.ts): set unless the user set the flag themselves, in either spelling; and, in a child process, V8 really collects at the tighter limit (a
 * heap that only grows with garbage stays well below what the default lets it reach).
 */
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { HEAP_GROWING_PERCENT, wantsHeapPolicy } from './heap'

describe('wantsHeapPolicy', () => {
  it.each([
    [[], true],
    [['--enable-source-maps', '--max-old-space-size=4096'], true],
    [['--heap-growing-percent=10'], false],
    [['--trace-gc', '--heap_growing_percent=10'], false],
  ] as const)('execArgv %j → %s', (argv, wanted) => {
    expect(wantsHeapPolicy(argv)).toBe(wanted)
  })
})

describe('the policy in a process', () => {
  // Keeps 60 MB alive and a ring of 64 rounds of small objects (they outlive the young generation and die
  // in the old one, as a render's pieces do); prints the largest heap seen.
  const churn = `
    const { setFlagsFromString } = require('node:v8')
    if (process.argv[1] === 'tight') setFlagsFromString('--heap-growing-percent=${HEAP_GROWING_PERCENT}')
    const keep = []
    for (let i = 0; i < 60; i++) keep.push('x'.repeat(1 << 20) + i)
    let peak = 0
    const ring = new Array(64)
    for (let round = 0; round < 4000; round++) {
      ring[round % 64] = Array.from({ length: 2000 }, (_, j) => ({ j, s: 'r' + round + j }))
      if (round % 20 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal)
    }
    console.log(Math.round(peak / 1048576), keep.length)
  `
  const peakOf = (mode: string) => Number(execFileSync(process.execPath, ['-e', churn, mode], { encoding: 'utf8' }).split(' ')[0])

  it('keeps the heap nearer its survivors than the default does', () => {
    const loose = peakOf('default')
    const tight = peakOf('tight')
    // Measured 104 → 73 MB at 40%; the default grows the heap well past 60 MB of survivors plus the ring.
    expect(tight).toBeLessThan(loose * 0.85)
  })
})
