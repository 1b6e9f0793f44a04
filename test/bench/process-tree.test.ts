/**
 * The benchmark's memory measure (bench/process-tree.ts): the sampler sums a whole process tree — two
 * grandchildren holding 80 MB each count twice, which GNU time's per-process high-water mark cannot show —
 * and runMeasured reports the peak, CPU time and exit status of a command.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { runMeasured, treeRss } from '../../bench/process-tree'

const MB = 1e6
const linux = existsSync('/proc/self/statm')

// A child that starts two grandchildren, each touching 80 MB; every one prints a line when its memory is
// resident and they all exit when the test closes the child's stdin.
const TREE = `
const { spawn } = require('node:child_process')
const hold = "const b = Buffer.alloc(80e6, 1); process.stdout.write('held\\\\n'); process.stdin.on('end', () => process.exit(0)); process.stdin.resume()"
let ready = 0
const kids = [0, 1].map(() => spawn(process.execPath, ['-e', hold], { stdio: ['pipe', 'pipe', 'inherit'] }))
for (const k of kids) k.stdout.on('data', () => { if (++ready === 2) process.stdout.write('ready\\n') })
process.stdin.on('end', () => kids.forEach(k => k.stdin.end()))
process.stdin.resume()
`

describe.runIf(linux)('process tree memory', () => {
  it('sums the resident memory of every process in the tree', async () => {
    const child = spawn(process.execPath, ['-e', TREE], { stdio: ['pipe', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.setEncoding('utf8')
    while (!out.includes('ready')) out += String((await once(child.stdout, 'data'))[0])
    const tree = treeRss(child.pid as number)
    const alone = treeRss(child.pid as number, true)
    child.stdin.end()
    await once(child, 'close')
    expect(tree).toBeGreaterThan(160 * MB)
    expect(alone).toBeGreaterThan(160 * MB)
    expect(tree - alone).toBeGreaterThan(10 * MB) // the child itself: a Node process
  })

  it('reports peak RSS, CPU seconds and the exit status of a command', async () => {
    const run = await runMeasured(process.execPath, ['-e', 'const b = Buffer.alloc(120e6, 1); process.stdout.write(String(b[5])); process.exit(3)'])
    expect(run.status).toBe(3)
    expect(run.stdout).toBe('1')
    // A peak this short is the kernel's high-water mark's to catch (GNU time), not a 20 ms sampler's.
    if (existsSync('/usr/bin/time')) {
      expect(run.peakRss).toBeGreaterThan(120 * MB)
      expect(run.maxrssRss).toBeGreaterThan(120 * MB)
      expect(run.cpuSeconds).not.toBeNull()
      expect(run.stderr).not.toContain('BENCH_MAXRSS_KB')
    }
  })
})
