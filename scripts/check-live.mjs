// `dsh-view live` from an install (scripts/check-install.sh): starts it on a free port, waits for the URL it
// prints on stdout, asks that URL for the index, then stops it with SIGTERM and waits for it to exit.
// Event-driven: nothing sleeps; the only clock is an upper bound for a process that never answers.
// usage: node scripts/check-live.mjs <dsh-view binary> <sessions root> [text the index must show]
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const [bin, root, expected = '<html'] = process.argv.slice(2)
if (!bin || !root) {
  console.error('usage: node scripts/check-live.mjs <dsh-view binary> <sessions root> [text the index must show]')
  process.exit(2)
}
// A generous bound for a busy 2-core machine; reaching it is a failure, not a wait.
const GIVE_UP_MS = 180_000

const child = spawn(bin, ['live', root, '--port', '0', '-q'], { stdio: ['ignore', 'pipe', 'inherit'] })
const exited = new Promise(resolve => child.once('exit', (code, signal) => resolve({ code, signal })))
const giveUp = setTimeout(() => {
  console.error(`check-live: no answer within ${GIVE_UP_MS / 1000} s`)
  child.kill('SIGKILL')
  process.exit(1)
}, GIVE_UP_MS)

try {
  const url = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.on('line', line => {
      if (/^https?:\/\/\S+$/.test(line.trim())) resolve(line.trim())
    })
    exited.then(({ code, signal }) => reject(new Error(`live exited (${signal ?? code}) before printing its URL`)))
  })
  const res = await fetch(url)
  const body = await res.text()
  if (res.status !== 200 || !body.includes(expected)) throw new Error(`GET ${url}: ${res.status}, ${body.length} bytes, without "${expected}"`)
  console.error(`check-live: ${url} answered ${res.status} (${body.length} bytes)`)
  child.kill('SIGTERM')
  const { code, signal } = await exited
  if (code !== 0 && signal !== 'SIGTERM') throw new Error(`live exited with ${signal ?? code} after SIGTERM`)
  clearTimeout(giveUp)
} catch (err) {
  console.error(`check-live: ${err instanceof Error ? err.message : String(err)}`)
  child.kill('SIGKILL')
  process.exit(1)
}
