/**
 * A loopback proxy between `dsh-view live --attach` and a real dsh host that records what the viewer sends:
 * every HTTP request line, every WebSocket upgrade, and the opcode of every WebSocket frame the viewer
 * writes. The real-dsh attach test uses it to prove the viewer stays read-only (live.md §10.2: no unary
 * call that could wake or steer an agent, nothing but control frames on the Gen A downlink).
 */
import { createServer, request, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

export interface RecordingProxy {
  url: string
  /** `POST /api/session.history`, `UPGRADE /api/events.mux`, … in arrival order. */
  requests: string[]
  /** Opcodes of the frames the viewer wrote on upgraded connections (1 text, 2 binary, 8 close, 9 ping, 10 pong). */
  clientOpcodes: number[]
  close: () => Promise<void>
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const to = new URL(target)
  const requests: string[] = []
  const clientOpcodes: number[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    requests.push(`UPGRADE ${req.url}`)
    sockets.add(socket)
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length > 0) watchFrames(head)
      upstream.write(head)
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
    sockets.add(upstream)
    let pending = Buffer.alloc(0)
    const watchFrames = (bytes: Buffer) => {
      pending = Buffer.concat([pending, bytes])
      for (;;) {
        const size = frameSize(pending)
        if (size === null || pending.length < size) return
        clientOpcodes.push((pending[0] ?? 0) & 0x0f)
        pending = pending.subarray(size)
      }
    }
    socket.on('data', watchFrames)
    const end = () => {
      socket.destroy()
      upstream.destroy()
    }
    socket.on('error', end)
    upstream.on('error', end)
    socket.on('close', end)
    upstream.on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    clientOpcodes,
    close: async () => {
      for (const s of sockets) s.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Length of the WebSocket frame at the start of `b` (RFC 6455 §5.2), or null while its header is incomplete. */
function frameSize(b: Buffer): number | null {
  if (b.length < 2) return null
  const masked = ((b[1] ?? 0) & 0x80) !== 0
  let len = (b[1] ?? 0) & 0x7f
  let at = 2
  if (len === 126) {
    if (b.length < 4) return null
    len = b.readUInt16BE(2)
    at = 4
  } else if (len === 127) {
    if (b.length < 10) return null
    len = Number(b.readBigUInt64BE(2))
    at = 10
  }
  return at + (masked ? 4 : 0) + len
}
