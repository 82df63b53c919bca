import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startOtlpCollector } from "../../../scripts/lib/otlp-collector.js"
import type { Db } from "./db.js"
import { createCommerce } from "./medusa.js"
import { onwardHeaders, withRequestContext } from "./request-context.js"
import { inServerSpan, startTracing } from "./tracing.js"

const medusaCalls: IncomingHttpHeaders[] = []
let collector: Awaited<ReturnType<typeof startOtlpCollector>>
/** A stand-in Medusa that keeps the headers of each call. */
let medusa: Server
let medusaUrl: string
let stopTracing: () => Promise<void>

beforeAll(async () => {
  collector = await startOtlpCollector()
  medusa = createServer((req, res) => {
    medusaCalls.push(req.headers)
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
  })
  await new Promise<void>((resolve) => medusa.listen(0, "127.0.0.1", resolve))
  medusaUrl = `http://127.0.0.1:${(medusa.address() as AddressInfo).port}`
  stopTracing = startTracing({ endpoint: collector.endpoint, serviceName: "bff-under-test" })
})

afterAll(async () => {
  await stopTracing?.()
  collector?.close()
  medusa?.close()
})

describe("tracing", () => {
  it("continues the proxy's trace and carries it, with the request id, on to Medusa, whose spans join it", async () => {
    const commerce = createCommerce({ baseUrl: medusaUrl, internalSecret: "secret", db: {} as Db })
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
    const proxySpan = "00f067aa0ba902b7"
    const headers = { traceparent: `00-${traceId}-${proxySpan}-01` }
    await inServerSpan(headers, true, "POST", async (finish) => {
      await withRequestContext({} as IncomingMessage, { requestId: "req-traced-0001" }, () => commerce.internal("/internal/anything"))
      finish("/api/checkout", 201)
    })
    // From anyone but the trusted proxy, the trace context is not taken: the request starts a trace of its own.
    const untrusted = inServerSpan(headers, false, "GET", () => onwardHeaders())
    expect(untrusted.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    expect(untrusted.traceparent).not.toContain(traceId)
    await stopTracing()

    const [sent] = medusaCalls
    expect(sent?.["x-request-id"]).toBe("req-traced-0001")
    const [, sentTrace, parentOfMedusa] = (sent?.traceparent as string).split("-")
    expect(sentTrace).toBe(traceId)
    const server = collector.spans.find((span) => span.name === "POST /api/checkout")
    const client = collector.spans.find((span) => span.name === "medusa internal")
    expect(server).toMatchObject({ traceId, parentSpanId: proxySpan })
    // Medusa's own server span is a child of the BFF's client span, in the same trace.
    expect(client).toMatchObject({ traceId, parentSpanId: server!.spanId, spanId: parentOfMedusa })
  })
})
