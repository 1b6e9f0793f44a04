/**
 * The smallest WebSocket (RFC 6455) that attaching to a dsh host needs, on node:http's upgrade: Node 20
 * has no WebSocket client, and a dependency for one socket per host is not worth it. Text messages
 * (fragmented or not), ping → pong, the close handshake, client-side masking; binary messages are
 * ignored (neither dsh generation sends them). `acceptWebSocket` is the server half, used by the fake hosts
 * of ./testing. A malformed frame closes the connection with 1002; nothing is ever thrown at the caller.
 */
import { createHash, randomBytes } from 'node:crypto'
import { request, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
/** A dsh frame is JSON of one event or a history window; bigger than this is not a frame we want. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024

export const acceptKey = (key: string): string => createHash('sha1').update(key + GUID).digest('base64')

export interface WsConnection {
  /** One complete text message. */
  onMessage: ((text: string) => void) | null
  onClose: ((code: number, reason: string) => void) | null
  send(text: string): void
  close(code?: number, reason?: string): void
  readonly closed: boolean
}

interface Frame {
  fin: boolean
  opcode: number
  payload: Buffer
}

/** Splits a byte stream into frames; `null` from `next()` means "need more bytes". */
class FrameReader {
  #buffer: Buffer = Buffer.alloc(0)

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk])
  }

  next(): Frame | null | 'bad' {
    const b = this.#buffer
    if (b.length < 2) return null
    const first = b[0] ?? 0
    const second = b[1] ?? 0
    let length = second & 0x7f
    let at = 2
    if (length === 126) {
      if (b.length < 4) return null
      length = b.readUInt16BE(2)
      at = 4
    } else if (length === 127) {
      if (b.length < 10) return null
      const big = b.readBigUInt64BE(2)
      if (big > BigInt(MAX_MESSAGE_BYTES)) return 'bad'
      length = Number(big)
      at = 10
    }
    const masked = (second & 0x80) !== 0
    const maskAt = at
    if (masked) at += 4
    if (b.length < at + length) return null
    const payload = Buffer.from(b.subarray(at, at + length))
    if (masked) for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] ?? 0) ^ (b[maskAt + (i % 4)] ?? 0)
    this.#buffer = b.subarray(at + length)
    return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload }
  }
}

export function encodeFrame(opcode: number, payload: Buffer, mask: boolean): Buffer {
  const length = payload.length
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10
  const out = Buffer.alloc(head + (mask ? 4 : 0) + length)
  out[0] = 0x80 | opcode
  if (length < 126) out[1] = length
  else if (length < 65536) {
    out[1] = 126
    out.writeUInt16BE(length, 2)
  } else {
    out[1] = 127
    out.writeBigUInt64BE(BigInt(length), 2)
  }
  if (!mask) {
    payload.copy(out, head)
    return out
  }
  out[1] = (out[1] ?? 0) | 0x80
  const key = randomBytes(4)
  key.copy(out, head)
  for (let i = 0; i < length; i++) out[head + 4 + i] = (payload[i] ?? 0) ^ (key[i % 4] ?? 0)
  return out
}

class Connection implements WsConnection {
  onMessage: ((text: string) => void) | null = null
  onClose: ((code: number, reason: string) => void) | null = null
  readonly #socket: Duplex
  readonly #mask: boolean
  readonly #reader = new FrameReader()
  #parts: Buffer[] = []
  #partsOpcode = 0
  #closed = false
  #sentClose = false

