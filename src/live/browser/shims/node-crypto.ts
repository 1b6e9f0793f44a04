/**
 * `node:crypto` for the live page's bundle (scripts/live-assets.mjs maps the import here): the one thing
 * the shared site code asks of it, `createHash('sha256').update(text).digest('hex')` — src/site/render/pages/cut.ts names
 * a cut text's side file by it, src/site/plan/slug.ts long stems, render code the per-section id prefix — so the
 * page computes the very names the build writes. SHA-256 as FIPS 180-4 defines it, checked against Node's
 * in shims.test.ts. Texts are encoded as UTF-8, as Node does for strings. Browser-only: Node code gets the
 * real module.
 */

/** The first 32 bits of the fractional parts of the square (H) and cube (K) roots of the first primes. */
function rootConstants(count: number, root: (n: number) => number): Uint32Array {
  const out = new Uint32Array(count)
  let found = 0
  for (let n = 2; found < count; n++) {
    let prime = true
    for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false
    if (!prime) continue
    const r = root(n)
    out[found++] = Math.floor((r - Math.floor(r)) * 2 ** 32)
  }
  return out
}

const H0 = rootConstants(8, Math.sqrt)
const K = rootConstants(64, Math.cbrt)

function sha256(bytes: Uint8Array): Uint8Array {
  const bitLength = bytes.length * 8
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32))
  view.setUint32(padded.length - 4, bitLength >>> 0)
  const h = Uint32Array.from(H0)
  const w = new Uint32Array(64)
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4)
    for (let t = 16; t < 64; t++) {
      const a = w[t - 15] ?? 0
      const b = w[t - 2] ?? 0
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3)
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10)
      w[t] = ((w[t - 16] ?? 0) + s0 + (w[t - 7] ?? 0) + s1) >>> 0
    }
    let [a, b, c, d, e, f, g, hh] = [h[0] ?? 0, h[1] ?? 0, h[2] ?? 0, h[3] ?? 0, h[4] ?? 0, h[5] ?? 0, h[6] ?? 0, h[7] ?? 0]
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))
      const ch = (e & f) ^ (~e & g)
      const t1 = (hh + S1 + ch + (K[t] ?? 0) + (w[t] ?? 0)) >>> 0
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))
      const maj = (a & b) ^ (a & c) ^ (b & c)
      const t2 = (S0 + maj) >>> 0
      hh = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    const sums = [a, b, c, d, e, f, g, hh]
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (sums[i] ?? 0)) >>> 0
  }
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] ?? 0)
  return out
}

const encoder = new TextEncoder()

/** Recent digests of long texts: the growing turn is cut again on every draw, with the same outputs. */
const recent = new Map<string, string>()
const RECENT = 64

function hexDigest(text: string): string {
  const known = recent.get(text)
  if (known !== undefined) return known
  let hex = ''
  for (const byte of sha256(encoder.encode(text))) hex += byte.toString(16).padStart(2, '0')
  if (text.length >= 4096) {
    if (recent.size >= RECENT) recent.delete(recent.keys().next().value as string)
    recent.set(text, hex)
  }
  return hex
}

export interface Hash {
  update(data: string): Hash
  digest(encoding: 'hex'): string
}

export function createHash(algorithm: string): Hash {
  if (algorithm !== 'sha256') throw new Error(`createHash: only sha256 is available in the browser, not ${algorithm}`)
  let text = ''
  const hash: Hash = {
    update(data: string) {
      if (typeof data !== 'string') throw new Error('createHash().update: the browser shim hashes strings only')
      text += data
      return hash
    },
    digest(encoding: 'hex') {
      if (encoding !== 'hex') throw new Error('createHash().digest: the browser shim writes hex only')
      return hexDigest(text)
    },
  }
  return hash
}
