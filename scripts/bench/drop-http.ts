import http from "node:http"

/** One request's answer and when it was asked (performance.now(), ms). Status 0: no answer (timed out or the connection failed). */
export type Answer = { status: number; body: unknown; startedAt: number; ms: number }

export const NO_ANSWER = 0
/** Long past the 30 s the drop's targets allow, so a slow answer is measured rather than cut off. */
const GIVE_UP_MS = 120_000

export type Client = {
  send(method: "GET" | "POST", path: string, options?: { json?: unknown; headers?: Record<string, string> }): Promise<Answer>
  close(): void
}

function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return text
  }
}

/**
 * A client with one keep-alive connection of its own, as one shopper's browser has: requests from
 * different clients never wait for each other's sockets, and a client's requests go one at a time.
 */
export function keepAliveClient(origin: string, headers: Record<string, string> = {}): Client {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const base = new URL(origin)

  function send(method: "GET" | "POST", path: string, options: { json?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json)
    const startedAt = performance.now()
    const answer = (status: number, text: string): Answer => ({ status, body: parsed(text), startedAt, ms: performance.now() - startedAt })
    return new Promise((resolve) => {
      const request = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path,
          timeout: GIVE_UP_MS,
          headers: { accept: "application/json", ...headers, ...options.headers, ...(body ? { "content-type": "application/json" } : {}) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => resolve(answer(response.statusCode ?? NO_ANSWER, Buffer.concat(chunks).toString("utf8"))))
          response.on("error", (error) => resolve(answer(NO_ANSWER, error.message)))
        },
      )
      request.on("timeout", () => request.destroy(new Error(`no answer in ${GIVE_UP_MS / 1000} s`)))
      request.on("error", (error) => resolve(answer(NO_ANSWER, error.message)))
      request.end(body)
    })
  }

  return { send, close: () => agent.destroy() }
}

/** The `message` of an answer's JSON body (the BFF's and Medusa's errors both carry one), or "". */
export function messageOf(answer: Answer): string {
  const message = (answer.body as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : ""
}