  constructor(socket: Duplex, mask: boolean, head: Buffer) {
    this.#socket = socket
    this.#mask = mask
    socket.on('data', (chunk: Buffer) => this.#data(chunk))
    socket.on('close', () => this.#finish(1006, 'connection lost'))
    socket.on('error', () => this.#finish(1006, 'connection error'))
    if (head.length > 0) queueMicrotask(() => this.#data(head))
  }

  get closed(): boolean {
    return this.#closed
  }

  send(text: string): void {
    if (!this.#closed && !this.#sentClose) this.#socket.write(encodeFrame(1, Buffer.from(text, 'utf8'), this.#mask))
  }

  close(code = 1000, reason = ''): void {
    if (this.#closed) return
    if (!this.#sentClose) {
      this.#sentClose = true
      const payload = Buffer.alloc(2 + Buffer.byteLength(reason))
      payload.writeUInt16BE(code, 0)
      payload.write(reason, 2)
      this.#socket.write(encodeFrame(8, payload, this.#mask))
    }
    // The peer answers with its own close; do not wait long for it.
    setTimeout(() => this.#socket.destroy(), 1000).unref()
  }

  #data(chunk: Buffer): void {
    this.#reader.push(chunk)
    for (let frame = this.#reader.next(); frame !== null; frame = this.#reader.next()) {
      if (frame === 'bad') return this.#fail(1009, 'message too big')
      this.#frame(frame)
      if (this.#closed) return
    }
  }

  #frame({ fin, opcode, payload }: Frame): void {
    if (opcode === 9) {
      if (!this.#sentClose) this.#socket.write(encodeFrame(10, payload, this.#mask))
      return
    }
    if (opcode === 10) return
    if (opcode === 8) {
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005
      const reason = payload.subarray(2).toString('utf8')
      if (!this.#sentClose) {
        this.#sentClose = true
        this.#socket.write(encodeFrame(8, payload.subarray(0, 2), this.#mask))
      }
      this.#socket.end()
      return this.#finish(code, reason)
    }
    if (opcode === 1 || opcode === 2) {
      this.#parts = [payload]
      this.#partsOpcode = opcode
    } else if (opcode === 0 && this.#parts.length > 0) {
      this.#parts.push(payload)
    } else {
      return this.#fail(1002, `unexpected opcode ${opcode}`)
    }
    if (this.#parts.reduce((n, p) => n + p.length, 0) > MAX_MESSAGE_BYTES) return this.#fail(1009, 'message too big')
    if (!fin) return
    const message = Buffer.concat(this.#parts)
    this.#parts = []
    if (this.#partsOpcode === 1) this.onMessage?.(message.toString('utf8'))
  }

  #fail(code: number, reason: string): void {
    this.close(code, reason)
    this.#finish(code, reason)
  }

  #finish(code: number, reason: string): void {
    if (this.#closed) return
    this.#closed = true
    this.#socket.destroy()
    this.onClose?.(code, reason)
  }
}

export class WsUpgradeError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/** Opens a client connection to `url` (`http:` → ws); rejects with `WsUpgradeError` on a non-101 answer. */
export function connectWebSocket(url: string, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<WsConnection> {
  const target = new URL(url)
  const key = randomBytes(16).toString('base64')
  return new Promise((resolve, reject) => {
    const req = request({
      host: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': key },
      timeout: timeoutMs,
    })
    req.on('upgrade', (res: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (res.headers['sec-websocket-accept'] !== acceptKey(key)) {
        socket.destroy()
        return reject(new WsUpgradeError('bad Sec-WebSocket-Accept', 101))
      }
      resolve(new Connection(socket, true, head))
    })
    req.on('response', (res) => {
      res.resume()
      reject(new WsUpgradeError(`upgrade refused: HTTP ${res.statusCode ?? 0}`, res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy(new Error('upgrade timed out')))
    req.on('error', reject)
    req.end()
  })
}

/** Server half (fake hosts): answers an `upgrade` request and returns the connection. */
export function acceptWebSocket(req: IncomingMessage, socket: Duplex, head: Buffer): WsConnection | null {
  const key = req.headers['sec-websocket-key']
  if (typeof key !== 'string' || req.headers.upgrade?.toLowerCase() !== 'websocket') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    return null
  }
  socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${acceptKey(key)}\r\n\r\n`)
  return new Connection(socket, false, head)
}
