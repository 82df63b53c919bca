import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"

/** One span as OTLP/HTTP's JSON encoding sends it (ids in hex). */
export type ExportedSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }

type OtlpTraces = {
  resourceSpans?: { resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }; scopeSpans?: { spans?: ExportedSpan[] }[] }[]
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

/**
 * An OpenTelemetry collector's OTLP/HTTP endpoint on a free loopback port, for tests: it keeps every span sent to
 * /v1/traces (JSON, as the OTLP HTTP exporter sends it) with the name of the service that sent it.
 */
export async function startOtlpCollector(): Promise<{ endpoint: string; spans: (ExportedSpan & { service: string })[]; close: () => void }> {
  const spans: (ExportedSpan & { service: string })[] = []
  const server = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      const sent = JSON.parse(text || "{}") as OtlpTraces
      for (const resource of sent.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((attribute) => attribute.key === "service.name")?.value.stringValue ?? ""
        for (const scope of resource.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service })
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => server.close() }
}
