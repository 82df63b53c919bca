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

/** One export request: which service sent it and how many spans it carried. */
export type SpanBatch = { service: string; spans: number }

/**
 * An OpenTelemetry collector's OTLP/HTTP endpoint on a free loopback port, for tests: it keeps every span sent to
 * /v1/traces (JSON, as the OTLP HTTP exporter sends it) with the name of the service that sent it, and each
 * export request's size.
 */
export async function startOtlpCollector(): Promise<{
  endpoint: string
  spans: (ExportedSpan & { service: string })[]
  batches: SpanBatch[]
  close: () => void
}> {
  const spans: (ExportedSpan & { service: string })[] = []
  const batches: SpanBatch[] = []
  const server = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      const sent = JSON.parse(text || "{}") as OtlpTraces
      for (const resource of sent.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((attribute) => attribute.key === "service.name")?.value.stringValue ?? ""
        const batch = (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? [])
        for (const span of batch) spans.push({ ...span, service })
        batches.push({ service, spans: batch.length })
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, batches, close: () => server.close() }
}
