import net, { type AddressInfo } from "node:net"

export type TcpHop = {
  /** Where clients connect instead of the target: `host:port` as a URL's authority. */
  authority: string
  port: number
  /** Drops every open connection and refuses new ones, as a restart or a network fault would. */
  cut: () => Promise<void>
  /** Accepts connections again on the same port. */
  restore: () => Promise<void>
  /** Holds every chunk this long before passing it on, both ways (0 ends the delay). */
  delay: (ms: number) => void
  close: () => Promise<void>
  /** Connections clients have opened through the hop so far. */
  readonly connections: number
  /** Bytes that have entered the hop so far, from either side: a test reads it to tell whether a path called the service. */
  readonly bytes: number
}

/**
 * A TCP hop of the tests' own between the BFF and a service it depends on (Redis, PostgreSQL, Medusa),
 * which a test cuts, restores or slows down to make that service fail the way it fails in the world.
 */
export async function tcpHop(target: { host: string; port: number }): Promise<TcpHop> {
  const sockets = new Set<net.Socket>()
  let delayMs = 0
  let connections = 0
  let bytes = 0
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => {
      bytes += chunk.length
      if (delayMs === 0) return void to.write(chunk)
      from.pause()
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk)
        from.resume()
      }, delayMs)
    })
    from.on("end", () => to.end())
  }
  const server = net.createServer((client) => {
    connections++
    const upstream = net.connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on("close", () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
      socket.on("error", () => socket.destroy())
    }
    forward(client, upstream)
    forward(upstream, client)
  })
  const listen = (port = 0) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port))
    })
  const port = await listen()
  const close = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
  return {
    authority: `127.0.0.1:${port}`,
    port,
    cut: async () => {
      const closed = close()
      for (const socket of sockets) socket.destroy()
      await closed
    },
    restore: async () => void (await listen(port)),
    delay: (ms) => void (delayMs = ms),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await close()
    },
    get connections() {
      return connections
    },
    get bytes() {
      return bytes
    },
  }
}

/** A URL with its host and port replaced by the hop's (the scheme, credentials, path and query kept). */
export function throughHop(url: string, hop: TcpHop): string {
  const through = new URL(url)
  through.host = hop.authority
  return through.toString()
}

/** The host and port a service URL names (with the scheme's default port). */
export function targetOf(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url)
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) }
}
